import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type LabelRow, labels, products, taskLabels } from '../../db/schema/index.ts';
import { labelsOfTasks } from '../tasks/index.ts';

/**
 * Locks the product's row until `tx` ends (FOR NO KEY UPDATE), so that whoever counts its labels
 * next (a creation, an import) waits and then sees the labels added meanwhile: two writers can
 * no longer both pass the cap of 100 (issue 27). Task writes hold the product FOR KEY SHARE,
 * which this lock does not block. Outside a transaction it only waits for a writer to finish.
 */
async function holdLabelsOf(productId: string, tx: Db) {
  await tx.execute(sql`SELECT 1 FROM ${products} WHERE ${products.id} = ${productId} FOR NO KEY UPDATE`);
}

export function createLabelsRepository(db: Db) {
  return {
    /** Puts the labels of one task on another (a recurring task's next occurrence, issue 29). */
    async copyToTask(fromId: string, toId: string, tx: Db) {
      await tx.execute(sql`insert into ${taskLabels} (task_id, label_id)
        select ${toId}::uuid, ${taskLabels.labelId} from ${taskLabels} where ${taskLabels.taskId} = ${fromId}
        on conflict do nothing`);
    },
    /** A product's labels by name, each with how many tasks carry it. */
    async ofProduct(productId: string) {
      return db
        .select({
          id: labels.id,
          name: labels.name,
          color: labels.color,
          productId: labels.productId,
          tasks: count(taskLabels.taskId),
        })
        .from(labels)
        .leftJoin(taskLabels, eq(taskLabels.labelId, labels.id))
        .where(eq(labels.productId, productId))
        .groupBy(labels.id)
        .orderBy(asc(sql`lower(${labels.name})`), asc(labels.id));
    },

    /** How many labels the product has, once its labels are held (`holdLabelsOf`). */
    async countOfProduct(productId: string, tx: Db) {
      await holdLabelsOf(productId, tx);
      const [row] = await tx.select({ n: count() }).from(labels).where(eq(labels.productId, productId));
      return row?.n ?? 0;
    },

    async find(id: string, tx: Db = db): Promise<LabelRow | undefined> {
      const [row] = await tx.select().from(labels).where(eq(labels.id, id)).limit(1);
      return row;
    },

    /** The product's labels (id, name), read in `tx` once they are held (`holdLabelsOf`). */
    async namesOfProduct(productId: string, tx: Db) {
      await holdLabelsOf(productId, tx);
      return tx
        .select({ id: labels.id, name: labels.name })
        .from(labels)
        .where(eq(labels.productId, productId));
    },

    async insertMany(values: Array<typeof labels.$inferInsert>, tx: Db) {
      if (values.length === 0) return [];
      return tx.insert(labels).values(values).returning();
    },

    /** Puts labels on tasks (an import's new tasks): one statement per 1000 pairs. */
    async attachMany(pairs: Array<{ taskId: string; labelId: string }>, tx: Db) {
      for (let i = 0; i < pairs.length; i += 1000) {
        await tx
          .insert(taskLabels)
          .values(pairs.slice(i, i + 1000))
          .onConflictDoNothing();
      }
    },

    async insert(values: typeof labels.$inferInsert, tx: Db) {
      const [row] = await tx.insert(labels).values(values).returning();
      if (!row) throw new Error('no label inserted');
      return row;
    },

    async update(id: string, patch: Partial<Pick<LabelRow, 'name' | 'color'>>, tx: Db) {
      const [row] = await tx
        .update(labels)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(labels.id, id))
        .returning();
      return row;
    },

    async delete(id: string, tx: Db) {
      const [row] = await tx.delete(labels).where(eq(labels.id, id)).returning();
      return row;
    },

    /** Which of `ids` are labels of the product. */
    async idsOfProduct(productId: string, ids: string[], tx: Db) {
      if (ids.length === 0) return [];
      const rows = await tx
        .select({ id: labels.id })
        .from(labels)
        .where(and(eq(labels.productId, productId), inArray(labels.id, ids)))
        .for('key share');
      return rows.map((r) => r.id);
    },

    /** A task's labels, by name. */
    async ofTask(taskId: string, tx: Db = db) {
      return (await labelsOfTasks(tx, [taskId])).get(taskId) ?? [];
    },

    /** Makes the task's labels exactly `labelIds`; answers whether anything changed. */
    async setOfTask(taskId: string, labelIds: string[], tx: Db): Promise<boolean> {
      const removed = await tx
        .delete(taskLabels)
        .where(
          and(
            eq(taskLabels.taskId, taskId),
            labelIds.length > 0 ? notInArray(taskLabels.labelId, labelIds) : undefined,
          ),
        )
        .returning({ id: taskLabels.labelId });
      const added =
        labelIds.length === 0
          ? []
          : await tx
              .insert(taskLabels)
              .values(labelIds.map((labelId) => ({ taskId, labelId })))
              .onConflictDoNothing()
              .returning({ id: taskLabels.labelId });
      return removed.length > 0 || added.length > 0;
    },
  };
}

export type LabelsRepository = ReturnType<typeof createLabelsRepository>;
