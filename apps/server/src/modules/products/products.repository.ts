import type { ProductFilters } from '@shipyard/shared';
import { and, count, desc, eq, exists, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type ProductRow,
  productKeyHistory,
  products,
  tasks,
  teamMembers,
  teams,
  users,
} from '../../db/schema/index.ts';
import { type Cursor, exactCreatedAt, olderThan } from '../../lib/cursor.ts';
import { containsInsensitive } from '../../lib/like.ts';
import { type Viewer, visibleProducts } from '../../lib/visibility.ts';

export type NewProduct = typeof products.$inferInsert;
export type ProductPatch = Partial<
  Pick<
    NewProduct,
    | 'name'
    | 'description'
    | 'status'
    | 'priority'
    | 'teamSize'
    | 'startDate'
    | 'targetEndDate'
    | 'archivedAt'
    | 'key'
    | 'rank'
  >
>;

/** Progress is derived, never stored (docs/data-model.md): round(100 × completed / all), 0 with no tasks. */
const progressOfTasks = () =>
  sql<number>`coalesce(round(100.0 * count(*) filter (where ${tasks.status} = 'Completed') / nullif(count(*), 0)), 0)::int`;

export function createProductsRepository(db: Db) {
  // One aggregate row per product, joined LATERAL in the same query that reads the products:
  // no query per product (served by tasks_product_status_idx).
  const taskProgress = db
    .select({ progress: progressOfTasks().as('progress') })
    .from(tasks)
    .where(eq(tasks.productId, products.id))
    .as('task_progress');

  // People with an active membership in any of the product's teams, each counted once.
  const activeMembers = db
    .select({ activeMembers: sql<number>`count(distinct ${teamMembers.userId})::int`.as('active_members') })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teams.productId, products.id), eq(teamMembers.status, 'active')))
    .as('active_members');

  const creator = { id: users.id, name: users.name, avatarUrl: users.avatarUrl };

  function listConditions(viewer: Viewer, filters: ProductFilters): SQL | undefined {
    const { search, status, priority, team, archived } = filters;
    return and(
      visibleProducts(viewer),
      archived ? undefined : isNull(products.archivedAt),
      search
        ? or(containsInsensitive(products.name, search), containsInsensitive(products.description, search))
        : undefined,
      status?.length ? inArray(products.status, status) : undefined,
      priority?.length ? inArray(products.priority, priority) : undefined,
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

  const figures = {
    product: products,
    progress: taskProgress.progress,
    activeMembers: activeMembers.activeMembers,
    creator,
  };

  /** A product row with what lists and the detail show beside it: progress, active members, creator. */
  const withFigures = () =>
    db
      .select(figures)
      .from(products)
      .leftJoinLateral(taskProgress, sql`true`)
      .leftJoinLateral(activeMembers, sql`true`)
      .leftJoin(users, eq(users.id, products.createdBy));

  return {
    /**
     * Whether another product has `key` now or had it before (its tasks' old links name it). A
     * product in the trash keeps its key (it may be restored), so this reads the table itself,
     * not the live view (decision 034).
     */
    async keyTaken(key: string, productId: string, tx: Db = db): Promise<boolean> {
      const { rows } = await tx.execute(sql`
        select 1 from public.products p where p.key = ${key} and p.id <> ${productId}
        union all
        select 1 from ${productKeyHistory}
        where ${productKeyHistory.key} = ${key} and ${productKeyHistory.productId} <> ${productId}
        limit 1`);
      return rows.length > 0;
    },

    async list(viewer: Viewer, filters: ProductFilters) {
      const where = listConditions(viewer, filters);
      const [rows, [total]] = await Promise.all([
        withFigures()
          .where(where)
          .orderBy(desc(products.createdAt), desc(products.id))
          .limit(filters.limit)
          .offset((filters.page - 1) * filters.limit),
        db.select({ n: count() }).from(products).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /**
     * The CSV export (issue 20): the list's rows with the same visibility and filters, in the
     * same order, read by keyset (`size` rows after the cursor) rather than by page number.
     */
    async exportPage(viewer: Viewer, filters: ProductFilters, after: Cursor | undefined, size: number) {
      return db
        .select({ ...figures, cursorAt: exactCreatedAt(products.createdAt) })
        .from(products)
        .leftJoinLateral(taskProgress, sql`true`)
        .leftJoinLateral(activeMembers, sql`true`)
        .leftJoin(users, eq(users.id, products.createdBy))
        .where(
          and(
            listConditions(viewer, filters),
            after ? olderThan(products.createdAt, products.id, after) : undefined,
          ),
        )
        .orderBy(desc(products.createdAt), desc(products.id))
        .limit(size);
    },

    /** How many products the list holds with these filters. */
    async count(viewer: Viewer, filters: ProductFilters) {
      const [row] = await db.select({ n: count() }).from(products).where(listConditions(viewer, filters));
      return row?.n ?? 0;
    },

    /** The product with its progress and creator, if the viewer may see it. */
    async findVisibleDetail(viewer: Viewer, id: string) {
      const [row] = await withFigures()
        .where(and(eq(products.id, id), visibleProducts(viewer)))
        .limit(1);
      return row;
    },

    /** The product locked for a change in this transaction, if the viewer may see it. */
    async lockVisible(tx: Db, viewer: Viewer, id: string): Promise<ProductRow | undefined> {
      const [row] = await tx
        .select()
        .from(products)
        .where(and(eq(products.id, id), visibleProducts(viewer)))
        .limit(1)
        .for('update', { of: products });
      return row;
    },

    /** Progress, active members and creator of a product just written, for the write's answer. */
    async extras(id: string, tx: Db = db) {
      const [row] = await tx
        .select({ progress: taskProgress.progress, activeMembers: activeMembers.activeMembers, creator })
        .from(products)
        .leftJoinLateral(taskProgress, sql`true`)
        .leftJoinLateral(activeMembers, sql`true`)
        .leftJoin(users, eq(users.id, products.createdBy))
        .where(eq(products.id, id))
        .limit(1);
      return row;
    },

    async progress(id: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ progress: progressOfTasks() })
        .from(tasks)
        .where(eq(tasks.productId, id));
      return row?.progress ?? 0;
    },

    async insert(values: NewProduct, tx: Db = db): Promise<ProductRow> {
      const [row] = await tx.insert(products).values(values).returning();
      if (!row) throw new Error('product insert returned no row');
      return row;
    },

    async update(id: string, patch: ProductPatch, tx: Db = db): Promise<ProductRow | undefined> {
      const [row] = await tx.update(products).set(patch).where(eq(products.id, id)).returning();
      return row;
    },

    /**
     * To the trash (issue 28), its live tasks with it (marked as gone with the product, so that
     * restoring the product brings back those and not the ones trashed before it). Rows stay until
     * the purge (modules/trash); the live views leave them out of every read (db/live-views.ts).
     */
    async trash(id: string, actorId: string, at: Date, tx: Db = db) {
      const gone = { deletedAt: at, deletedBy: actorId, updatedAt: sql`now()` };
      await tx
        .update(tasks)
        .set({ ...gone, deletedWithProduct: true })
        .where(eq(tasks.productId, id));
      await tx.update(products).set(gone).where(eq(products.id, id));
    },
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
