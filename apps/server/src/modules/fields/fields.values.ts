import {
  checkFieldValue,
  fieldMessages,
  fieldValueMessages,
  type SetFieldValues,
  type TaskFieldValues,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import { BadRequest } from '../../lib/errors.ts';
import type { FieldsRepository } from './fields.repository.ts';

/**
 * A task's values after `input` (some fields' values; null clears one), checked against the
 * product's fields: each value by its field's type and caps, a person among those who see the
 * product. The first refusal is a 400 with the field's own message (`Severity must be one of …`),
 * under `fields.<id>` in the details, and nothing is written.
 */
export function createFieldValueChecker(fields: Pick<FieldsRepository, 'ofProduct' | 'peopleWhoSee'>) {
  return async function check(
    tx: Db,
    productId: string,
    input: SetFieldValues,
    current: TaskFieldValues,
  ): Promise<TaskFieldValues> {
    const entries = Object.entries(input);
    // Values of fields the product no longer has (a moved task) are not kept.
    const defined = await fields.ofProduct(productId, tx);
    const byId = new Map(defined.map((f) => [f.id, f]));
    const next: TaskFieldValues = Object.fromEntries(Object.entries(current).filter(([id]) => byId.has(id)));
    const refuse = (key: string, message: string) =>
      BadRequest(message, 'VALIDATION_ERROR', { fields: { [`fields.${key}`]: [message] } });
    const people: Array<{ id: string; value: string; name: string }> = [];
    for (const [id, raw] of entries) {
      const field = byId.get(id);
      if (!field) throw refuse(id, fieldMessages.notOfProduct);
      const checked = checkFieldValue(field, raw);
      if (!checked.ok) throw refuse(id, checked.error);
      if (checked.value === null) delete next[id];
      else next[id] = checked.value;
      if (field.type === 'person' && typeof checked.value === 'string') {
        people.push({ id, value: checked.value, name: field.name });
      }
    }
    if (people.length > 0) {
      const seeing = await fields.peopleWhoSee(
        productId,
        people.map((p) => p.value),
        tx,
      );
      const stranger = people.find((p) => !seeing.has(p.value));
      if (stranger) throw refuse(stranger.id, fieldValueMessages.person(stranger.name));
    }
    return next;
  };
}

export type FieldValueChecker = ReturnType<typeof createFieldValueChecker>;
