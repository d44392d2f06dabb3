import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { t } from '../lib/i18n/index.ts';
import type { SelectOption } from './option-select.tsx';
import { PriorityDot, priorityLabel } from './priority-badge.tsx';
import { SelectField } from './select-field.tsx';

/**
 * The Status and Priority selects of a create-or-edit form (a product's, a task's), side by side in
 * the form's grid: the statuses given, and the priorities given, each with its dot ('High' with an
 * orange dot). The form's fields are named `status` and `priority`.
 */
export function StatusPriorityFields<
  TFieldValues extends FieldValues & { status: unknown; priority?: unknown },
  TTransformedValues = TFieldValues,
>({
  control,
  statuses,
  priorities,
}: {
  control: Control<TFieldValues, unknown, TTransformedValues>;
  statuses: readonly SelectOption[];
  priorities: readonly string[];
}) {
  return (
    <>
      <SelectField
        control={control}
        name={'status' as FieldPath<TFieldValues>}
        label={t('Status')}
        placeholder={t('Select status')}
        options={statuses}
      />
      <SelectField
        control={control}
        name={'priority' as FieldPath<TFieldValues>}
        label={t('Priority')}
        placeholder={t('Select priority')}
        options={priorities.map((priority) => ({
          value: priority,
          label: priorityLabel(priority),
          icon: <PriorityDot priority={priority} className="size-2" />,
        }))}
      />
    </>
  );
}
