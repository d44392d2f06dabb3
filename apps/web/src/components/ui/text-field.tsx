import type { ComponentProps, ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from './form.tsx';
import { Input } from './input.tsx';
import { Textarea } from './textarea.tsx';

type FieldProps<TFieldValues extends FieldValues, TTransformedValues> = {
  control: Control<TFieldValues, unknown, TTransformedValues>;
  name: FieldPath<TFieldValues>;
  label: string;
  /** A hint under the input (read as its description), above the validation message. */
  description?: ReactNode;
};

type Unbound = 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur';

type TextFieldProps<TFieldValues extends FieldValues, TTransformedValues> = Omit<
  ComponentProps<typeof Input>,
  Unbound
> &
  FieldProps<TFieldValues, TTransformedValues>;

/** A labelled text input bound to a react-hook-form field, with its validation message below. */
export function TextField<TFieldValues extends FieldValues, TTransformedValues = TFieldValues>({
  control,
  name,
  label,
  description,
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
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

type TextareaFieldProps<TFieldValues extends FieldValues, TTransformedValues> = Omit<
  ComponentProps<typeof Textarea>,
  Unbound
> &
  FieldProps<TFieldValues, TTransformedValues> & {
    /** Shows 'length/counter' beside the message, in red past it (the field's own cap). */
    counter?: number;
  };

/** TextField's multi-line sibling: a labelled textarea bound to a react-hook-form field. */
export function TextareaField<TFieldValues extends FieldValues, TTransformedValues = TFieldValues>({
  control,
  name,
  label,
  description,
  counter,
  ...textarea
}: TextareaFieldProps<TFieldValues, TTransformedValues>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        const length = typeof field.value === 'string' ? field.value.length : 0;
        return (
          <FormItem>
            <FormLabel>{label}</FormLabel>
            <FormControl>
              <Textarea {...field} {...textarea} value={field.value ?? ''} />
            </FormControl>
            {description ? <FormDescription>{description}</FormDescription> : null}
            {counter === undefined ? (
              <FormMessage />
            ) : (
              <div className="flex items-start justify-between gap-3">
                <FormMessage />
                <span
                  aria-hidden="true"
                  className="ms-auto shrink-0 text-muted-foreground text-xs tabular-nums data-[over=true]:text-destructive"
                  data-over={length > counter}
                >
                  {length}/{counter}
                </span>
              </div>
            )}
          </FormItem>
        );
      }}
    />
  );
}
