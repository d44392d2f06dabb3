import type { TaskQuery, TaskSort } from '@shipyard/shared';
import { type SQL, sql } from 'drizzle-orm';
import { tasks } from '../../db/schema/index.ts';
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
  manual: 'desc',
};

/**
 * The one place that chooses a sort's ORDER BY. `manual` is the board's manual order: until
 * `tasks.rank` lands (the manual-order stream), newest first like `created`.
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

export function taskOrder(
  query: Pick<TaskQuery, 'sort' | 'order' | 'group'>,
  today: string,
  labelScope?: SQL,
): TaskOrder {
  const sort = query.sort ?? 'created';
  const dir = query.order ?? DEFAULT_ORDER[sort];
  const group = query.group ? grouping(query.group, today, labelScope) : undefined;
  return {
    tag: [sort, dir, query.group ?? ''].join('.'),
    items: [...(group?.items ?? []), sortItem(sort, dir), { expr: sql`${tasks.id}`, dir, type: 'uuid' }],
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
