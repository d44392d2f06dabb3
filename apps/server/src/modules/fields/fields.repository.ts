import { FIELDS_PER_PRODUCT_MAX, type FieldOption } from '@shipyard/shared';
import { and, asc, count, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CustomFieldRow, customFields, products, users } from '../../db/schema/index.ts';
import { seesProduct } from '../../lib/visibility.ts';

/**
 * Locks the product's row until `tx` ends (FOR NO KEY UPDATE), so that two creations cannot both
 * pass the cap of 30 fields (as labels do, issue 27). Task writes hold it FOR KEY SHARE, unblocked.
 */
async function holdFieldsOf(productId: string, tx: Db) {
  await tx.execute(sql`SELECT 1 FROM ${products} WHERE ${products.id} = ${productId} FOR NO KEY UPDATE`);
}

/** A bound on one answer of `inSight`: 30 fields of 200 products (the products a task filter lists). */
const FIELDS_IN_SIGHT_MAX = FIELDS_PER_PRODUCT_MAX * 200;

export function createFieldsRepository(db: Db) {
  return {
    /** A product's fields in their order. */
    async ofProduct(productId: string, tx: Db = db): Promise<CustomFieldRow[]> {
      return tx
        .select()
        .from(customFields)
        .where(eq(customFields.productId, productId))
        .orderBy(asc(customFields.position), asc(customFields.createdAt), asc(customFields.id));
    },

    /** The fields of several products at once (a page of tasks, an export). */
    async ofProducts(productIds: readonly string[], tx: Db = db): Promise<CustomFieldRow[]> {
      if (productIds.length === 0) return [];
      return tx
        .select()
        .from(customFields)
        .where(inArray(customFields.productId, [...new Set(productIds)]))
        .orderBy(asc(customFields.position), asc(customFields.createdAt), asc(customFields.id));
    },

    /**
     * The fields of every live product the viewer sees (the /tasks filters), by product and
     * position; bounded by the products a viewer sees times 30 fields each.
     */
    async inSight(visible: SQL | undefined, tx: Db = db): Promise<CustomFieldRow[]> {
      return tx
        .select(getTableColumns(customFields))
        .from(customFields)
        .innerJoin(products, eq(products.id, customFields.productId))
        .where(visible)
        .orderBy(asc(products.name), asc(products.id), asc(customFields.position), asc(customFields.id))
        .limit(FIELDS_IN_SIGHT_MAX);
    },

    /** How many fields the product has, and the next position, once its fields are held. */
    async countOfProduct(productId: string, tx: Db) {
      await holdFieldsOf(productId, tx);
      const [row] = await tx
        .select({ n: count(), last: sql<number>`coalesce(max(${customFields.position}), -1)::int` })
        .from(customFields)
        .where(eq(customFields.productId, productId));
      return { n: row?.n ?? 0, next: (row?.last ?? -1) + 1 };
    },

    async find(id: string, tx: Db = db): Promise<CustomFieldRow | undefined> {
      const [row] = await tx.select().from(customFields).where(eq(customFields.id, id)).limit(1);
      return row;
    },

    async insert(values: typeof customFields.$inferInsert, tx: Db) {
      const [row] = await tx.insert(customFields).values(values).returning();
      if (!row) throw new Error('no field inserted');
      return row;
    },

    async update(
      id: string,
      patch: { name?: string; options?: FieldOption[]; showOnCards?: boolean; position?: number },
      tx: Db,
    ) {
      const [row] = await tx
        .update(customFields)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(customFields.id, id))
        .returning();
      return row;
    },

    /** Deletes the field; migration 0032's trigger removes its values from the product's tasks. */
    async delete(id: string, tx: Db) {
      const [row] = await tx.delete(customFields).where(eq(customFields.id, id)).returning();
      return row;
    },

    /** Which of these people may see the product now (a person field's value). */
    async peopleWhoSee(productId: string, ids: string[], tx: Db) {
      if (ids.length === 0) return new Set<string>();
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, ids), seesProduct(productId)));
      return new Set(rows.map((r) => r.id));
    },
  };
}

export type FieldsRepository = ReturnType<typeof createFieldsRepository>;
