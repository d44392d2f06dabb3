import type { ProductStatus, RoadmapQuery } from '@shipyard/shared';
import { and, asc, eq, exists, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events, productStagePlans, products, teams } from '../../db/schema/index.ts';
import { type Viewer, visibleProducts } from '../../lib/visibility.ts';

type Window = { from: string; to: string };

/** The products a roadmap shows: visible now, not archived, meeting the window, filtered. */
function roadmapProducts(
  db: Db,
  viewer: Viewer,
  { from, to }: Window,
  { stage, team }: RoadmapQuery,
): SQL | undefined {
  const plansInWindow = sql`exists (select 1 from ${productStagePlans}
    where ${productStagePlans.productId} = ${products.id}
      and ${productStagePlans.startsOn} <= ${to} and ${productStagePlans.endsOn} >= ${from})`;
  return and(
    visibleProducts(viewer),
    isNull(products.archivedAt),
    or(and(lte(products.startDate, to), gte(products.targetEndDate, from)), plansInWindow),
    stage?.length ? inArray(products.status, stage) : undefined,
    team?.length
      ? exists(
          db
            .select({ one: sql`1` })
            .from(teams)
            .where(and(eq(teams.productId, products.id), inArray(teams.teamType, team))),
        )
      : undefined,
  );
}

export function createRoadmapRepository(db: Db) {
  return {
    /** At most `limit` products, by start date, then name and id (stable). */
    products(viewer: Viewer, window: Window, query: RoadmapQuery, limit: number) {
      return db
        .select()
        .from(products)
        .where(roadmapProducts(db, viewer, window, query))
        .orderBy(asc(products.startDate), asc(products.name), asc(products.id))
        .limit(limit);
    },

    /** The stage plans of these products, in one query. */
    plansOf(productIds: string[]) {
      if (productIds.length === 0) return Promise.resolve([]);
      return db.select().from(productStagePlans).where(inArray(productStagePlans.productId, productIds));
    },

    /** Their one-day milestone events in the window, by date and title, at most `limit`. */
    milestonesOf(productIds: string[], { from, to }: Window, limit: number) {
      if (productIds.length === 0) return Promise.resolve([]);
      return db
        .select({ id: events.id, title: events.title, date: events.date, productId: events.productId })
        .from(events)
        .where(
          and(
            inArray(events.productId, productIds),
            eq(events.type, 'milestone'),
            isNull(events.recurrence),
            gte(events.date, from),
            lte(events.date, to),
          ),
        )
        .orderBy(asc(events.date), asc(events.title), asc(events.id))
        .limit(limit);
    },

    findPlan(tx: Db, productId: string, stage: ProductStatus) {
      return tx
        .select()
        .from(productStagePlans)
        .where(and(eq(productStagePlans.productId, productId), eq(productStagePlans.stage, stage)))
        .limit(1)
        .then((rows) => rows[0]);
    },

    async upsertPlan(
      tx: Db,
      plan: { productId: string; stage: ProductStatus; startsOn: string; endsOn: string; updatedBy: string },
    ) {
      const [row] = await tx
        .insert(productStagePlans)
        .values(plan)
        .onConflictDoUpdate({
          target: [productStagePlans.productId, productStagePlans.stage],
          set: {
            startsOn: plan.startsOn,
            endsOn: plan.endsOn,
            updatedBy: plan.updatedBy,
            updatedAt: new Date(),
          },
        })
        .returning();
      if (!row) throw new Error('stage plan not stored');
      return row;
    },

    async deletePlan(tx: Db, productId: string, stage: ProductStatus) {
      const rows = await tx
        .delete(productStagePlans)
        .where(and(eq(productStagePlans.productId, productId), eq(productStagePlans.stage, stage)))
        .returning();
      return rows[0];
    },
  };
}

export type RoadmapRepository = ReturnType<typeof createRoadmapRepository>;
