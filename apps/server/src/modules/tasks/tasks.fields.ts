import type { SetFieldValues, TaskFieldValues } from '@shipyard/shared';
import type { Db } from '../../db/client.ts';

/**
 * A task's custom field values after `input` (issue 29), checked against its product's fields
 * (a 400 with the field's own message otherwise). The fields module provides it at boot
 * (`app.tasks.checkFieldValues`); creates and edits that carry `fields` call it in their
 * transaction, and a move to another product calls it to drop the old product's values.
 */
export type FieldValueCheck = (
  tx: Db,
  productId: string,
  input: SetFieldValues,
  current: TaskFieldValues,
) => Promise<TaskFieldValues>;

/** The slot the fields module fills; a check before it did is a wiring error, not a user's. */
export function createFieldValueSlot() {
  let provided: FieldValueCheck | undefined;
  const check: FieldValueCheck = (...args) => {
    if (!provided) throw new Error('tasks: no module checks custom field values');
    return provided(...args);
  };
  return {
    check,
    provide: (checker: FieldValueCheck) => {
      provided = checker;
    },
    provided: () => provided !== undefined,
  };
}

/**
 * An edit's custom field values (the values sent, checked; a move keeps only the new product's),
 * added to the edit's patch, diff and list of changes when they changed.
 */
export async function editFieldValues(
  edit: {
    patch: Record<string, unknown>;
    diff: Record<string, { from: unknown; to: unknown }>;
    changed: string[];
  },
  check: FieldValueCheck,
  tx: Db,
  { productId, moved }: { productId: string; moved: boolean },
  input: SetFieldValues | undefined,
  current: TaskFieldValues,
): Promise<void> {
  if (input === undefined && !moved) return;
  const values = await check(tx, productId, input ?? {}, current);
  if (JSON.stringify(values) === JSON.stringify(current)) return;
  edit.patch.fields = values;
  edit.diff.fields = { from: current, to: values };
  edit.changed.push('fields');
}
