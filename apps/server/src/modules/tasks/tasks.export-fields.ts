import { type FieldValue, fieldValueText } from '@shipyard/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CustomFieldRow, customFields, products, users } from '../../db/schema/index.ts';
import type { TaskWithNames } from './tasks.mapper.ts';

// The custom field columns of a task export (issue 29, decision 037): one per field of the exported
// tasks' products, named like the field (with its product's key when two products' fields share a
// name, or a field is named like a built-in column), people by name, multi selects joined by "; ".

/** The export's built-in columns, which a field's header must not repeat (an import reads them). */
const BUILT_IN_HEADERS = new Set([
  'id',
  'key',
  'title',
  'description',
  'status',
  'priority',
  'phase',
  'product',
  'team',
  'assignee',
  'due_date',
  'labels',
  'checklist_done',
  'checklist_total',
  'completed_at',
  'created_at',
  'parent',
  'blocks',
  'blocked_by',
  'relates_to',
  'duplicate_of',
]);

export type ExportField = { field: CustomFieldRow; header: string };

/** The fields of these products, by product name then position, each with its column's header. */
export async function exportFields(db: Db, productIds: readonly string[]): Promise<ExportField[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .select({ field: customFields, productKey: products.key, productName: products.name })
    .from(customFields)
    .innerJoin(products, eq(products.id, customFields.productId))
    .where(inArray(customFields.productId, [...new Set(productIds)]))
    .orderBy(asc(products.name), asc(products.id), asc(customFields.position), asc(customFields.id));
  const named = new Map<string, number>();
  for (const { field } of rows)
    named.set(field.name.toLowerCase(), (named.get(field.name.toLowerCase()) ?? 0) + 1);
  return rows.map(({ field, productKey, productName }) => {
    const lower = field.name.toLowerCase();
    const shared = (named.get(lower) ?? 0) > 1 || BUILT_IN_HEADERS.has(lower);
    return { field, header: shared ? `${field.name} (${productKey || productName})` : field.name };
  });
}

/** The names (or e-mail addresses) of the people the page's person fields name. */
export async function peopleNamed(
  db: Db,
  fields: readonly ExportField[],
  rows: readonly TaskWithNames[],
): Promise<ReadonlyMap<string, string>> {
  const personFields = fields.filter(({ field }) => field.type === 'person').map(({ field }) => field.id);
  const ids = new Set<string>();
  for (const row of rows) {
    for (const id of personFields) {
      const value = row.task.fields[id];
      if (typeof value === 'string') ids.add(value);
    }
  }
  if (ids.size === 0) return new Map();
  const people = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(people.map((p) => [p.id, p.name || p.email]));
}

/** A value as its cell: option names, 'Yes', a person's name; a multi select's options joined by "; ". */
export function exportedValue(
  field: CustomFieldRow,
  value: FieldValue | undefined,
  people: ReadonlyMap<string, string>,
): string {
  if (value === undefined) return '';
  if (field.type === 'person') return typeof value === 'string' ? (people.get(value) ?? '') : '';
  if (field.type === 'multi_select' && Array.isArray(value)) {
    return value
      .map((id) => field.options.find((o) => o.id === id)?.name)
      .filter((n) => n !== undefined)
      .join('; ');
  }
  return fieldValueText(field, value);
}
