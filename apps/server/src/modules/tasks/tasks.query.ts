import type { TaskGroup, TaskQuery, TaskSort } from '@shipyard/shared';
import {
  type AnyColumn,
  and,
  eq,
  exists,
  gte,
  inArray,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  commentMentions,
  labels,
  products,
  taskComments,
  taskLabels,
  tasks,
  taskWatchers,
  teams,
  users,
} from '../../db/schema/index.ts';
import { containsInsensitive } from '../../lib/like.ts';
import { inVisibleProducts, type Viewer } from '../../lib/visibility.ts';

// What a task list matches and in which order (issue 28, docs/decisions/030-task-query.md): every
// filter of TaskQuery as one WHERE over `tasks`, and the ORDER BY of every sort and grouping as a
// list of items the keyset cursor (tasks.cursor.ts) carries the values of.

/** The filters of a task list: TaskQuery without paging, sort and grouping. */
export type TaskListFilters = Omit<TaskQuery, 'cursor' | 'limit' | 'sort' | 'order' | 'group'>;

/**
 * Who asks (presets and 'me' are theirs), and whose visibility limits the list: undefined when the
 * caller checked already (a product's list, after findVisibleProduct).
 */
export type QueryScope = {
  me: Viewer;
  visibleTo?: Viewer | undefined;
  /**
   * The products `visibleTo` sees, read beforehand: the planner then knows how many (a member's
   * quarter of 50,000 tasks is read through the product index, not by a scan of every task).
   */
  visibleProductIds?: string[] | undefined;
  today: string;
};

/** The caller's date: the query's `today`, or UTC's. */
export const todayOf = (query: { today?: string | undefined }, now: Date) =>
  query.today ?? now.toISOString().slice(0, 10);

const people = (values: string[], column: AnyColumn, me: string): SQL | undefined => {
  if (!values.length) return undefined;
  const ids = [...new Set(values.map((v) => (v === 'me' ? me : v)).filter((v) => v !== 'none'))];
  return or(
    values.includes('none') ? isNull(column) : undefined,
    ids.length ? inArray(column, ids) : undefined,
  );
};

function presetCondition(db: Db, preset: TaskQuery['preset'], me: string): SQL | undefined {
  switch (preset) {
    case 'assigned':
      return eq(tasks.assigneeId, me);
    case 'created':
      return eq(tasks.createdBy, me);
    case 'watching':
      return inArray(
        tasks.id,
        db.select({ id: taskWatchers.taskId }).from(taskWatchers).where(eq(taskWatchers.userId, me)),
      );
    case 'mentioning':
      return inArray(
        tasks.id,
        db
          .select({ id: taskComments.taskId })
          .from(commentMentions)
          .innerJoin(taskComments, eq(taskComments.id, commentMentions.commentId))
          .where(eq(commentMentions.userId, me)),
      );
    default:
      return undefined;
  }
}

function dueCondition(due: TaskQuery['due'], today: string): SQL | undefined {
  switch (due) {
    case 'overdue':
      return and(sql`${tasks.dueDate} < ${today}::date`, ne(tasks.status, 'Completed'));
    case 'today':
      return sql`${tasks.dueDate} = ${today}::date`;
    case 'week':
      return sql`${tasks.dueDate} between ${today}::date and ${today}::date + 7`;
    case 'none':
      return isNull(tasks.dueDate);
    default:
      return undefined;
  }
}

/** Every filter of the query, ANDed; the values of one filter ORed. */
export function taskConditions(db: Db, query: TaskListFilters, scope: QueryScope): SQL | undefined {
  const { search, phase, status } = query;
  const me = scope.me.id;
  const labelNames = query.label?.map((name) => name.toLowerCase());
  return and(
    scope.visibleProductIds
      ? inArray(tasks.productId, scope.visibleProductIds)
      : scope.visibleTo
        ? inVisibleProducts(db, tasks.productId, scope.visibleTo)
        : undefined,
    query.productId ? eq(tasks.productId, query.productId) : undefined,
    search
      ? or(containsInsensitive(tasks.title, search), containsInsensitive(tasks.description, search))
      : undefined,
    phase?.length ? inArray(tasks.phase, phase) : undefined,
    status?.length ? inArray(tasks.status, status) : undefined,
    query.assigneeId ? eq(tasks.assigneeId, query.assigneeId) : undefined,
    query.labelId?.length
      ? exists(
          db
            .select({ one: sql`1` })
            .from(taskLabels)
            .where(and(eq(taskLabels.taskId, tasks.id), inArray(taskLabels.labelId, query.labelId))),
        )
      : undefined,
    presetCondition(db, query.preset, me),
    people(query.assignee ?? [], tasks.assigneeId, me),
    people(query.createdBy ?? [], tasks.createdBy, me),
    labelNames?.length
      ? inArray(
          tasks.id,
          db
            .select({ id: taskLabels.taskId })
            .from(labels)
            .innerJoin(taskLabels, eq(taskLabels.labelId, labels.id))
            .where(inArray(sql`lower(${labels.name})`, labelNames)),
        )
      : undefined,
    query.priority?.length ? inArray(tasks.priority, query.priority) : undefined,
    dueCondition(query.due, scope.today),
    query.dueFrom ? gte(tasks.dueDate, query.dueFrom) : undefined,
    query.dueTo ? lte(tasks.dueDate, query.dueTo) : undefined,
    query.teamId?.length ? people(query.teamId, tasks.teamId, me) : undefined,
    query.updatedSince ? gte(tasks.updatedAt, new Date(query.updatedSince)) : undefined,
  );
}

/**
 * Whether a list's answer may be shared until a write outdates it (lib/fresh-cache.ts): watchers
 * and mentions do not bump analytics_version, so the presets reading them are read each time.
 */
export const cacheable = (query: Pick<TaskQuery, 'preset'>) =>
  query.preset !== 'watching' && query.preset !== 'mentioning';

/** The query as a cache key: 'me' and the presets resolved to the caller, the date of the due filters. */
export function queryKey(query: Partial<TaskQuery>, scope: QueryScope): string {
  const resolve = (values: string[] | undefined) =>
    values?.map((v) => (v === 'me' ? scope.me.id : v)) ?? null;
  const { cursor: _cursor, today: _today, ...rest } = query;
  return JSON.stringify({
    ...rest,
    assignee: resolve(query.assignee),
    createdBy: resolve(query.createdBy),
    preset: query.preset ? [query.preset, scope.me.id] : null,
    visibleTo: scope.visibleTo ? [scope.visibleTo.id, scope.visibleTo.role] : null,
    today: query.due || query.group === 'due' ? scope.today : null,
  });
}

// ---- Order ----

/** How a cursor value is cast back for the comparison (and checked before PostgreSQL sees it). */
export type OrderType = 'timestamptz' | 'date' | 'int' | 'text' | 'boolean' | 'uuid';
/** One ORDER BY item: never null, so that a keyset comparison holds (nulls are given a value). */
export type OrderItem = { expr: SQL; dir: 'asc' | 'desc'; type: OrderType };

/** critical > high > medium > low: the index tasks_priority_idx is on this expression. */
const priorityRank = sql`(case ${tasks.priority} when 'critical' then 4 when 'high' then 3 when 'medium' then 2 else 1 end)`;

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

const nameOf = (table: typeof users | typeof teams | typeof products, id: SQL) =>
  sql`(select ${table.name} from ${table} where ${table.id} = ${id})`;

/** The first of the task's labels by name (a task with several is listed under this one). */
const firstLabel = sql`(select ${labels.name} from ${taskLabels} join ${labels} on ${labels.id} = ${taskLabels.labelId}
  where ${taskLabels.taskId} = ${tasks.id} order by lower(${labels.name}), ${labels.name} limit 1)`;

/** A grouping: its ORDER BY items (the "none" group last), its key and its label. */
type Grouping = { items: OrderItem[]; key: SQL; label: SQL };

const asc = (expr: SQL, type: OrderType): OrderItem => ({ expr, dir: 'asc', type });

/** Groups of a reference by the referenced name, then id (two of one name stay apart); none last. */
function byName(column: AnyColumn, table: typeof users | typeof teams, none: string): Grouping {
  return {
    items: [
      asc(sql`(${column} is null)`, 'boolean'),
      asc(sql`coalesce(lower(${nameOf(table, sql`${column}`)}), '')`, 'text'),
      asc(sql`coalesce(${column}::text, '')`, 'text'),
    ],
    key: sql`coalesce(${column}::text, 'none')`,
    label: sql`coalesce(${nameOf(table, sql`${column}`)}, ${none})`,
  };
}

/** Due buckets in their order; completed tasks due before today are "earlier", not overdue. */
const dueBucket = (today: string) => sql`(case
  when ${tasks.dueDate} is null then 5
  when ${tasks.dueDate} < ${today}::date and ${tasks.status} <> 'Completed' then 0
  when ${tasks.dueDate} < ${today}::date then 4
  when ${tasks.dueDate} = ${today}::date then 1
  when ${tasks.dueDate} <= ${today}::date + 7 then 2
  else 3 end)`;
const DUE_BUCKETS = [
  ['overdue', 'Overdue'],
  ['today', 'Today'],
  ['week', 'This week'],
  ['later', 'Later'],
  ['earlier', 'Earlier'],
  ['none', 'No due date'],
] as const;
const caseOf = (expr: SQL, pairs: ReadonlyArray<readonly [string | number, string]>) =>
  sql`(case ${expr} ${sql.join(
    pairs.map(
      ([when, then]) =>
        sql`when ${sql.raw(typeof when === 'number' ? String(when) : `'${when}'`)} then ${then}`,
    ),
    sql` `,
  )} end)`;

function grouping(group: TaskGroup, today: string): Grouping {
  switch (group) {
    case 'status':
      return {
        items: [
          asc(sql`(case ${tasks.status} when 'Pending' then 0 when 'In Progress' then 1 else 2 end)`, 'int'),
        ],
        key: sql`${tasks.status}`,
        label: sql`${tasks.status}`,
      };
    case 'priority':
      return {
        items: [asc(sql`(5 - ${priorityRank})`, 'int')],
        key: sql`${tasks.priority}`,
        label: sql`initcap(${tasks.priority})`,
      };
    case 'assignee':
      return byName(tasks.assigneeId, users, 'No assignee');
    case 'team':
      return byName(tasks.teamId, teams, 'No team');
    case 'product':
      return {
        items: [
          asc(sql`lower(${nameOf(products, sql`${tasks.productId}`)})`, 'text'),
          asc(sql`${tasks.productId}::text`, 'text'),
        ],
        key: sql`${tasks.productId}::text`,
        label: nameOf(products, sql`${tasks.productId}`),
      };
    case 'label':
      return {
        items: [
          asc(sql`(${firstLabel} is null)`, 'boolean'),
          asc(sql`coalesce(lower(${firstLabel}), '')`, 'text'),
        ],
        key: sql`coalesce(lower(${firstLabel}), 'none')`,
        label: sql`coalesce(${firstLabel}, 'No label')`,
      };
    default: {
      const bucket = dueBucket(today);
      return {
        items: [asc(bucket, 'int')],
        key: caseOf(
          bucket,
          DUE_BUCKETS.map(([key], i) => [i, key]),
        ),
        label: caseOf(
          bucket,
          DUE_BUCKETS.map(([, label], i) => [i, label]),
        ),
      };
    }
  }
}

/** A list's order: its items (group first, then the sort; the id last in the sort's direction). */
export type TaskOrder = {
  /** 'created.desc' (the spec's order and its cursor) or the sort, order and group the cursor must match. */
  tag: string;
  items: OrderItem[];
  group?: Grouping | undefined;
};

export function taskOrder(query: Pick<TaskQuery, 'sort' | 'order' | 'group'>, today: string): TaskOrder {
  const sort = query.sort ?? 'created';
  const dir = query.order ?? DEFAULT_ORDER[sort];
  const group = query.group ? grouping(query.group, today) : undefined;
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
