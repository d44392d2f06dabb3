import { ACTIVITY_LIST_METADATA_KEYS, type ActivityLogQuery } from '@shipyard/shared';
import { and, count, desc, eq, getTableColumns, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activities, products, users } from '../../db/schema/index.ts';
import { type Cursor, exactCreatedAt, olderThan } from '../../lib/cursor.ts';
import { containsInsensitive } from '../../lib/like.ts';
import { type Viewer, visibleProducts } from '../../lib/visibility.ts';
import type { ActivityWithNames } from './activities.mapper.ts';

export type NewActivity = typeof activities.$inferInsert;

/** The entry with its product's and performer's names (both LEFT JOINed: either may be gone). */
const withNames = {
  activity: activities,
  productName: products.name,
  performer: { id: users.id, name: users.name, avatarUrl: users.avatarUrl },
};

/**
 * The log's rows carry only the metadata keys that spec §3 names and the lists read (status and
 * progress: the dashboard's Recent Activity draws them), never a whole stored blob (issue 13 #4).
 */
const { metadata: _metadata, ...logColumns } = getTableColumns(activities);
const listedMetadata = sql<Record<string, unknown>>`jsonb_strip_nulls(jsonb_build_object(${sql.join(
  ACTIVITY_LIST_METADATA_KEYS.map((key) => sql`${key}::text, ${activities.metadata} -> ${key}::text`),
  sql`, `,
)}))`;
const logWithNames = { ...withNames, activity: { ...logColumns, metadata: listedMetadata } };

const COUNT_CAP = 10_000;
const TYPES_WINDOW = 5_000;

export function createActivitiesRepository(db: Db) {
  /**
   * The entries a viewer may see: those of a visible product, and an entry without a product (a
   * deleted product's) only to admins and to whoever performed it. The visible products are one
   * subquery, hashed once, rather than the membership check repeated for every entry walked.
   */
  function visibleActivities(viewer: Viewer): SQL | undefined {
    const product = visibleProducts(viewer);
    // An admin's too: not the entries of a product in the trash (issue 28).
    const ofProduct = inArray(
      activities.productId,
      db.select({ id: products.id }).from(products).where(product),
    );
    if (!product) return or(ofProduct, isNull(activities.productId));
    return or(ofProduct, and(isNull(activities.productId), eq(activities.performedBy, viewer.id)));
  }

  /** The log's filters over the entries the viewer may see. */
  function logConditions(viewer: Viewer, query: Omit<ActivityLogQuery, 'limit'>): SQL | undefined {
    return and(
      visibleActivities(viewer),
      query.productId ? eq(activities.productId, query.productId) : undefined,
      query.action ? eq(activities.actionType, query.action) : undefined,
      query.search ? containsInsensitive(activities.description, query.search) : undefined,
    );
  }

  const selectWithNames = (tx: Db) =>
    tx
      .select(withNames)
      .from(activities)
      .leftJoin(products, eq(products.id, activities.productId))
      .leftJoin(users, eq(users.id, activities.performedBy));

  /** Entries matching `where` with the names of their product and performer, newest first, after the cursor. */
  function newestWithNames(where: SQL | undefined, after: Cursor | undefined, limit: number) {
    return db
      .select({ ...logWithNames, cursorAt: exactCreatedAt(activities.createdAt) })
      .from(activities)
      .leftJoin(products, eq(products.id, activities.productId))
      .leftJoin(users, eq(users.id, activities.performedBy))
      .where(and(where, after ? olderThan(activities.createdAt, activities.id, after) : undefined))
      .orderBy(desc(activities.createdAt), desc(activities.id))
      .limit(limit);
  }

  return {
    /** Many entries in one statement per 500 (an import's `task_created` entries). */
    async insertMany(values: NewActivity[], tx: Db) {
      for (let i = 0; i < values.length; i += 500) {
        await tx.insert(activities).values(values.slice(i, i + 500));
      }
    },

    /** The entry's insert, not run: for `writeTogether` (lib/write.ts), with the change's other writes. */
    insertStatement(values: NewActivity, tx: Db) {
      return tx.insert(activities).values(values).returning({ id: activities.id });
    },

    async insert(values: NewActivity, tx: Db = db) {
      const [row] = await tx.insert(activities).values(values).returning();
      if (!row) throw new Error('activity insert returned no row');
      return row;
    },

    /** A product's newest entries, newest first. */
    async listForProduct(productId: string, limit: number, tx: Db = db): Promise<ActivityWithNames[]> {
      return selectWithNames(tx)
        .where(eq(activities.productId, productId))
        .orderBy(desc(activities.createdAt), desc(activities.id))
        .limit(limit);
    },

    /**
     * The newest `perProduct` entries of each product, in one query: a LATERAL read per product id
     * on activities_product_created_idx, so a product with a long history costs no more (spec §7.2).
     */
    async newestForProducts(productIds: string[], perProduct: number, tx: Db = db) {
      if (productIds.length === 0) return [];
      const ids = sql.join(
        productIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      const newest = sql`(select a.id from unnest(array[${ids}]) as p(id) cross join lateral (
        select ${activities.id} as id from ${activities} where ${activities.productId} = p.id
        order by ${activities.createdAt} desc, ${activities.id} desc limit ${perProduct}) as a)`;
      return tx
        .select(logWithNames)
        .from(activities)
        .leftJoin(products, eq(products.id, activities.productId))
        .leftJoin(users, eq(users.id, activities.performedBy))
        .where(inArray(activities.id, newest))
        .orderBy(desc(activities.createdAt), desc(activities.id));
    },

    /**
     * A page of a task's history, newest first, with `limit + 1` rows read (the extra one tells
     * whether another page follows). Only entries the viewer may see in the log: an entry recorded
     * while the task belonged to a product the viewer does not see stays out (a moved task).
     */
    async listForTask(viewer: Viewer, taskId: string, after: Cursor | undefined, limit: number) {
      return newestWithNames(and(eq(activities.taskId, taskId), visibleActivities(viewer)), after, limit + 1);
    },

    /**
     * The CSV export of the log (issue 20): the same entries with the same filters and order,
     * `size` after the cursor. The whole metadata stays out, as in the list.
     */
    async exportPage(
      viewer: Viewer,
      query: Omit<ActivityLogQuery, 'limit'>,
      after: Cursor | undefined,
      size: number,
    ) {
      return newestWithNames(logConditions(viewer, query), after, size);
    },

    /** The activity log: the newest matching entries, how many match, and the action types to filter by. */
    async log(viewer: Viewer, query: ActivityLogQuery) {
      const visible = visibleActivities(viewer);
      const where = logConditions(viewer, query);
      // Counting every match and collecting every action type would read the whole table (500,000
      // entries at the benchmark's scale) on each request. Both are bounded: the count stops at
      // COUNT_CAP (the screen then says "10,000+"), and the filter offers the action types found
      // among the newest TYPES_WINDOW visible entries — both served by activities_created_idx.
      const matching = db
        .select({ one: sql`1` })
        .from(activities)
        .where(where)
        .limit(COUNT_CAP + 1)
        .as('matching');
      const recent = db
        .select({ actionType: activities.actionType })
        .from(activities)
        .where(visible)
        .orderBy(desc(activities.createdAt), desc(activities.id))
        .limit(TYPES_WINDOW)
        .as('recent');
      const [rows, [counted], types] = await Promise.all([
        db
          .select(logWithNames)
          .from(activities)
          .leftJoin(products, eq(products.id, activities.productId))
          .leftJoin(users, eq(users.id, activities.performedBy))
          .where(where)
          .orderBy(desc(activities.createdAt), desc(activities.id))
          .limit(query.limit),
        db.select({ n: count() }).from(matching),
        db.selectDistinct({ actionType: recent.actionType }).from(recent).orderBy(recent.actionType),
      ]);
      const n = counted?.n ?? 0;
      return {
        rows,
        total: Math.min(n, COUNT_CAP),
        totalCapped: n > COUNT_CAP,
        actionTypes: types.map((t) => t.actionType),
      };
    },
  };
}

export type ActivitiesRepository = ReturnType<typeof createActivitiesRepository>;
