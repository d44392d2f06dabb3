import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select.tsx';

/** The value of a filter's first choice, 'All …': the filter is off (spec §5). */
const ALL = 'all';

type FilterOption = { value: string; label: string; icon?: ReactNode };

/**
 * A filter of a list as a select: 'All …' first (no filter, `undefined`), then its choices. Named
 * for screen readers by `label` ('Filter by status'); as wide as its row below `lg`.
 */
export function FilterSelect({
  label,
  allLabel,
  value,
  options,
  onChange,
  placeholder,
  className,
}: {
  label: string;
  allLabel: string;
  value: string | undefined;
  options: readonly FilterOption[];
  onChange: (value: string | undefined) => void;
  /** The trigger's text for a value not among the choices (an id the choices no longer hold). */
  placeholder?: string;
  className?: string;
}) {
  return (
    <Select value={value ?? ALL} onValueChange={(next) => onChange(next === ALL ? undefined : next)}>
      <SelectTrigger aria-label={label} className={cn('w-full min-w-0', className)}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{allLabel}</SelectItem>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.icon}
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
