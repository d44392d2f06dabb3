import type { ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from './form.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select.tsx';

export type SelectFieldOption = { value: string; label: string; icon?: ReactNode };

type SelectFieldProps<TFieldValues extends FieldValues, TTransformedValues> = {
  control: Control<TFieldValues, unknown, TTransformedValues>;
  name: FieldPath<TFieldValues>;
  label: string;
  placeholder: string;
  options: readonly SelectFieldOption[];
};

/** A labelled select bound to a react-hook-form field, with its validation message below. */
export function SelectField<TFieldValues extends FieldValues, TTransformedValues = TFieldValues>({
  control,
  name,
  label,
  placeholder,
  options,
}: SelectFieldProps<TFieldValues, TTransformedValues>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <Select
            name={field.name}
            value={typeof field.value === 'string' ? field.value : ''}
            onValueChange={field.onChange}
          >
            <FormControl>
              <SelectTrigger ref={field.ref} onBlur={field.onBlur} className="w-full">
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.icon}
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
