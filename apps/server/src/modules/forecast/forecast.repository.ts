import { and, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, tasks } from '../../db/schema/index.ts';
import { type Viewer, visibleProducts } from '../../lib/visibility.ts';
import { type ProductHistory, WINDOW_DAYS } from './forecast.model.ts';

// `tasks` is the live view (db/live-views.ts): trashed tasks, and those of a trashed product, are
// never counted. Days are UTC calendar days counted back from `today`.

export function createForecastRepository(db: Db) {
  return {
    /** Those of `ids` the viewer sees now, in one query. */
    async visibleIds(viewer: Viewer, ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(and(inArray(products.id, [...ids]), visibleProducts(viewer)));
      const seen = new Set(rows.map((r) => r.id));
      return ids.filter((id) => seen.has(id));
    },

    /**
     * The histories of these products, in two queries whatever their number: open tasks and the
     * first task's day per product, and per product and day of the window the tasks completed and
     * created (one scan of their tasks each).
     */
    async histories(ids: readonly string[], today: string): Promise<Map<string, ProductHistory>> {
      const list = sql`${sql.param([...ids])}::uuid[]`;
      const since = sql`(${today}::date - ${WINDOW_DAYS - 1}::int)::timestamp at time zone 'UTC'`;
      const [totals, days] = await Promise.all([
        // Per product, each answered from an index (open: product and status; the first task:
        // product and creation time), not by reading every task of the products.
        db.execute<{ product_id: string; open: number; first_ago: number | null }>(sql`
          select p.id as product_id,
            (select count(*) from ${tasks} where ${tasks.productId} = p.id and ${tasks.status} <> 'Completed')::int as open,
            (select (${today}::date - (min(${tasks.createdAt}) at time zone 'UTC')::date)
              from ${tasks} where ${tasks.productId} = p.id)::int as first_ago
          from unnest(${list}) as p(id)`),
        // Each side counted per product and day before they are put together: the rows grouped
        // are the window's tasks, the rows returned at most 169 a product.
        db.execute<{ product_id: string; ago: number; done: number; made: number }>(sql`
          select product_id, ago, sum(done)::int as done, sum(made)::int as made from (
            select ${tasks.productId} as product_id,
              (${today}::date - (${tasks.completedAt} at time zone 'UTC')::date) as ago, count(*) as done, 0 as made
            from ${tasks}
            where ${tasks.productId} = any(${list}) and ${tasks.status} = 'Completed' and ${tasks.completedAt} >= ${since}
            group by 1, 2
            union all
            select ${tasks.productId}, (${today}::date - (${tasks.createdAt} at time zone 'UTC')::date), 0, count(*)
            from ${tasks}
            where ${tasks.productId} = any(${list}) and ${tasks.createdAt} >= ${since}
            group by 1, 2
          ) d where ago between 0 and ${WINDOW_DAYS - 1}
          group by product_id, ago`),
      ]);
      const out = new Map<string, ProductHistory>();
      for (const id of ids)
        out.set(id, { productId: id, today, open: 0, firstAgo: null, completed: [], created: [] });
      for (const row of totals.rows) {
        const h = out.get(row.product_id);
        if (!h) continue;
        h.open = row.open;
        h.firstAgo = row.first_ago === null ? null : Math.max(0, row.first_ago);
      }
      for (const row of days.rows) {
        const h = out.get(row.product_id);
        if (!h) continue;
        h.completed[row.ago] = row.done;
        h.created[row.ago] = row.made;
      }
      return out;
    },
  };
}

export type ForecastRepository = ReturnType<typeof createForecastRepository>;
