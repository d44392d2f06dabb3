import type { TaskGroupCount, TaskQuery } from '@shipyard/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { labels, products, tasks } from '../../db/schema/index.ts';
import type { FreshCache } from '../../lib/fresh-cache.ts';
import { type Viewer, visibleProducts } from '../../lib/visibility.ts';
import type { Blockers } from './tasks.blockers.ts';
import { afterCursor, cursorValuesOf, encodeTaskCursor, readTaskCursor } from './tasks.cursor.ts';
import { fieldIdsOf, type QueryFields, readQueryFields } from './tasks.field-query.ts';
import { estimatePoints } from './tasks.hierarchy.ts';
import type { TaskLabel } from './tasks.labels.ts';
import type { TaskWithNames } from './tasks.mapper.ts';
import { orderByOf, taskOrder } from './tasks.order.ts';
import { PAGE_STAMP_MAX_AGE_MS, type PageStamp, stillShown } from './tasks.page-stamp.ts';
import {
  anyOf,
  pageReadsMoves,
  type QueryScope,
  queryKey,
  readsMoves,
  type TaskListFilters,
  taskConditions,
  todayOf,
} from './tasks.query.ts';
import { createShownByIds } from './tasks.repository.ts';
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

/** A listed task with its names, labels and open blockers (in the page's one statement). */
type TaskListRow = TaskWithNames & { labels: TaskLabel[]; blockers: Blockers; stamp: string };

export type TaskListPage = {
  rows: TaskListRow[];
  total: number;
  nextCursor: string | null;
  groups?: TaskGroupCount[];
  /** The matching tasks' estimates summed (issue 29). */
  estimateSum: number;
  /** A first page that outlasts moves: what it was made from (tasks.page-stamp.ts). */
  stamp?: PageStamp | undefined;
};

/**
 * Counts are added up from the products' shares, kept per process (tasks.tallies.ts, decision
 * 041). `counts`: the custom fields a query names, shared until a write outdates them
 * (lib/fresh-cache.ts); none: read each time. `now`: the clock that says which day it is in UTC,
 * for a query without `today`.
 */
export function createTaskListing(db: Db, { counts, now }: { counts?: FreshCache; now: () => Date }) {
  const tallies = createTallies(db, { maxEntries: TALLY_ENTRIES });
  const shownByIds = createShownByIds(db);
  type Made = Awaited<ReturnType<typeof statements>>;
  const scopeOf = (query: TaskListQuery): QueryScope => ({
    me: query.me,
    visibleTo: query.visibleTo,
    today: todayOf(query, now()),
  });

  /**
   * The ids of the products a list may count: those its viewer sees (lib/visibility.ts, the same
   * rule) or, for whoever sees them all and for a list asked with no viewer and no product, every
   * product; kept until a write to products, teams or team members moves the visibility version
   * (decision 041). Undefined for one product's list whose caller checked it. `unconfirmed`: kept
   * ids are answered as they are, for a list whose tally confirms them (inSight).
   */
  async function productsInSight(query: TaskListQuery, unconfirmed: boolean): Promise<Sight | undefined> {
    const viewer = query.visibleTo;
    if (!viewer && query.productId) return undefined;
    const visible = viewer && visibleProducts(viewer);
    const key = viewer && visible ? viewerKey(viewer) : 'all';
    const select = db.select({ id: products.id }).from(products).where(visible);
    const seen = await tallies.visible(key, sql`${select}`, unconfirmed);
    return { ...seen, key, all: !visible };
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

  /**
   * The statements of a list: its page (in the query's order, after the cursor) and its counts
   * over some of its products (`share`, tasks.tallies.ts). The page is picked from `tasks` alone and only its rows are
   * joined to their names: written as one five-relation join, the member's first page took 3 ms to
   * plan for 1 ms to run (50,000 tasks). It reads `limit + 1` rows: the extra one only tells
   * whether another page follows. (search.plans-style tests explain exactly these.)
   */
  async function statements(query: TaskListQuery, unconfirmed = false) {
    const [seen, fields] = await Promise.all([productsInSight(query, unconfirmed), queryFields(query)]);
    const scope = { ...scopeOf(query), visibleProductIds: seen && !seen.all ? seen.ids : undefined, fields };
    const labelScope = query.productId
      ? eq(labels.productId, query.productId)
      : scope.visibleProductIds
        ? anyOf(labels.productId, scope.visibleProductIds)
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
    const group = order.group;
    /** The shares of some of the products listed (tasks.tallies.ts): by product, then group. */
    const share: ShareStatement = (ids) => {
      const within = { ...scope, visibleProductIds: ids };
      const where = taskConditions(db, query, within) ?? sql`true`;
      const grouping = group && taskOrder(query, scope.today, anyOf(labels.productId, ids), fields).group;
      if (!grouping)
        return sql`select ${tasks.productId} as product_id, '' as key, '' as label, count(*)::int as total,
            coalesce(sum(${estimatePoints}), 0)::float8 as estimate_sum, '{}'::text[] as order_values
          from ${tasks} where ${where} group by ${tasks.productId}`;
      const keys = grouping.items.map((_, i) => sql.raw(`g${i}`));
      return sql`select product_id, key, min(label) as label, count(*)::int as total,
          coalesce(sum(points), 0)::float8 as estimate_sum,
          array[${sql.join(
            keys.map((key) => sql`${key}::text`),
            sql`, `,
          )}]::text[] as order_values
        from (select ${tasks.productId} as product_id, ${sql.join(
          grouping.items.map((item, i) => sql`${item.expr} as ${keys[i]}`),
          sql`, `,
        )}, ${grouping.key} as key, ${grouping.label} as label, ${estimatePoints} as points
          from ${tasks} ${grouping.joins} where ${where}) grouped
        group by product_id, ${sql.join(keys, sql`, `)}, key`;
    };
    // What the page's rows must still belong to when read by id: the product listed or the
    // products the viewer sees.
    const within = query.productId ? [query.productId] : seen && !seen.all ? seen.ids : null;
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
    return { scope, seen, unconfirmed, order, page, share, within, leadingPage };
  }

  /**
   * The page's rows with their names, labels and open blockers, in the order of `picked` (its ids
   * and cursor values, limited): the ids first, planned alone, then their rows by a statement
   * whose plan is kept (createShownByIds). A row moved out of `within` (the products listed)
   * between the two is left out.
   */
  async function readPage(picked: SQL, within: readonly string[] | null) {
    const { rows: page } = await db.execute<{ id: string; cursor_values: string[] }>(picked);
    const found = new Map(
      (
        await shownByIds(
          page.map((p) => p.id),
          within,
        )
      ).map((row) => [row.task.id, row]),
    );
    return page.flatMap(({ id, cursor_values }) => {
      const row = found.get(id);
      return row ? [{ ...row, cursorValues: cursor_values }] : [];
    });
  }

  /**
   * A list's counts, added up from each product's share (tasks.tallies.ts): the products listed
   * (one product's, or those in sight), every preset (watchers and mentions move versions too,
   * migration 0038).
   */
  async function countsOf(query: TaskListQuery, made: Made): Promise<Counted> {
    const { seen } = made;
    const ids = query.productId
      ? !seen || seen.all || seen.ids.includes(query.productId)
        ? [query.productId]
        : []
      : (seen?.ids ?? []);
    const filters = filtersOf(query);
    const shape = queryKey(
      { ...filters, group: query.group, groupField: query.groupField },
      { ...made.scope, visibleTo: undefined },
    );
    const types = made.order.group?.items.map((item) => item.type) ?? [];
    const steady = !readsMoves(filters, query.group);
    const tally = await tallies.tally(shape, ids, made.share, types, steady);
    if (made.unconfirmed && seen && tally.visibility !== seen.version) throw new SightMoved(seen.key);
    const read = { products: ids, versions: tally.versions, visibility: tally.visibility };
    return made.order.group
      ? { ...tally, read }
      : { total: tally.total, estimateSum: tally.estimateSum, read };
  }

  /**
   * Runs `read` with the viewer's kept products unconfirmed when its tally confirms them (one
   * round trip less); should they be outdated, forgets them and runs it again on a fresh read.
   */
  async function inSight<T>(query: TaskListQuery, read: (unconfirmed: boolean) => Promise<T>): Promise<T> {
    if (query.withTotal === false) return read(false);
    try {
      return await read(true);
    } catch (err) {
      if (!(err instanceof SightMoved)) throw err;
      tallies.forget(err.key);
      return read(false);
    }
  }

  async function listOnce(query: TaskListQuery, made: Made): Promise<TaskListPage> {
    const counting = query.withTotal !== false;
    let rows: Awaited<ReturnType<typeof readPage>>;
    let counted: Counted = { total: 0, estimateSum: 0 };
    // A first page that outlasts moves reads its versions before its rows (tasks.page-stamp.ts).
    const stamped = counting && !query.cursor && !pageReadsMoves(filtersOf(query), query.group, query.sort);
    if (counting && (made.order.group || stamped)) {
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
      stamp:
        stamped && counted.read
          ? {
              at: now().getTime(),
              ...counted.read,
              ids: shown.map((r) => r.task.id),
              rows: shown.map((r) => r.stamp),
            }
          : undefined,
    };
  }

  return {
    statements,

    /** One page in the query's order, how many match in all and (grouped) the groups. */
    list(query: TaskListQuery): Promise<TaskListPage> {
      return inSight(query, async (unconfirmed) => listOnce(query, await statements(query, unconfirmed)));
    },

    /** Whether the first page `stamp` tells of is still the one its query would make now. */
    stillShown(stamp: PageStamp): Promise<boolean> {
      return now().getTime() - stamp.at < PAGE_STAMP_MAX_AGE_MS
        ? stillShown(db, stamp)
        : Promise.resolve(false);
    },

    /** The whole query (paging and order too) as a cache key, the caller's 'me' and date resolved. */
    keyOf(query: TaskListQuery): string {
      const { me: _me, visibleTo: _v, withTotal: _w, ...rest } = query;
      return queryKey(rest, scopeOf(query));
    },

    /**
     * The ids of the tasks the query matches for the viewer, in the products they see now, as a
     * statement another module reads within its own (issue 31: the time logged on a list's tasks);
     * paging, sort and grouping are ignored.
     */
    async matching(viewer: Viewer, query: Partial<TaskQuery>): Promise<SQL> {
      const { cursor: _cursor, ...filters } = query;
      const listQuery: TaskListQuery = { ...filters, me: viewer, visibleTo: viewer, limit: 1 };
      const [seen, fields] = await Promise.all([productsInSight(listQuery, false), queryFields(listQuery)]);
      const scope = {
        ...scopeOf(listQuery),
        visibleProductIds: seen && !seen.all ? seen.ids : undefined,
        fields,
      };
      return sql`select ${tasks.id} from ${tasks} where ${taskConditions(db, listQuery, scope) ?? sql`true`}`;
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
class SightMoved extends Error {
  constructor(readonly key: string) {
    super('the products in sight moved');
  }
}

/** The products a list counts, under `key` ('all' for every product), and whether they are all. */
type Sight = Visible & { key: string; all: boolean };

const viewerKey = (viewer: Viewer) => `${viewer.id}:${viewer.role}`;

type Counted = {
  total: number;
  estimateSum: number;
  /** The products counted and their versions, as a page stamp keeps them. */
  read?: Pick<PageStamp, 'products' | 'versions' | 'visibility'>;
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
