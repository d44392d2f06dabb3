import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, savedViewPins, savedViews, users } from '../../db/schema/index.ts';
import { type Viewer, visibleProducts } from '../../lib/visibility.ts';

/** The most views one list answers: a person's own (at most 100) and the shared ones they see. */
const VIEW_LIST_MAX = 200;

export type NewView = Pick<
  typeof savedViews.$inferInsert,
  'ownerId' | 'name' | 'query' | 'display' | 'scope' | 'productId'
>;
export type ViewPatch = Partial<Omit<NewView, 'ownerId'>>;

/**
 * Who sees a view: its owner a personal one; whoever sees its product a shared one (`products`
 * is the view's product, left-joined).
 */
function visibleTo(viewer: Viewer): SQL {
  const seesProduct = visibleProducts(viewer) ?? sql`true`;
  return or(
    and(eq(savedViews.scope, 'personal'), eq(savedViews.ownerId, viewer.id)),
    and(eq(savedViews.scope, 'shared'), seesProduct),
  ) as SQL;
}

export function createViewsRepository(db: Db) {
  const selectSeen = (viewer: Viewer, tx: Db = db) =>
    tx
      .select({
        view: savedViews,
        ownerName: users.name,
        product: { id: products.id, name: products.name, createdBy: products.createdBy },
        pinned: sql<boolean>`exists (select 1 from ${savedViewPins} where ${savedViewPins.viewId} = ${savedViews.id} and ${savedViewPins.userId} = ${viewer.id})`,
      })
      .from(savedViews)
      .innerJoin(users, eq(users.id, savedViews.ownerId))
      .leftJoin(products, eq(products.id, savedViews.productId));

  return {
    /** The views the viewer sees, pinned first, then by name; one query. */
    listSeen: (viewer: Viewer) =>
      selectSeen(viewer)
        .where(visibleTo(viewer))
        .orderBy(
          desc(
            sql`exists (select 1 from ${savedViewPins} where ${savedViewPins.viewId} = ${savedViews.id} and ${savedViewPins.userId} = ${viewer.id})`,
          ),
          asc(sql`lower(${savedViews.name})`),
          asc(savedViews.id),
        )
        .limit(VIEW_LIST_MAX),

    /** The view if the viewer sees it (in a write: held FOR UPDATE). */
    async findSeen(viewer: Viewer, id: string, tx: Db = db, lock = false) {
      const query = selectSeen(viewer, tx)
        .where(and(eq(savedViews.id, id), visibleTo(viewer)))
        .limit(1);
      const [row] = await (lock ? query.for('update', { of: savedViews }) : query);
      return row;
    },

    /**
     * Holds the person's account row (FOR NO KEY UPDATE: rows that merely reference it go on) for
     * the caller's transaction, so two saves or pins at once take turns at the caps.
     */
    async holdPerson(userId: string, tx: Db) {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    },

    async countOwned(ownerId: string, tx: Db) {
      const [row] = await tx.select({ n: count() }).from(savedViews).where(eq(savedViews.ownerId, ownerId));
      return row?.n ?? 0;
    },

    /** The viewer's pins of views they still see (a pin of a view they lost takes no place). */
    async countPins(viewer: Viewer, tx: Db) {
      const [row] = await tx
        .select({ n: count() })
        .from(savedViewPins)
        .innerJoin(savedViews, eq(savedViews.id, savedViewPins.viewId))
        .leftJoin(products, eq(products.id, savedViews.productId))
        .where(and(eq(savedViewPins.userId, viewer.id), visibleTo(viewer)));
      return row?.n ?? 0;
    },

    async insert(values: NewView, tx: Db) {
      const [row] = await tx.insert(savedViews).values(values).returning({ id: savedViews.id });
      if (!row) throw new Error('views: insert returned no row');
      return row.id;
    },

    async update(id: string, patch: ViewPatch, tx: Db) {
      await tx.update(savedViews).set(patch).where(eq(savedViews.id, id));
    },

    async delete(id: string, tx: Db) {
      await tx.delete(savedViews).where(eq(savedViews.id, id));
    },

    /** True when the pin is new. */
    async pin(userId: string, viewId: string, tx: Db) {
      const rows = await tx
        .insert(savedViewPins)
        .values({ userId, viewId })
        .onConflictDoNothing()
        .returning({ viewId: savedViewPins.viewId });
      return rows.length > 0;
    },

    async unpin(userId: string, viewId: string, tx: Db = db) {
      const rows = await tx
        .delete(savedViewPins)
        .where(and(eq(savedViewPins.userId, userId), eq(savedViewPins.viewId, viewId)))
        .returning({ viewId: savedViewPins.viewId });
      return rows.length > 0;
    },
  };
}

export type ViewsRepository = ReturnType<typeof createViewsRepository>;
export type SeenViewRow = NonNullable<Awaited<ReturnType<ViewsRepository['findSeen']>>>;
