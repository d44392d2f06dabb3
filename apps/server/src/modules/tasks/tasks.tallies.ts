import type { TaskGroupCount } from '@shipyard/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { OrderType } from './tasks.query.ts';

// A task list's counts, kept per product (docs/decisions/041-task-list-tallies.md). A list over
// many products (a member's /tasks: a hundred products, 25,000 tasks) adds up each product's
// share: how many of its tasks match, their estimates, and per group. A share is computed with
// its product's task_list_versions value, in the same statement, and stays good while the row
// holds that value (migration 0034: the row changes in the commit of any write its tasks' counts
// depend on). A write to one product's tasks then costs the next list that product's share, not
// a count of every task the member sees, which the shared counts of decision 023 did on every
// write to any task.

/** One group's share: its total, estimates, label, and its ORDER BY values (as text). */
type GroupShare = { key: string; label: string; total: number; estimateSum: number; order: string[] };
type Share = { version: string; total: number; estimateSum: number; groups: GroupShare[] };

/** `orders`: each group's ORDER BY values, as text (a page within one group carries them in its cursor). */
export type Tally = {
  total: number;
  estimateSum: number;
  groups: TaskGroupCount[];
  orders: Map<string, string[]>;
};

/** A viewer's product ids and the visibility version they were read at. */
export type Visible = { version: string; ids: string[] };

/**
 * The statement that reads the shares of `products` (one row per product and group): product_id,
 * key, label, total, estimate_sum, order_values; its rows may leave out a product with no match.
 * `products` is an SQL array of their ids, known only when the statement runs.
 */
export type ShareStatement = (products: SQL) => SQL;

/** The row the users' names are versioned by (group labels of assignees and people). */
const NAMES = '00000000-0000-0000-0000-000000000000';

/** The row that moves when who sees which product may change (migration 0037). */
export const VISIBILITY = '00000000-0000-0000-0000-000000000001';
export const rowVersion = (id: string) =>
  sql`coalesce((select version from task_list_versions where product_id = ${id}::uuid), 0)::text`;

/** A product's version for counts that read its tasks' moving columns, or its steady one (migration 0045). */
export const versionOf = (product: SQL, steady: boolean) => sql`coalesce((select ${sql.raw(
  steady ? 'steady_version' : 'version',
)} from task_list_versions where product_id = ${product}), 0)::text || '.' || coalesce((select version
  from task_list_versions where product_id = ${NAMES}::uuid), 0)::text`;

/** PostgreSQL's order of two ORDER BY values of `type` read as text (group items: see tasks.groups.ts). */
function compareValue(a: string, b: string, type: OrderType): number {
  if (type === 'int' || type === 'numeric') return Number(a) - Number(b);
  // Text items of a grouping are collate "C": byte order of their UTF-8.
  if (type === 'text') return Buffer.compare(Buffer.from(a), Buffer.from(b));
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Adds the shares up: totals, and the groups by key in the grouping's order. */
function addUp(shares: Share[], types: OrderType[]): Tally {
  const groups = new Map<string, GroupShare>();
  let total = 0;
  let estimateSum = 0;
  for (const share of shares) {
    total += share.total;
    estimateSum += share.estimateSum;
    for (const g of share.groups) {
      const seen = groups.get(g.key);
      if (!seen) groups.set(g.key, { ...g });
      else {
        seen.total += g.total;
        seen.estimateSum += g.estimateSum;
        // Labels of one key differ only in case ("Bug", "bug"): the least, as min(label) chose.
        if (g.label < seen.label) seen.label = g.label;
      }
    }
  }
  const ordered = [...groups.values()].sort((a, b) => {
    for (let i = 0; i < types.length; i++) {
      const type = types[i];
      const diff = type ? compareValue(a.order[i] ?? '', b.order[i] ?? '', type) : 0;
      if (diff !== 0) return diff;
    }
    return 0;
  });
  return {
    total,
    estimateSum,
    groups: ordered.map(({ key, label, total, estimateSum }) => ({ key, label, total, estimateSum })),
    orders: new Map(ordered.map((g) => [g.key, g.order])),
  };
}

export function createTallies(db: Db, { maxEntries }: { maxEntries: number }) {
  /** `${shape}\n${product}` → the product's share; the least recently used go beyond maxEntries. */
  const shares = new Map<string, Share>();
  const keep = (key: string, share: Share) => {
    shares.delete(key);
    shares.set(key, share);
    for (const oldest of shares.keys()) {
      if (shares.size <= maxEntries) break;
      shares.delete(oldest);
    }
  };

  /** A viewer's product ids, with the visibility version they were read at. */
  const viewers = new Map<string, Visible>();

  type ShareRow = {
    product_id: string;
    version: string;
    key: string | null;
    label: string | null;
    total: number | null;
    estimate_sum: number | null;
    order_values: string[] | null;
  };

  /**
   * In one statement (one round trip, one snapshot): every product's version now and the visibility
   * row's (rows without `key`, `total`), and the shares of the products whose version is not the
   * one `held` (rows with `total`; one with a null `key` for a product with no match). The products
   * to recount are known only in PostgreSQL, so the share statement reads them as an array.
   */
  async function readShares(
    products: string[],
    held: Map<string, Share>,
    statement: ShareStatement,
    steady: boolean,
  ) {
    const kept = [...held];
    const { rows } =
      await db.execute<ShareRow>(sql`with v as (select p.id as product_id, ${versionOf(sql`p.id`, steady)} as version
        from unnest(${sql.param(products)}::uuid[]) p(id)),
      h as (select * from unnest(${sql.param(kept.map(([id]) => id))}::uuid[],
        ${sql.param(kept.map(([, share]) => share.version))}::text[]) h(product_id, version)),
      stale as (select v.product_id, v.version from v left join h on h.product_id = v.product_id
        where h.version is distinct from v.version)
      select v.product_id::text, v.version, null as key, null as label, null::int as total,
        null::float8 as estimate_sum, null::text[] as order_values from v
      union all select ${VISIBILITY}, ${rowVersion(VISIBILITY)}, null, null, null, null, null
      union all select stale.product_id::text, stale.version, coalesce(s.key, ''), s.label, coalesce(s.total, -1),
        s.estimate_sum, s.order_values
      from stale left join (${statement(sql`array(select product_id from stale)`)}) s on s.product_id = stale.product_id`);
    const versions = new Map<string, string>();
    const computed = new Map<string, Share>();
    for (const row of rows) {
      if (row.total === null) {
        versions.set(row.product_id, row.version);
        continue;
      }
      let share = computed.get(row.product_id);
      if (!share) {
        share = { version: row.version, total: 0, estimateSum: 0, groups: [] };
        computed.set(row.product_id, share);
      }
      // -1: the product has no matching task (its share is empty).
      if (row.total < 0) continue;
      const total = Number(row.total);
      const estimateSum = Number(row.estimate_sum ?? 0);
      share.total += total;
      share.estimateSum += estimateSum;
      share.groups.push({
        key: row.key ?? '',
        label: row.label ?? '',
        total,
        estimateSum,
        order: row.order_values ?? [],
      });
    }
    return { versions, computed };
  }

  return {
    /**
     * The ids `select` (a statement of one `id` column) reads: a viewer's products, kept under
     * `key` until the visibility row moves, with the row's version they were read at. Unless
     * `unconfirmed`, a kept list costs one round trip to confirm it; an unconfirmed one costs none,
     * and the caller confirms it with a tally's `visibility` (the same round trip as its versions)
     * and, should it differ, forgets it and reads again.
     */
    async visible(key: string, select: SQL, unconfirmed = false): Promise<Visible> {
      const kept = viewers.get(key);
      if (kept && unconfirmed) return kept;
      if (kept) {
        const { rows } = await db.execute<{ version: string }>(
          sql`select ${rowVersion(VISIBILITY)} as version`,
        );
        if (rows[0]?.version === kept.version) return kept;
      }
      const { rows } = await db.execute<{ version: string; ids: string[] }>(sql`select
        ${rowVersion(VISIBILITY)} as version, array(select s.id::text from (${select}) s) as ids`);
      const read = rows[0] ?? { version: '', ids: [] };
      viewers.delete(key);
      viewers.set(key, read);
      for (const oldest of viewers.keys()) {
        if (viewers.size <= maxEntries) break;
        viewers.delete(oldest);
      }
      return read;
    },

    /** Drops a viewer's kept products (their visibility version was found outdated). */
    forget(key: string) {
      viewers.delete(key);
    },

    /**
     * The counts of the list `shape` (its filters and grouping, 'me' resolved: never who may see
     * it) over `products`, which the caller has checked the viewer sees. `types`: the grouping's
     * ORDER BY item types. `steady`: the shape reads none of a task's moving columns
     * (readsMoves), so its shares are versioned by steady_version and outlast moves.
     */
    async tally(
      shape: string,
      products: string[],
      statement: ShareStatement,
      types: OrderType[],
      steady: boolean,
    ): Promise<Tally & { visibility: string; versions: string[] }> {
      const held = new Map<string, Share>();
      for (const product of products) {
        const share = shares.get(`${shape}\n${product}`);
        if (share) held.set(product, share);
      }
      const { versions, computed } = await readShares(products, held, statement, steady);
      const visibility = versions.get(VISIBILITY) ?? '';
      const found: Share[] = [];
      for (const product of products) {
        const fresh = computed.get(product);
        if (fresh) {
          keep(`${shape}\n${product}`, fresh);
          found.push(fresh);
          continue;
        }
        const share = held.get(product);
        if (share && share.version === versions.get(product)) found.push(share);
      }
      return {
        ...addUp(found, types),
        visibility,
        versions: products.map((product) => versions.get(product) ?? ''),
      };
    },
  };
}
