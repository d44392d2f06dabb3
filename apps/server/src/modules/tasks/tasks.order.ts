import type { TaskQuery, TaskSort } from '@shipyard/shared';
import { type SQL, sql } from 'drizzle-orm';
import { tasks } from '../../db/schema/index.ts';
import { fieldGrouping, fieldSortItems, type QueryFields } from './tasks.field-query.ts';
import { type Grouping, grouping } from './tasks.groups.ts';
import { type OrderItem, priorityRank } from './tasks.query.ts';

// A task list's order (issue 28, docs/decisions/030-task-query.md): the sort's item, after the
// grouping's, then the id; what the keyset cursor (tasks.cursor.ts) carries the values of.

const DEFAULT_ORDER: Record<TaskSort, 'asc' | 'desc'> = {
  created: 'desc',
  updated: 'desc',
  due: 'asc',
  priority: 'desc',
  title: 'asc',
  manual: 'asc',
  field: 'asc',
};

/**
 * The one place that chooses a sort's ORDER BY. `manual` is the boards' manual order
 * (`tasks.rank`, decision 033): ranks order cards within a product's column, so across products
 * they interleave by rank.
 */
function sortItem(sort: TaskSort, dir: 'asc' | 'desc'): OrderItem {
  switch (sort) {
    case 'updated':
      return { expr: sql`${tasks.updatedAt}`, dir, type: 'timestamptz' };
    case 'due':
      // Nulls last either way: no date sorts after every date in both directions.
      return {
        expr:
          dir === 'asc'
            ? sql`coalesce(${tasks.dueDate}, 'infinity'::date)`
            : sql`coalesce(${tasks.dueDate}, '-infinity'::date)`,
        dir,
        type: 'date',
      };
    case 'priority':
      return { expr: priorityRank, dir, type: 'int' };
    case 'title':
      return { expr: sql`lower(${tasks.title})`, dir, type: 'text' };
    case 'manual':
      // The rank column is COLLATE "C", so the cursor's text compares byte-wise as the index does.
      return { expr: sql`${tasks.rank}`, dir, type: 'text' };
    default:
      return { expr: sql`${tasks.createdAt}`, dir, type: 'timestamptz' };
  }
}

/** A list's order: its items (group first, then the sort; the id last in the sort's direction). */
export type TaskOrder = {
  /** 'created.desc' (the spec's order and its cursor) or the sort, order and group the cursor must match. */
  tag: string;
  items: OrderItem[];
  group?: Grouping | undefined;
};

/**
 * `fields`: the custom fields the query names (issue 29); a sort or grouping by a field that no
 * longer exists is the default order or no grouping.
 */
export function taskOrder(
  query: Pick<TaskQuery, 'sort' | 'order' | 'group' | 'sortField' | 'groupField'>,
  today: string,
  labelScope?: SQL,
  fields: QueryFields = new Map(),
): TaskOrder {
  const byField = query.sort === 'field' ? fieldSortItems(query, fields, query.order ?? 'asc') : undefined;
  const sort = query.sort === 'field' && !byField ? 'created' : (query.sort ?? 'created');
  const dir = query.order ?? DEFAULT_ORDER[sort];
  const group =
    query.group === 'field'
      ? fieldGrouping(query, fields)
      : query.group
        ? grouping(query.group, today, labelScope)
        : undefined;
  const sortTag = byField ? `field:${query.sortField}` : sort;
  const groupTag = !group ? '' : query.group === 'field' ? `field:${query.groupField}` : (query.group ?? '');
  return {
    tag: [sortTag, dir, groupTag].join('.'),
    items: [
      ...(group?.items ?? []),
      ...(byField ?? [sortItem(sort, dir)]),
      { expr: sql`${tasks.id}`, dir, type: 'uuid' },
    ],
    group,
  };
}

/** The spec's order (newest first, no group): its cursor is the one the board's columns hand out. */
export const isSpecOrder = (order: TaskOrder) => order.tag === 'created.desc.';

export const orderByOf = (order: TaskOrder): SQL =>
  sql.join(
    order.items.map((item) => sql`${item.expr} ${sql.raw(item.dir)}`),
    sql`, `,
  );
