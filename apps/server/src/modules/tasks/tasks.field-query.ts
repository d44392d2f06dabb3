import {
  checkFieldValue,
  type FieldOption,
  type FieldType,
  parseFieldFilter,
  type TaskFieldFilter,
  type TaskQuery,
  taskQueryMessages,
} from '@shipyard/shared';
import { inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customFields, tasks, users } from '../../db/schema/index.ts';
import { BadRequest } from '../../lib/errors.ts';
import { containsInsensitive } from '../../lib/like.ts';
import type { Grouping } from './tasks.groups.ts';
import type { OrderItem } from './tasks.query.ts';

// Custom fields in the task query (issue 29, docs/decisions/037-custom-fields.md): a filter, a sort
// and a grouping on a field's values in `tasks.fields` (jsonb by field id). Equality is containment
// (`fields @> {"<id>": value}`), which the GIN index tasks_fields_idx serves; "is set" and "is
// empty" are `fields ? '<id>'`.

/** What the query needs of a field: its type (how to compare) and its options (their order). */
type QueryField = {
  id: string;
  productId: string;
  name: string;
  type: FieldType;
  options: FieldOption[];
};
export type QueryFields = Map<string, QueryField>;

/** The field ids a query names (filters, sort, group). */
export function fieldIdsOf(
  query: Pick<Partial<TaskQuery>, 'field' | 'sort' | 'sortField' | 'group' | 'groupField'>,
) {
  const ids = new Set<string>();
  for (const text of query.field ?? []) {
    const filter = parseFieldFilter(text);
    if (filter) ids.add(filter.fieldId);
  }
  if (query.sort === 'field' && query.sortField) ids.add(query.sortField.toLowerCase());
  if (query.group === 'field' && query.groupField) ids.add(query.groupField.toLowerCase());
  return [...ids];
}

/** The definitions of the fields a query names (one indexed read; none when it names none). */
export async function readQueryFields(db: Db, ids: string[]): Promise<QueryFields> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: customFields.id,
      productId: customFields.productId,
      name: customFields.name,
      type: customFields.type,
      options: customFields.options,
    })
    .from(customFields)
    .where(inArray(customFields.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

const jsonOf = (id: string) => sql`(${tasks.fields} -> ${id}::text)`;
const textOf = (id: string) => sql`(${tasks.fields} ->> ${id}::text)`;
const hasValue = (id: string) => sql`(${tasks.fields} ? ${id}::text)`;
const contains = (id: string, value: unknown) =>
  sql`(${tasks.fields} @> ${JSON.stringify({ [id]: value })}::jsonb)`;

const refuse = (message: string) => BadRequest(message, 'VALIDATION_ERROR', { fields: { field: [message] } });

/** One filter's condition; a field that no longer exists filters nothing. */
function fieldCondition(filter: TaskFieldFilter, field: QueryField | undefined, me: string): SQL | undefined {
  if (!field) return undefined;
  const { id } = field;
  if (filter.op === 'empty') return sql`not ${hasValue(id)}`;
  if (filter.op === 'set') return hasValue(id);
  /** The value checked as the field would store it, or 400 with the field's own message. */
  const checked = (raw: unknown) => {
    const result = checkFieldValue(field, raw);
    if (!result.ok) throw refuse(result.error);
    return result.value;
  };
  switch (filter.op) {
    case 'has':
      if (field.type !== 'text' && field.type !== 'url') throw refuse(taskQueryMessages.field);
      return and2(hasValue(id), containsInsensitive(textOf(id), filter.value));
    case 'gte':
    case 'lte': {
      const cmp = sql.raw(filter.op === 'gte' ? '>=' : '<=');
      if (field.type === 'number') {
        const n = checked(filter.value);
        return sql`(case when jsonb_typeof(${jsonOf(id)}) = 'number' then (${textOf(id)})::numeric end) ${cmp} ${n}::numeric`;
      }
      if (field.type === 'date') return sql`${textOf(id)} ${cmp} ${checked(filter.value)}::text`;
      throw refuse(taskQueryMessages.field);
    }
    default: {
      // is: one value, or several (options, people) ORed.
      if (field.type === 'checkbox') {
        return filter.value.toLowerCase() === 'true' ? contains(id, true) : sql`not ${hasValue(id)}`;
      }
      const values =
        field.type === 'select' || field.type === 'multi_select' || field.type === 'person'
          ? filter.value.split(',').map((v) => v.trim())
          : [filter.value];
      // A multi select's stored array contains the one option: `{"<id>": ["<option>"]}`.
      return or(
        ...values.map((raw) =>
          contains(id, checked(field.type === 'person' && raw.toLowerCase() === 'me' ? me : raw)),
        ),
      );
    }
  }
}

const and2 = (a: SQL, b: SQL) => sql`(${a} and ${b})`;

/**
 * Every custom field filter of the query, ANDed. A field is one product's, so each filter keeps
 * that product's tasks (`product_id = …`, a product index: even "is empty" and a range read no
 * other product's tasks).
 */
export function fieldConditions(query: Pick<TaskQuery, 'field'>, fields: QueryFields, me: string): SQL[] {
  return (query.field ?? []).flatMap((text) => {
    const filter = parseFieldFilter(text);
    const field = filter && fields.get(filter.fieldId);
    const condition = field && fieldCondition(filter, field, me);
    return field && condition ? [sql`${tasks.productId} = ${field.productId}::uuid`, condition] : [];
  });
}

/** A select's options in their order: the option's position (none, or gone: after every option). */
const optionRank = (value: SQL, options: FieldOption[]) =>
  options.length === 0
    ? sql`0`
    : sql`(case ${value} ${sql.join(
        options.map((o, i) => sql`when ${o.id} then ${sql.raw(String(i))}`),
        sql` `,
      )} else ${sql.raw(String(options.length))} end)`;

/** The option a select groups and sorts by: a multi select's first. */
const optionOfTask = (field: QueryField) =>
  field.type === 'select' ? textOf(field.id) : sql`(${jsonOf(field.id)} ->> 0)`;

/**
 * The ORDER BY items of a sort by a field: tasks without a value last both ways, then the value by
 * its type (numbers as numbers, dates and text as text, selects in their options' order, a person
 * by id, a box ticked first). Undefined when the query names no such field (a deleted one).
 */
export function fieldSortItems(
  query: Pick<TaskQuery, 'sortField'>,
  fields: QueryFields,
  dir: 'asc' | 'desc',
): OrderItem[] | undefined {
  if (!query.sortField) throw refuse(taskQueryMessages.sortField);
  const field = fields.get(query.sortField.toLowerCase());
  if (!field) return undefined;
  const { id } = field;
  const missingLast: OrderItem = { expr: sql`(not ${hasValue(id)})`, dir: 'asc', type: 'boolean' };
  switch (field.type) {
    case 'number':
      return [
        missingLast,
        {
          expr: sql`coalesce(case when jsonb_typeof(${jsonOf(id)}) = 'number' then (${textOf(id)})::numeric end, 0)`,
          dir,
          type: 'numeric',
        },
      ];
    case 'select':
    case 'multi_select':
      return [missingLast, { expr: optionRank(optionOfTask(field), field.options), dir, type: 'int' }];
    case 'checkbox':
      return [missingLast];
    default:
      return [missingLast, textItem(textOf(id), dir)];
  }
}

const textItem = (expr: SQL, dir: 'asc' | 'desc'): OrderItem => ({
  expr: sql`coalesce(lower(${expr}), '') collate "C"`,
  dir,
  type: 'text',
});

const groupRef = sql.raw('group_ref');

/**
 * A grouping by a select (its options' order; a multi select by its first option), a person (by
 * name, then id) or a checkbox (ticked first); "no value" last. Other types: 400. Undefined when
 * the query names no such field.
 */
export function fieldGrouping(
  query: Pick<TaskQuery, 'groupField'>,
  fields: QueryFields,
): Grouping | undefined {
  if (!query.groupField) throw refuse(taskQueryMessages.groupField);
  const field = fields.get(query.groupField.toLowerCase());
  if (!field) return undefined;
  const { id } = field;
  const none = `No ${field.name}`;
  switch (field.type) {
    case 'select':
    case 'multi_select': {
      const rank = optionRank(optionOfTask(field), field.options);
      return {
        joins: sql``,
        items: [{ expr: rank, dir: 'asc', type: 'int' }],
        key: sql`(case ${rank} ${sql.join(
          field.options.map((o, i) => sql`when ${sql.raw(String(i))} then ${o.id}`),
          sql` `,
        )} else 'none' end)`,
        label: sql`(case ${rank} ${sql.join(
          field.options.map((o, i) => sql`when ${sql.raw(String(i))} then ${o.name}`),
          sql` `,
        )} else ${none} end)`,
      };
    }
    case 'person': {
      const person = sql`(case when jsonb_typeof(${jsonOf(id)}) = 'string' then (${textOf(id)})::uuid end)`;
      return {
        joins: sql`left join ${users} as ${groupRef} on ${groupRef}.id = ${person}`,
        items: [
          { expr: sql`(${groupRef}.id is null)`, dir: 'asc', type: 'boolean' },
          { expr: sql`coalesce(lower(${groupRef}.name), '') collate "C"`, dir: 'asc', type: 'text' },
          {
            expr: sql`coalesce(${groupRef}.id, '00000000-0000-0000-0000-000000000000'::uuid)`,
            dir: 'asc',
            type: 'uuid',
          },
        ],
        key: sql`coalesce(${groupRef}.id::text, 'none')`,
        label: sql`coalesce(${groupRef}.name, ${none})`,
      };
    }
    case 'checkbox':
      return {
        joins: sql``,
        items: [{ expr: sql`(not ${contains(id, true)})`, dir: 'asc', type: 'boolean' }],
        key: sql`(case when ${contains(id, true)} then 'true' else 'none' end)`,
        label: sql`(case when ${contains(id, true)} then ${field.name} else ${none} end)`,
      };
    default:
      throw refuse(taskQueryMessages.groupType);
  }
}
