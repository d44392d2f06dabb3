import {
  checkFieldValue,
  type Field,
  type FieldValue,
  fieldValueMessages,
  type ImportRowError,
  type TaskFieldValues,
} from '@shipyard/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customFields } from '../../db/schema/index.ts';

// Custom field columns of a CSV import (issue 29, decision 037): a column whose header is a field's
// name (ignoring case; or the name with the product's key, as an export names a field two products
// share: "Severity (APO)") fills that field, unless the mapping gives the column to a task field.
// Each value is checked by the field's own rules (`checkFieldValue`), a person named by e-mail or
// name as the assignee is, a multi select's options separated by ";" (as exported) or ",".

export type ImportField = Pick<Field, 'id' | 'name' | 'type' | 'options'>;

/** The product's fields in their order. */
export async function productFields(tx: Db, productId: string): Promise<ImportField[]> {
  return tx
    .select({
      id: customFields.id,
      name: customFields.name,
      type: customFields.type,
      options: customFields.options,
    })
    .from(customFields)
    .where(eq(customFields.productId, productId))
    .orderBy(asc(customFields.position), asc(customFields.id));
}

const norm = (s: string) => s.trim().toLowerCase();

/** Which columns fill which fields: the first column named like each field, not in `taken`. */
export function fieldColumns(
  headers: readonly string[],
  fields: readonly ImportField[],
  productKey: string,
  taken: ReadonlySet<number> = new Set(),
): Array<{ column: number; field: ImportField }> {
  const found: Array<{ column: number; field: ImportField }> = [];
  for (const field of fields) {
    const names = [norm(field.name), norm(`${field.name} (${productKey})`)];
    const column = headers.findIndex(
      (h, i) => names.includes(norm(h)) && !taken.has(i) && !found.some((f) => f.column === i),
    );
    if (column >= 0) found.push({ column, field });
  }
  return found;
}

type Person = { id: string; name: string; email: string };

/** A cell as the value `checkFieldValue` reads: a person's id, a box's yes or no, a list of options. */
function cellValue(field: ImportField, text: string, people: readonly Person[]): unknown {
  switch (field.type) {
    case 'person': {
      const byEmail = people.find((p) => norm(p.email) === norm(text));
      const byName = people.filter((p) => norm(p.name) === norm(text));
      return byEmail?.id ?? (byName.length === 1 ? byName[0]?.id : undefined) ?? 'not-a-person';
    }
    case 'checkbox':
      return /^(yes|y|x|1|true|checked)$/i.test(text) ? true : /^(no|n|0|false)$/i.test(text) ? false : text;
    case 'multi_select':
      return text
        .split(/[;,]/)
        .map((s) => s.trim())
        .filter(Boolean);
    default:
      return text;
  }
}

/**
 * A row's field cells checked: the values to store, and each refusal (the field's own message)
 * under the field's name. An empty cell is no value.
 */
export function checkFieldCells(
  row: number,
  cells: Readonly<Record<string, string>> | undefined,
  fields: readonly ImportField[],
  people: readonly Person[],
): { values: TaskFieldValues; errors: ImportRowError[] } {
  const values: Record<string, FieldValue> = {};
  const errors: ImportRowError[] = [];
  for (const field of fields) {
    const text = cells?.[field.id]?.trim();
    if (!text) continue;
    const checked = checkFieldValue(field, cellValue(field, text, people));
    if (!checked.ok) {
      // Someone the product does not have is refused as the API refuses them.
      const message = field.type === 'person' ? fieldValueMessages.person(field.name) : checked.error;
      errors.push({ row, field: field.name, message });
    } else if (checked.value !== null) values[field.id] = checked.value;
  }
  return { values, errors };
}
