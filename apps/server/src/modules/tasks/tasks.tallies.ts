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
 */
export type ShareStatement = (products: string[]) => SQL;

/** The row the users' names are versioned by (group labels of assignees and people). */
const NAMES = '00000000-0000-0000-0000-000000000000';

/** The row that moves when who sees which product may change (migration 0037). */
const VISIBILITY = '00000000-0000-0000-0000-000000000001';
const rowVersion = (id: string) =>
  sql`coalesce((select version from task_list_versions where product_id = ${id}::uuid), 0)::text`;

const versionOf = (product: SQL) => sql`coalesce((select version from task_list_versions
  where product_id = ${product}), 0)::text || '.' || coalesce((select version from task_list_versions
  where product_id = ${NAMES}::uuid), 0)::text`;

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

  /** Each product's version now, and the visibility row's (under its id): one round trip. */
  async function versions(products: string[]): Promise<Map<string, string>> {
    const { rows } = await db.execute<{ id: string; version: string }>(sql`
      select p.id::text, ${versionOf(sql`p.id`)} as version from unnest(${sql.param(products)}::uuid[]) p(id)
      union all select ${VISIBILITY}, ${rowVersion(VISIBILITY)}`);
    return new Map(rows.map((row) => [row.id, row.version]));
  }

  /** The shares of `stale` with their versions, read in one statement (one snapshot). */
  async function compute(stale: string[], statement: ShareStatement): Promise<Map<string, Share>> {
    const { rows } = await db.execute<{
      product_id: string;
      version: string;
      key: string | null;
      label: string | null;
      total: number | null;
      estimate_sum: number | null;
      order_values: string[] | null;
    }>(sql`with v as (select p.id as product_id, ${versionOf(sql`p.id`)} as version
        from unnest(${sql.param(stale)}::uuid[]) p(id))
      select v.product_id, v.version, s.key, s.label, s.total, s.estimate_sum, s.order_values
      from v left join (${statement(stale)}) s on s.product_id = v.product_id`);
    const computed = new Map<string, Share>();
    for (const row of rows) {
      let share = computed.get(row.product_id);
      if (!share) {
        share = { version: row.version, total: 0, estimateSum: 0, groups: [] };
        computed.set(row.product_id, share);
      }
      if (row.key === null) continue;
      const total = Number(row.total ?? 0);
      const estimateSum = Number(row.estimate_sum ?? 0);
      share.total += total;
      share.estimateSum += estimateSum;
      share.groups.push({
        key: row.key,
        label: row.label ?? '',
        total,
        estimateSum,
        order: row.order_values ?? [],
      });
    }
    return computed;
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
     * ORDER BY item types.
     */
    async tally(
      shape: string,
      products: string[],
      statement: ShareStatement,
      types: OrderType[],
    ): Promise<Tally & { visibility: string }> {
      const now = await versions(products);
      const visibility = now.get(VISIBILITY) ?? '';
      const found: Share[] = [];
      const stale: string[] = [];
      for (const product of products) {
        const share = shares.get(`${shape}\n${product}`);
        if (share && share.version === now.get(product)) found.push(share);
        else stale.push(product);
      }
      if (stale.length > 0) {
        const computed = await compute(stale, statement);
        for (const [product, share] of computed) {
          keep(`${shape}\n${product}`, share);
          found.push(share);
        }
      }
      return { ...addUp(found, types), visibility };
    },
  };
}
