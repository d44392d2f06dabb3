import type { ReactNode } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { type ServerFormOptions, useServerForm } from '../hooks/use-server-form.ts';
import { t } from '../lib/i18n/index.ts';
import { FormDialog, FormDialogForm } from './form-dialog.tsx';
import { TextField } from './ui/text-field.tsx';

type NameDialogProps<S, Values extends { name: string }, Body, Result> = Omit<
  ServerFormOptions<Values, Body, Result>,
  'defaultValues' | 'submit' | 'onSuccess'
> & {
  /** The form's first values, from what the dialog is about. */
  defaultValues: (subject: S) => Values;
  submit: (body: Body, subject: S) => Promise<Result>;
  /** After a save, once the dialog has closed (the success toast, a navigation). */
  onSaved: (result: Result) => void;
  title: ReactNode;
  description: ReactNode;
  submitLabel: ReactNode;
  /** The save is in flight (the mutation's state): the dialog stays open, its buttons wait. */
  pending: boolean;
  nameLabel?: string;
  namePlaceholder?: string;
  nameMaxLength: number;
  /** The fields after the name. */
  children?: (form: UseFormReturn<Values, unknown, Body>, subject: S) => ReactNode;
  /** What is being named (a task, a product, a view, `true` for something new); open while set. */
  subject: S | null | undefined | false;
  onClose: () => void;
  className?: string;
};

/**
 * A dialog that names something, with whatever else it asks after the name: a save-as-template,
 * a new team, a saved view or its rename. The shared schema checks it, the server's field errors
 * land on the fields, a save in flight keeps it open, Enter submits, Escape and Cancel close it,
 * and focus goes back to what opened it (FormDialog). Every opening starts afresh.
 */
export function NameDialog<S, Values extends { name: string }, Body, Result>({
  subject,
  onClose,
  className = 'sm:max-w-md',
  ...form
}: NameDialogProps<S, Values, Body, Result>) {
  const open = subject !== null && subject !== undefined && subject !== false;
  return (
    <FormDialog open={open} onOpenChange={(next) => !next && onClose()} className={className}>
      {open ? <NameForm subject={subject} onClose={onClose} {...form} /> : null}
    </FormDialog>
  );
}

function NameForm<S, Values extends { name: string }, Body, Result>({
  subject,
  onClose,
  defaultValues,
  submit,
  onSaved,
  title,
  description,
  submitLabel,
  pending,
  nameLabel = t('Name'),
  namePlaceholder,
  nameMaxLength,
  children,
  ...options
}: Omit<NameDialogProps<S, Values, Body, Result>, 'subject' | 'className'> & { subject: S }) {
  const { form, onSubmit } = useServerForm<Values, Body, Result>({
    ...options,
    defaultValues: defaultValues(subject) as ServerFormOptions<Values, Body, Result>['defaultValues'],
    submit: (body) => submit(body, subject),
    onSuccess: (result) => {
      onClose();
      onSaved(result);
    },
  });
  return (
    <FormDialogForm
      form={form}
      onSubmit={onSubmit}
      title={title}
      description={description}
      pending={pending}
      submitLabel={submitLabel}
    >
      <TextField
        control={form.control}
        name={'name' as FieldPath<Values>}
        label={nameLabel}
        placeholder={namePlaceholder}
        autoComplete="off"
        maxLength={nameMaxLength}
      />
      {children?.(form, subject)}
    </FormDialogForm>
  );
}
