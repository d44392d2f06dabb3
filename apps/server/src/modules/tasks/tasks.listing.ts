import type { TaskGroupCount, TaskQuery } from '@shipyard/shared';
import { and, count, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { labels, products, tasks, teams, users } from '../../db/schema/index.ts';
import type { FreshCache } from '../../lib/fresh-cache.ts';
import { type Viewer, visibleProducts } from '../../lib/visibility.ts';
import { afterCursor, cursorValuesOf, encodeTaskCursor, readTaskCursor } from './tasks.cursor.ts';
import { fieldIdsOf, type QueryFields, readQueryFields } from './tasks.field-query.ts';
import { estimatePoints } from './tasks.hierarchy.ts';
import type { TaskWithNames } from './tasks.mapper.ts';
import { orderByOf, taskOrder } from './tasks.order.ts';
import {
  cacheable,
  type QueryScope,
  queryKey,
  type TaskListFilters,
  taskConditions,
  todayOf,
} from './tasks.query.ts';
import { createTallies, type ShareStatement, type Visible } from './tasks.tallies.ts';

// Reading a task list (issue 28): one page in any sort or grouping with keyset paging, how many
// match in all, and the groups' totals. Every list of tasks reads through here: /tasks, a
// product's list, the CSV exports, and a saved view's count (app.tasks.count).

export type TaskListQuery = TaskListFilters &
  Pick<TaskQuery, 'sort' | 'order' | 'group' | 'sortField' | 'groupField'> & {
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
  /** The matching tasks' estimates summed (issue 29). */
  estimateSum: number;
};

/**
 * `counts`: totals computed once and shared until a write outdates them (lib/fresh-cache.ts,
 * docs/decisions/023-request-hot-path.md); none: every page counts. `now`: the clock that says
 * which day it is in UTC, for a query without `today`.
 */
export function createTaskListing(db: Db, { counts, now }: { counts?: FreshCache; now: () => Date }) {
  const tallies = counts && createTallies(db, { maxEntries: TALLY_ENTRIES });
  type Made = Awaited<ReturnType<typeof statements>>;
  const scopeOf = (query: TaskListQuery): QueryScope => ({
    me: query.me,
    visibleTo: query.visibleTo,
    today: todayOf(query, now()),
  });

  /**
   * The ids of the products the viewer sees (lib/visibility.ts, the same rule), kept until a
   * write to products, teams or team members moves the visibility version (decision 041), and
   * that version; undefined for whoever sees them all. `unconfirmed`: kept ids are answered as
   * they are, for a list whose tally confirms them (confirmedBy).
   */
  async function productsInSight(
    viewer: Viewer | undefined,
    unconfirmed: boolean,
  ): Promise<Visible | undefined> {
    const visible = viewer && visibleProducts(viewer);
    if (!viewer || !visible) return undefined;
    const select = db.select({ id: products.id }).from(products).where(visible);
    if (tallies) return tallies.visible(viewerKey(viewer), sql`${select}`, unconfirmed);
    return { version: '', ids: (await select).map((row) => row.id) };
  }

  /**
   * The custom fields the query names (issue 29), shared until a write outdates them (custom_fields
   * bumps analytics_version, migration 0032).
   */
  async function queryFields(query: TaskListQuery): Promise<QueryFields> {
    const ids = fieldIdsOf(query);
    if (ids.length === 0) return new Map();
    const read = () => readQueryFields(db, ids);
    return counts ? counts.get(`fields:${ids.sort().join(',')}`, read) : read();
  }

  /** Shared until a write outdates it, when the query reads only what bumps analytics_version. */
  const shared = <T>(key: string, query: TaskListQuery, compute: () => Promise<T>): Promise<T> =>
    counts && cacheable(query) ? counts.get(key, compute) : compute();

  /**
   * The statements of a list: its page (in the query's order, after the cursor), its count and,
   * grouped, its groups' counts. The page is picked from `tasks` alone and only its rows are
   * joined to their names: written as one five-relation join, the member's first page took 3 ms to
   * plan for 1 ms to run (50,000 tasks). It reads `limit + 1` rows: the extra one only tells
   * whether another page follows. (search.plans-style tests explain exactly these.)
   */
  async function statements(query: TaskListQuery, unconfirmed = false) {
    const [seen, fields] = await Promise.all([
      productsInSight(query.visibleTo, unconfirmed),
      queryFields(query),
    ]);
    const scope = { ...scopeOf(query), visibleProductIds: seen?.ids, fields };
    const labelScope = query.productId
      ? eq(labels.productId, query.productId)
      : scope.visibleProductIds
        ? inArray(labels.productId, scope.visibleProductIds)
        : undefined;
    const order = taskOrder(query, scope.today, labelScope, fields);
    const after = readTaskCursor(order, query.cursor);
    const where = taskConditions(db, query, scope);
    const orderBy = orderByOf(order);
    // The page's ids in order (and their cursor values), from what tasks_product_query_idx covers
    // (a member's quarter of 50,000 tasks sorted or grouped without reading a row); then only
    // those rows, with their names (readPage).
    const joins = order.group?.joins ?? sql``;
    /** The page, optionally only within `also` (a grouped first page: its leading groups). */
    const pageWithin = (also?: SQL) => sql`select ${tasks.id} as id, ${cursorValuesOf(order)} as cursor_values
      from ${tasks} ${joins}
      where ${and(where, after ? afterCursor(order, after) : undefined, also) ?? sql`true`}
      order by ${orderBy} limit ${query.limit + 1}`;
    const page = pageWithin();
    const total = db.select({ n: count() }).from(tasks).where(where);
    // Issue 29: the estimates summed, reading only the tasks that have one.
    const estimates = db
      .select({ sum: sql<number>`coalesce(sum(${estimatePoints}), 0)::float8` })
      .from(tasks)
      .where(and(where, isNotNull(tasks.estimate)));
    const group = order.group;
    const keys = group?.items.map((_, i) => sql.raw(`g${i}`)) ?? [];
    const groups = group
      ? sql`select key, min(label) as label, count(*)::int as total,
          coalesce(sum(points), 0)::float8 as estimate_sum
        from (select ${sql.join(
          group.items.map((item, i) => sql`${item.expr} as ${keys[i]}`),
          sql`, `,
        )}, ${group.key} as key, ${group.label} as label, ${estimatePoints} as points
          from ${tasks} ${joins} where ${where ?? sql`true`}) grouped
        group by ${sql.join(keys, sql`, `)}, key
        order by ${sql.join(keys, sql`, `)}`
      : undefined;
    // What the page's rows must still belong to when read by id: the product listed or the
    // products the viewer sees.
    const within = query.productId
      ? eq(tasks.productId, query.productId)
      : scope.visibleProductIds
        ? inArray(tasks.productId, scope.visibleProductIds)
        : undefined;
    /**
     * A grouped first page within the groups it can reach: the leading groups whose totals make
     * `limit + 1` rows. Sorting a member's 12,500 rows to keep 51 was most of a grouped page; its
     * first group alone is a third of them or less. When the first group fills the page and its
     * ORDER BY values are known (`orders`, from the counts), the page is read within that group in
     * the sort's order alone, walking the sort's index without the grouping's joins; the cursor
     * still carries the group's values.
     */
    const leadingPage = (counted: TaskGroupCount[], orders?: Map<string, string[]>): SQL | undefined => {
      if (!group || after) return undefined;
      const [first] = counted;
      const values = first && orders?.get(first.key);
      if (first && first.total > query.limit && values && group.only) {
        const sorted = { ...order, items: order.items.slice(group.items.length) };
        return sql`select ${tasks.id} as id,
            array[${sql.join(
              values.map((value) => sql`${value}::text`),
              sql`, `,
            )}]::text[] || ${cursorValuesOf(sorted)} as cursor_values
          from ${tasks} where ${and(where, group.only(first.key))}
          order by ${orderByOf(sorted)} limit ${query.limit + 1}`;
      }
      const keys: string[] = [];
      let reached = 0;
      for (const g of counted) {
        if (reached > query.limit) break;
        keys.push(g.key);
        reached += g.total;
      }
      if (keys.length === 0 || keys.length === counted.length) return undefined;
      return pageWithin(
        sql`${group.key} in (${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )})`,
      );
    };
    return { scope, seen, unconfirmed, order, page, total, estimates, groups, within, leadingPage };
  }

  /**
   * The page's rows with their names, in the order of `picked`, in one round trip: `picked` (its
   * ids and cursor values, limited) is planned alone, being limited, and only its rows are joined.
   */
  async function readPage(picked: SQL, within: SQL | undefined) {
    const rows = await db
      .select({
        task: tasks,
        productName: products.name,
        team: { id: teams.id, name: teams.name },
        assignee: { id: users.id, name: users.name, avatarUrl: users.avatarUrl },
        cursorValues: sql<string[]>`page.cursor_values`,
      })
      .from(sql`(select picked.*, row_number() over () as at from (${picked}) picked) page`)
      .innerJoin(tasks, eq(tasks.id, sql`page.id`))
      .innerJoin(products, eq(products.id, tasks.productId))
      .leftJoin(teams, eq(teams.id, tasks.teamId))
      .leftJoin(users, eq(users.id, tasks.assigneeId))
      // A row moved out of what is listed since it was picked is left out.
      .where(within)
      .orderBy(sql`page.at`);
    return rows;
  }

  /**
   * How many tasks match, exact. Counting 25,000–50,000 tasks took 7 ms of PostgreSQL per page; the
   * total only changes with a write to tasks, products, teams, team members or users (visibility),
   * or labels and task_labels (the label filters), each of which bumps analytics_version
   * (migrations 0014, 0017), so it is shared until one does.
   */
  function countMatching(query: TaskListQuery, { scope, total }: Made) {
    return shared(`count:${queryKey(filtersOf(query), scope)}`, query, async () => {
      const [row] = await total;
      return row?.n ?? 0;
    });
  }

  function estimateSum(query: TaskListQuery, { scope, estimates }: Made) {
    return shared(`estimates:${queryKey(filtersOf(query), scope)}`, query, async () => {
      const [row] = await estimates;
      return Number(row?.sum ?? 0);
    });
  }

  /** Every group of the filtered set, in the list's order, with its total. */
  function groupCounts(query: TaskListQuery, { scope, groups }: Made) {
    if (!groups) return undefined;
    return shared(
      `groups:${queryKey({ ...filtersOf(query), group: query.group, groupField: query.groupField }, scope)}`,
      query,
      async () => {
        const { rows } = await db.execute<TaskGroupCount & { estimate_sum: number }>(groups);
        return rows.map((row) => ({
          key: row.key,
          label: row.label,
          total: Number(row.total),
          estimateSum: Number(row.estimate_sum),
        }));
      },
    );
  }

  /**
   * A list's counts: added up from each product's share (tasks.tallies.ts) when the products are
   * known (a member's, or one product's list; every preset: watchers and mentions move versions
   * too, migration 0038); otherwise counted whole, shared until any write (decision 023) unless it
   * reads watchers or mentions: an admin's list.
   */
  async function countsOf(query: TaskListQuery, made: Made): Promise<Counted> {
    const products = query.productId
      ? !made.scope.visibleProductIds || made.scope.visibleProductIds.includes(query.productId)
        ? [query.productId]
        : []
      : made.scope.visibleProductIds;
    if (tallies && products) {
      const shape = queryKey(
        { ...filtersOf(query), group: query.group, groupField: query.groupField },
        { ...made.scope, visibleTo: undefined },
      );
      const types = made.order.group?.items.map((item) => item.type) ?? [];
      const tally = await tallies.tally(shape, products, shareStatement(query, made), types);
      if (made.unconfirmed && made.seen && tally.visibility !== made.seen.version) throw new SightMoved();
      return made.groups ? tally : { total: tally.total, estimateSum: tally.estimateSum };
    }
    if (made.groups) {
      const groups = (await groupCounts(query, made)) ?? [];
      return {
        total: groups.reduce((sum, g) => sum + g.total, 0),
        estimateSum: groups.reduce((sum, g) => sum + (g.estimateSum ?? 0), 0),
        groups,
      };
    }
    const [total, estimated] = await Promise.all([countMatching(query, made), estimateSum(query, made)]);
    return { total, estimateSum: estimated };
  }

  /** The statement of the shares of some of the products listed (tasks.tallies.ts): by product, then group. */
  function shareStatement(query: TaskListQuery, made: Made): ShareStatement {
    return (products) => {
      const scope = { ...made.scope, visibleProductIds: products };
      const where = taskConditions(db, query, scope) ?? sql`true`;
      const group =
        made.order.group &&
        taskOrder(query, scope.today, inArray(labels.productId, products), scope.fields).group;
      if (!group)
        return sql`select ${tasks.productId} as product_id, '' as key, '' as label, count(*)::int as total,
            coalesce(sum(${estimatePoints}), 0)::float8 as estimate_sum, '{}'::text[] as order_values
          from ${tasks} where ${where} group by ${tasks.productId}`;
      const keys = group.items.map((_, i) => sql.raw(`g${i}`));
      return sql`select product_id, key, min(label) as label, count(*)::int as total,
          coalesce(sum(points), 0)::float8 as estimate_sum,
          array[${sql.join(
            keys.map((key) => sql`${key}::text`),
            sql`, `,
          )}]::text[] as order_values
        from (select ${tasks.productId} as product_id, ${sql.join(
          group.items.map((item, i) => sql`${item.expr} as ${keys[i]}`),
          sql`, `,
        )}, ${group.key} as key, ${group.label} as label, ${estimatePoints} as points
          from ${tasks} ${group.joins} where ${where}) grouped
        group by product_id, ${sql.join(keys, sql`, `)}, key`;
    };
  }

  /**
   * Runs `read` with the viewer's kept products unconfirmed when its tally confirms them (one
   * round trip less); should they be outdated, forgets them and runs it again on a fresh read.
   */
  async function inSight<T>(query: TaskListQuery, read: (unconfirmed: boolean) => Promise<T>): Promise<T> {
    const viewer = query.visibleTo;
    const tallied = Boolean(tallies && viewer && query.withTotal !== false);
    if (!tallied || !viewer) return read(false);
    try {
      return await read(true);
    } catch (err) {
      if (!(err instanceof SightMoved)) throw err;
      tallies?.forget(viewerKey(viewer));
      return read(false);
    }
  }

  async function listOnce(query: TaskListQuery, made: Made): Promise<TaskListPage> {
    const counting = query.withTotal !== false;
    let rows: Awaited<ReturnType<typeof readPage>>;
    let counted: Counted = { total: 0, estimateSum: 0 };
    if (counting && made.groups) {
      // Grouped: the groups' totals say which groups the first page reads.
      counted = await countsOf(query, made);
      const leading = counted.groups && made.leadingPage(counted.groups, counted.orders);
      rows = await readPage(leading ?? made.page, made.within);
      // Fewer rows than the groups promised (a write between the two reads): read it whole.
      if (leading && rows.length <= query.limit) rows = await readPage(made.page, made.within);
    } else {
      [rows, counted] = await Promise.all([
        readPage(made.page, made.within),
        counting ? countsOf(query, made) : counted,
      ]);
    }
    const { total, groups, estimateSum: estimated } = counted;
    const { order } = made;
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
      estimateSum: estimated,
    };
  }

  return {
    statements,

    /** One page in the query's order, how many match in all and (grouped) the groups. */
    list(query: TaskListQuery): Promise<TaskListPage> {
      return inSight(query, async (unconfirmed) => listOnce(query, await statements(query, unconfirmed)));
    },

    /** How many tasks the query matches for the viewer (a saved view's count). */
    count(viewer: Viewer, query: Partial<TaskQuery>): Promise<number> {
      const { cursor: _cursor, ...filters } = query;
      const listQuery: TaskListQuery = { ...filters, me: viewer, visibleTo: viewer, limit: 1 };
      return inSight(listQuery, async (unconfirmed) => {
        const made = await statements(listQuery, unconfirmed);
        return (await countsOf(listQuery, made)).total;
      });
    },
  };
}

/** The viewer's kept products were outdated when the list's tally read the visibility version. */
class SightMoved extends Error {}

const viewerKey = (viewer: Viewer) => `${viewer.id}:${viewer.role}`;

type Counted = {
  total: number;
  estimateSum: number;
  groups?: TaskGroupCount[] | undefined;
  orders?: Map<string, string[]>;
};

/** Shares of lists kept per process (tasks.tallies.ts): a list shape over a product is one. */
const TALLY_ENTRIES = 20_000;

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
    sortField: _sf,
    groupField: _gf,
    ...filters
  } = query;
  return filters;
}

export type TaskListing = ReturnType<typeof createTaskListing>;
