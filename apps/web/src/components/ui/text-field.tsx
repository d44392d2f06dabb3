import type { ComponentProps } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from './form.tsx';
import { Input } from './input.tsx';

type TextFieldProps<TFieldValues extends FieldValues, TTransformedValues> = Omit<
  ComponentProps<typeof Input>,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'
> & {
  control: Control<TFieldValues, unknown, TTransformedValues>;
  name: FieldPath<TFieldValues>;
  label: string;
};

/** A labelled text input bound to a react-hook-form field, with its validation message below. */
export function TextField<TFieldValues extends FieldValues, TTransformedValues = TFieldValues>({
  control,
  name,
  label,
  ...input
}: TextFieldProps<TFieldValues, TTransformedValues>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input {...input} {...field} value={field.value ?? ''} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
