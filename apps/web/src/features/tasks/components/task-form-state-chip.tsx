import type { CreateTask } from '@shipyard/shared';
import type { RefObject } from 'react';
import { useEffect } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { t } from '../../../lib/i18n/index.ts';
import { useProductStates } from '../../../lib/product-states.ts';
import { ChipField, statusOptions } from './task-form-chips.tsx';
import type { TaskFormValues } from './task-form-dialog.tsx';

/**
 * The create and edit dialog's status chip (issue 29): one of the product's workflow states — the
 * task's, else the first of its status; another product's state does not apply, and the status
 * follows the state chosen. Before the states are known, the spec's three statuses.
 */
export function TaskStateChip({
  form,
  productId,
  productChanged,
}: {
  form: UseFormReturn<TaskFormValues, unknown, CreateTask>;
  productId: string;
  /** The product was changed in the dialog: picking its first state is then a change to save. */
  productChanged: RefObject<boolean>;
}) {
  const states = useProductStates(productId || undefined).data?.data;
  const stateId = useWatch({ control: form.control, name: 'stateId' });

  useEffect(() => {
    if (!states) return;
    const chosen = states.find((s) => s.id === stateId);
    if (!chosen) {
      const first = states.find((s) => s.category === form.getValues('status'));
      form.setValue('stateId', first?.id ?? '', { shouldDirty: productChanged.current });
    } else if (form.getValues('status') !== chosen.category) {
      form.setValue('status', chosen.category, { shouldDirty: true });
    }
  }, [states, stateId, form, productChanged]);

  if (!states || states.length === 0) {
    return (
      <ChipField
        control={form.control}
        name="status"
        label={t('Status')}
        options={statusOptions}
        placeholder={t('Status')}
      />
    );
  }
  return (
    <ChipField
      control={form.control}
      name="stateId"
      label={t('Status')}
      options={states.map((s) => ({
        value: s.id,
        label: s.name,
        icon: (
          <span
            aria-hidden="true"
            className="size-2.5 shrink-0 rounded-full"
            style={{ backgroundColor: s.color }}
          />
        ),
      }))}
      placeholder={t('Status')}
    />
  );
}
