import { cn } from '../lib/cn.ts';
import { t } from '../lib/i18n/index.ts';
import { Input } from './ui/input.tsx';
import { Label } from './ui/label.tsx';

type DateRangeFieldsProps = {
  /** Prefixes the two inputs' ids (`<id>-from`, `<id>-to`). */
  id: string;
  from: string;
  to: string;
  /** The last day either may take (e.g. today, for time already logged). */
  max?: string | undefined;
  /** One end changed, as typed ('' while cleared or half typed). */
  onChange: (change: { from: string } | { to: string }) => void;
  /** The element that says why the period is refused, while it is. */
  errorId?: string | undefined;
  className?: string;
  /** Each field's column (label over input). */
  fieldClassName?: string;
  inputClassName?: string;
};

/**
 * A period picked as two native date fields, From and To, each bounded by the other (the Reports
 * page's custom period, a product's time report); a period the wrong way round marks both invalid.
 */
export function DateRangeFields({
  id,
  from,
  to,
  max,
  onChange,
  errorId,
  className,
  fieldClassName,
  inputClassName,
}: DateRangeFieldsProps) {
  const invalid = errorId !== undefined;
  const field = (end: 'from' | 'to') => (
    <div className={cn('flex flex-col gap-1.5', fieldClassName)}>
      <Label htmlFor={`${id}-${end}`}>{end === 'from' ? t('From') : t('To')}</Label>
      <Input
        id={`${id}-${end}`}
        type="date"
        value={end === 'from' ? from : to}
        min={end === 'to' ? from || undefined : undefined}
        max={end === 'from' ? to || max : max}
        aria-invalid={invalid || undefined}
        aria-describedby={errorId}
        onChange={(event) =>
          onChange(end === 'from' ? { from: event.target.value } : { to: event.target.value })
        }
        className={inputClassName}
      />
    </div>
  );
  return (
    <div className={className}>
      {field('from')}
      {field('to')}
    </div>
  );
}
