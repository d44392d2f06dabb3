import type { TaskGroupCount, TaskQuery } from '@shipyard/shared';
import { and, count, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, tasks, teams, users } from '../../db/schema/index.ts';
import type { FreshCache } from '../../lib/fresh-cache.ts';
import type { Viewer } from '../../lib/visibility.ts';
import { afterCursor, cursorValuesOf, encodeTaskCursor, readTaskCursor } from './tasks.cursor.ts';
import type { TaskWithNames } from './tasks.mapper.ts';
import {
  cacheable,
  orderByOf,
  type QueryScope,
  queryKey,
  type TaskListFilters,
  type TaskOrder,
  taskConditions,
  taskOrder,
  todayOf,
} from './tasks.query.ts';

// Reading a task list (issue 28): one page in any sort or grouping with keyset paging, how many
// match in all, and the groups' totals. Every list of tasks reads through here: /tasks, a
// product's list, the CSV exports, and a saved view's count (app.tasks.count).

export type TaskListQuery = TaskListFilters &
  Pick<TaskQuery, 'sort' | 'order' | 'group'> & {
    /** The caller: presets and 'me' are theirs. */
    me: Viewer;
    /** Limits the list to the products this viewer may see; undefined when the caller checked already. */
    visibleTo?: Viewer | undefined;
    /** The `nextCursor` of the previous page. */
    cursor?: string | undefined;
    limit: number;
    /** false: skip counting every match (an export's later pages). */
    withTotal?: boolean;
  };

export type TaskListPage = {
  rows: TaskWithNames[];
  total: number;
  nextCursor: string | null;
  groups?: TaskGroupCount[];
};

const columns = getTableColumns(tasks);

/**
 * `counts`: totals computed once and shared until a write outdates them (lib/fresh-cache.ts,
 * docs/decisions/023-request-hot-path.md); none: every page counts. `now`: the clock that says
 * which day it is in UTC, for a query without `today`.
 */
export function createTaskListing(db: Db, { counts, now }: { counts?: FreshCache; now: () => Date }) {
  const scopeOf = (query: TaskListQuery): QueryScope => ({
    me: query.me,
    visibleTo: query.visibleTo,
    today: todayOf(query, now()),
  });

  /** Shared until a write outdates it, when the query reads only what bumps analytics_version. */
  const shared = <T>(key: string, query: TaskListQuery, compute: () => Promise<T>): Promise<T> =>
    counts && cacheable(query) ? counts.get(key, compute) : compute();

  /**
   * How many tasks match, exact. Counting 25,000–50,000 tasks took 7 ms of PostgreSQL per page; the
   * total only changes with a write to tasks, products, teams, team members or users (visibility),
   * or labels and task_labels (the label filters), each of which bumps analytics_version
   * (migrations 0014, 0017), so it is shared until one does.
   */
  function countMatching(query: TaskListQuery, scope: QueryScope, where: SQL | undefined) {
    return shared(`count:${queryKey(filtersOf(query), scope)}`, query, async () => {
      const [row] = await db.select({ n: count() }).from(tasks).where(where);
      return row?.n ?? 0;
    });
  }

  /** Every group of the filtered set, in the list's order, with its total. */
  function groupCounts(query: TaskListQuery, scope: QueryScope, where: SQL | undefined, order: TaskOrder) {
    const group = order.group;
    if (!group) return undefined;
    const keys = group.items.map((_, i) => sql.raw(`g${i}`));
    return shared(
      `groups:${queryKey({ ...filtersOf(query), group: query.group }, scope)}`,
      query,
      async () => {
        const { rows } = await db.execute<TaskGroupCount>(sql`
        select key, min(label) as label, count(*)::int as total
        from (select ${sql.join(
          group.items.map((item, i) => sql`${item.expr} as ${keys[i]}`),
          sql`, `,
        )}, ${group.key} as key, ${group.label} as label from ${tasks} where ${where ?? sql`true`}) grouped
        group by ${sql.join(keys, sql`, `)}, key
        order by ${sql.join(keys, sql`, `)}`);
        return rows.map((row) => ({ key: row.key, label: row.label, total: Number(row.total) }));
      },
    );
  }

  return {
    /**
     * One page in the query's order, how many match in all and (grouped) the groups. The page is
     * picked from `tasks` alone and only its rows are joined to their names: written as one
     * five-relation join, the member's first page took 3 ms to plan for 1 ms to run (50,000 tasks).
     * It reads `limit + 1` rows: the extra one only tells whether another page follows.
     */
    async list(query: TaskListQuery): Promise<TaskListPage> {
      const scope = scopeOf(query);
      const order = taskOrder(query, scope.today);
      const after = readTaskCursor(order, query.cursor);
      const where = taskConditions(db, query, scope);
      const orderBy = orderByOf(order);
      const page = db
        .select({
          ...columns,
          position: sql<number>`row_number() over (order by ${orderBy})`.as('list_position'),
          cursorValues: cursorValuesOf(order).as('list_cursor'),
        })
        .from(tasks)
        .where(and(where, after ? afterCursor(order, after) : undefined))
        .orderBy(orderBy)
        .limit(query.limit + 1)
        .as('page');
      const task = Object.fromEntries(
        Object.keys(columns).map((key) => [key, page[key as keyof typeof columns]]),
      ) as unknown as typeof columns;
      const [rows, total, groups] = await Promise.all([
        db
          .select({
            task,
            productName: products.name,
            team: { id: teams.id, name: teams.name },
            assignee: { id: users.id, name: users.name, avatarUrl: users.avatarUrl },
            cursorValues: page.cursorValues,
          })
          .from(page)
          .innerJoin(products, eq(products.id, page.productId))
          .leftJoin(teams, eq(teams.id, page.teamId))
          .leftJoin(users, eq(users.id, page.assigneeId))
          .orderBy(page.position),
        query.withTotal === false ? 0 : countMatching(query, scope, where),
        query.withTotal === false ? undefined : groupCounts(query, scope, where, order),
      ]);
      const shown = rows.slice(0, query.limit);
      const last = shown.at(-1);
      return {
        rows: shown,
        total,
        nextCursor:
          rows.length > query.limit && last
            ? encodeTaskCursor(order, { values: last.cursorValues, id: last.task.id })
            : null,
        ...(groups ? { groups } : {}),
      };
    },

    /** The whole query (paging and order too) as a cache key, the caller's 'me' and date resolved. */
    keyOf(query: TaskListQuery): string {
      const { me: _me, visibleTo: _v, withTotal: _w, ...rest } = query;
      return queryKey(rest, scopeOf(query));
    },

    /** How many tasks the query matches for the viewer (a saved view's count). */
    async count(viewer: Viewer, query: Partial<TaskQuery>): Promise<number> {
      const listQuery: TaskListQuery = { ...query, me: viewer, visibleTo: viewer, limit: 1 };
      const scope = scopeOf(listQuery);
      return countMatching(listQuery, scope, taskConditions(db, listQuery, scope));
    },
  };
}

/** What a count depends on: the filters, not the paging, sort or grouping. */
function filtersOf(query: TaskListQuery): Partial<TaskQuery> {
  const {
    me: _me,
    visibleTo: _v,
    cursor: _c,
    limit: _l,
    withTotal: _w,
    sort: _s,
    order: _o,
    group: _g,
    ...filters
  } = query;
  return filters;
}

export type TaskListing = ReturnType<typeof createTaskListing>;
