import type { CreateTask, FieldValue, SetFieldValues } from '@shipyard/shared';
import { type UseFormReturn, useFormState, useWatch } from 'react-hook-form';
import { type ParentTask, useAppExtensions } from '../../../components/app-extensions.tsx';
import type { TaskFormValues } from './task-form-dialog.tsx';

// What the create dialog gets from other features (issue 29), through the app's extensions: the
// product's custom fields and the "Sub-task of …" chip. Their values are the form's (`fields`,
// `parentId`), so the server's refusal of one lands on it like any field's.

type Form = UseFormReturn<TaskFormValues, unknown, CreateTask>;

/** The values a create sends: those set (a cleared one is no value), or none at all. */
export function fieldsToSend(fields: SetFieldValues | undefined): SetFieldValues | undefined {
  const set = Object.entries(fields ?? {}).filter(([, value]) => value !== null);
  return set.length > 0 ? Object.fromEntries(set) : undefined;
}

/** The form's fields the server may refuse on a create besides the dialog's own: the parent, each value sent. */
export const createErrorFields = (values: TaskFormValues) => [
  'parentId' as const,
  ...Object.keys(values.fields).map((id) => `fields.${id}` as const),
];

/** A product chosen in the dialog: the other product's field values and parent do not apply. */
export function forgetProductExtras(form: Form) {
  form.setValue('fields', {});
  form.setValue('parentId', '');
}

/** The chosen product's custom fields, set before the task exists. */
export function NewTaskFields({ form, productId }: { form: Form; productId: string }) {
  const { taskCreateFields } = useAppExtensions();
  const values = useWatch({ control: form.control, name: 'fields' });
  const { errors } = useFormState({ control: form.control, name: 'fields' });
  if (!taskCreateFields || !productId) return null;
  const refused = (errors.fields ?? {}) as Record<string, { message?: string } | undefined>;
  const messages = Object.fromEntries(Object.entries(refused).map(([id, error]) => [id, error?.message]));
  const onChange = (fieldId: string, value: FieldValue | null) => {
    form.clearErrors(`fields.${fieldId}`);
    form.setValue('fields', { ...form.getValues('fields'), [fieldId]: value }, { shouldDirty: true });
  };
  return taskCreateFields({ productId, values, onChange, errors: messages });
}

/** The "Sub-task of …" chip: a task of the same product, or none. */
export function NewTaskParent({
  form,
  productId,
  parent,
  onParent,
}: {
  form: Form;
  productId: string;
  parent: ParentTask | null;
  onParent: (parent: ParentTask | null) => void;
}) {
  const { parentPicker } = useAppExtensions();
  const { errors } = useFormState({ control: form.control, name: 'parentId' });
  if (!parentPicker || !productId) return null;
  return parentPicker({
    productId,
    value: parent,
    error: errors.parentId?.message,
    onChange: (next) => {
      form.clearErrors('parentId');
      form.setValue('parentId', next?.id ?? '', { shouldDirty: true });
      onParent(next);
    },
  });
}

/** The options, plus the current choice when it is no longer among them. */
export function withCurrent<T extends { id: string; name: string }>(
  list: readonly T[],
  current: { id: string; name: string } | null,
): Array<{ id: string; name: string }> {
  if (!current || list.some((item) => item.id === current.id)) return [...list];
  return [...list, { id: current.id, name: current.name }];
}
