import type { TaskQuery } from '@shipyard/shared';
import {
  type AnyColumn,
  and,
  eq,
  exists,
  gte,
  inArray,
  is,
  isNull,
  lte,
  ne,
  or,
  SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  commentMentions,
  labels,
  taskComments,
  taskLabels,
  tasks,
  taskWatchers,
} from '../../db/schema/index.ts';
import { containsInsensitive } from '../../lib/like.ts';
import { inVisibleProducts, type Viewer } from '../../lib/visibility.ts';
import { fieldConditions, type QueryFields } from './tasks.field-query.ts';

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
  visibleProductIds?: readonly string[] | SQL | undefined;
  today: string;
  /** The custom fields the query names (issue 29: tasks.field-query.ts), read beforehand. */
  fields?: QueryFields | undefined;
};

/**
 * `column` is one of `ids` (uuids), as one array parameter: a member's hundred products are one
 * value to bind and one to build, where Drizzle's inArray makes a parameter (and a placeholder to
 * compile) of each. The planner sees the same list either way in a custom plan. `ids` may also be
 * an SQL array expression (ids known only when the statement runs).
 */
export const anyOf = (column: AnyColumn | SQL, ids: readonly string[] | SQL): SQL =>
  sql`${column} = any(${is(ids, SQL) ? ids : sql`${sql.param([...ids])}::uuid[]`})`;

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
      ? anyOf(tasks.productId, scope.visibleProductIds)
      : scope.visibleTo
        ? inVisibleProducts(db, tasks.productId, scope.visibleTo)
        : undefined,
    query.productId ? eq(tasks.productId, query.productId) : undefined,
    search
      ? or(containsInsensitive(tasks.title, search), containsInsensitive(tasks.description, search))
      : undefined,
    phase?.length ? inArray(tasks.phase, phase) : undefined,
    status?.length ? inArray(tasks.status, status) : undefined,
    query.stateId?.length ? inArray(tasks.stateId, query.stateId) : undefined,
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
            .where(
              and(
                inArray(sql`lower(${labels.name})`, labelNames),
                // Only the labels of the products listed: the others' tasks are left out anyway.
                query.productId
                  ? eq(labels.productId, query.productId)
                  : scope.visibleProductIds
                    ? anyOf(labels.productId, scope.visibleProductIds)
                    : undefined,
              ),
            ),
        )
      : undefined,
    query.priority?.length ? inArray(tasks.priority, query.priority) : undefined,
    dueCondition(query.due, scope.today),
    query.dueFrom ? gte(tasks.dueDate, query.dueFrom) : undefined,
    query.dueTo ? lte(tasks.dueDate, query.dueTo) : undefined,
    query.teamId?.length ? people(query.teamId, tasks.teamId, me) : undefined,
    query.updatedSince ? gte(tasks.updatedAt, new Date(query.updatedSince)) : undefined,
    ...fieldConditions(query, scope.fields ?? new Map(), me),
  );
}

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

/**
 * Which filters read a task's moving columns: those a move changes alone (status, workflow state,
 * completion time, rank, updated_at; migration 0045). Every filter is named here, so a new one
 * cannot be left out: the type asks for it.
 */
const FILTER_READS_MOVES: {
  [K in keyof Required<TaskListFilters>]: (value: NonNullable<TaskListFilters[K]>) => boolean;
} = {
  search: () => false,
  productId: () => false,
  phase: () => false,
  status: () => true,
  stateId: () => true,
  assigneeId: () => false,
  labelId: () => false,
  preset: () => false,
  assignee: () => false,
  label: () => false,
  priority: () => false,
  // Overdue leaves completed tasks out.
  due: (due) => due === 'overdue',
  today: () => false,
  dueFrom: () => false,
  dueTo: () => false,
  createdBy: () => false,
  teamId: () => false,
  updatedSince: () => true,
  field: () => false,
  sortField: () => false,
  groupField: () => false,
};

/** Which groupings read a moving column; due's overdue bucket leaves completed tasks out. */
const GROUP_READS_MOVES: Record<NonNullable<TaskQuery['group']>, boolean> = {
  status: true,
  state: true,
  due: true,
  assignee: false,
  priority: false,
  label: false,
  product: false,
  team: false,
  field: false,
};

/** Which sorts read a moving column: updated_at, and the manual order's rank. */
const SORT_READS_MOVES: Record<NonNullable<TaskQuery['sort']>, boolean> = {
  updated: true,
  manual: true,
  created: false,
  due: false,
  priority: false,
  title: false,
  field: false,
};

/** Whether a list's page (its rows picked in order, not only its counts) reads a moving column. */
export const pageReadsMoves = (
  filters: TaskListFilters,
  group: TaskQuery['group'],
  sort: TaskQuery['sort'],
) => (sort !== undefined && SORT_READS_MOVES[sort]) || readsMoves(filters, group);

/**
 * Whether a list's counts read a task's moving columns (a filter or its grouping does). Those that
 * do not stay current across moves: their shares are versioned by steady_version.
 */
export function readsMoves(filters: TaskListFilters, group: TaskQuery['group']): boolean {
  if (group && GROUP_READS_MOVES[group]) return true;
  return Object.entries(filters).some(([key, value]) => {
    if (value === undefined) return false;
    const reads = FILTER_READS_MOVES[key as keyof TaskListFilters] as ((v: unknown) => boolean) | undefined;
    // A key this table does not know (none the schema lets through) is taken to read them.
    return reads ? reads(value) : true;
  });
}

// ---- Order ----

/** How a cursor value is cast back for the comparison (and checked before PostgreSQL sees it). */
export type OrderType = 'timestamptz' | 'date' | 'int' | 'numeric' | 'text' | 'boolean' | 'uuid';
/** One ORDER BY item: never null, so that a keyset comparison holds (nulls are given a value). */
export type OrderItem = { expr: SQL; dir: 'asc' | 'desc'; type: OrderType };

/** critical > high > medium > low: the index tasks_priority_idx is on this expression. */
export const priorityRank = sql`(case ${tasks.priority} when 'critical' then 4 when 'high' then 3 when 'medium' then 2 else 1 end)`;
