import type { ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { type SelectOption, SelectOptions } from './option-select.tsx';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from './ui/form.tsx';
import { Select, SelectTrigger, SelectValue } from './ui/select.tsx';

export type SelectFieldOption = SelectOption;

/** Radix Select cannot hold '' as an item's value: the none option stands for the form's ''. */
const NONE = '__none__';

type SelectFieldProps<TFieldValues extends FieldValues, TTransformedValues> = {
  control: Control<TFieldValues, unknown, TTransformedValues>;
  name: FieldPath<TFieldValues>;
  label: string;
  placeholder: string;
  options: readonly SelectFieldOption[];
  /** When given, a first option with this label that sets the field to '' (no team, no product…). */
  noneLabel?: string;
  /** While disabled the placeholder says why ('Loading...'), whatever the value. */
  disabled?: boolean;
  /** Shows the value but cannot be changed (a choice the viewer may not make). */
  readOnly?: boolean;
  /** A hint under the select (read as its description), above the validation message. */
  description?: ReactNode;
  /** Called with the chosen value ('' for the none option) after the field changed. */
  onChosen?: (value: string) => void;
};

/** A labelled select bound to a react-hook-form field, with its validation message below. */
export function SelectField<TFieldValues extends FieldValues, TTransformedValues = TFieldValues>({
  control,
  name,
  label,
  placeholder,
  options,
  noneLabel,
  disabled,
  readOnly,
  description,
  onChosen,
}: SelectFieldProps<TFieldValues, TTransformedValues>) {
  const choices = noneLabel === undefined ? options : [{ value: NONE, label: noneLabel }, ...options];
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        const current = typeof field.value === 'string' ? field.value : '';
        return (
          <FormItem>
            <FormLabel>{label}</FormLabel>
            <Select
              name={field.name}
              value={disabled ? '' : current || (noneLabel === undefined ? '' : NONE)}
              disabled={disabled || readOnly}
              onValueChange={(value) => {
                const next = value === NONE ? '' : value;
                field.onChange(next);
                onChosen?.(next);
              }}
            >
              <FormControl>
                <SelectTrigger ref={field.ref} onBlur={field.onBlur} className="w-full min-w-0">
                  <SelectValue placeholder={placeholder} />
                </SelectTrigger>
              </FormControl>
              <SelectOptions options={choices} />
            </Select>
            {description ? <FormDescription>{description}</FormDescription> : null}
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}
