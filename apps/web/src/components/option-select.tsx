import type { ReactNode } from 'react';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  type SelectTriggerProps,
  SelectValue,
} from './ui/select.tsx';

export type SelectOption = { value: string; label: string; icon?: ReactNode };

/** Radix Select cannot hold '' as an item's value: the "all" option stands for ''. */
const ALL = '__all__';

type OptionSelectProps = Omit<SelectTriggerProps, 'value' | 'defaultValue' | 'onChange' | 'children'> & {
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  /** When given, a first option with this label that stands for '' ('All Products'). */
  allLabel?: string;
};

/**
 * A select of options outside a form (filters, a report's period, a product's stage); the trigger
 * takes the rest of the props (its label, id, width). A filter gives `allLabel`: its 'All …' option
 * turns the filter off (spec §5). In a form, use SelectField.
 */
export function OptionSelect({
  value,
  onValueChange,
  options,
  allLabel,
  disabled,
  ...trigger
}: OptionSelectProps) {
  return (
    <Select
      value={allLabel !== undefined && value === '' ? ALL : value}
      disabled={disabled}
      onValueChange={(next) => onValueChange(next === ALL ? '' : next)}
    >
      <SelectTrigger {...trigger}>
        <SelectValue />
      </SelectTrigger>
      <SelectOptions
        options={allLabel === undefined ? options : [{ value: ALL, label: allLabel }, ...options]}
      />
    </Select>
  );
}

/** The open list of a select: an item for each option, its icon before its label. */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return (
    <SelectContent>
      {options.map((option) => (
        <SelectItem key={option.value} value={option.value}>
          {option.icon}
          {option.label}
        </SelectItem>
      ))}
    </SelectContent>
  );
}
