import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activities, type DocumentRow, documents, users } from '../../db/schema/index.ts';

export type DocumentWithUploader = {
  document: DocumentRow;
  uploader: { id: string; name: string; avatarUrl: string | null } | null;
};

const columns = {
  document: documents,
  uploader: { id: users.id, name: users.name, avatarUrl: users.avatarUrl },
};

type Activity = {
  description: string;
  metadata: Record<string, unknown>;
  performedBy: string;
  taskId?: string | null;
};

/** A task's files, or (null) the product's own documents: the Documents tab lists only those. */
const ofTask = (taskId: string | null) => (taskId ? eq(documents.taskId, taskId) : isNull(documents.taskId));

export function createDocumentsRepository(db: Db) {
  return {
    /** The stored files of a product's documents (read inside the transaction that deletes it). */
    async storageKeys(productId: string, tx: Db = db) {
      const rows = await tx
        .select({ key: documents.storageKey })
        .from(documents)
        .where(eq(documents.productId, productId));
      return rows.map((r) => r.key);
    },

    /** The stored files of a task (read inside the transaction that deletes it). */
    async storageKeysOfTask(taskId: string, tx: Db = db) {
      const rows = await tx
        .select({ key: documents.storageKey })
        .from(documents)
        .where(eq(documents.taskId, taskId));
      return rows.map((r) => r.key);
    },

    /** The bytes of the documents (task files too) a user uploaded (their upload quota). */
    async bytesUploadedBy(userId: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: sql<string>`coalesce(sum(${documents.size}), 0)` })
        .from(documents)
        .where(eq(documents.uploadedBy, userId));
      return Number(row?.n ?? 0);
    },

    /** The bytes of every document stored (the instance's upload quota). */
    async totalBytes(tx: Db = db): Promise<number> {
      const [row] = await tx.select({ n: sql<string>`coalesce(sum(${documents.size}), 0)` }).from(documents);
      return Number(row?.n ?? 0);
    },

    async list(productId: string, page: number, limit: number, taskId: string | null = null) {
      const where = and(eq(documents.productId, productId), ofTask(taskId));
      const [rows, [total]] = await Promise.all([
        db
          .select(columns)
          .from(documents)
          .leftJoin(users, eq(users.id, documents.uploadedBy))
          .where(where)
          .orderBy(desc(documents.createdAt), desc(documents.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(documents).where(where),
      ]);
      return { rows: rows as DocumentWithUploader[], total: total?.n ?? 0 };
    },

    async find(productId: string, documentId: string): Promise<DocumentWithUploader | undefined> {
      const [row] = await db
        .select(columns)
        .from(documents)
        .leftJoin(users, eq(users.id, documents.uploadedBy))
        .where(and(eq(documents.id, documentId), eq(documents.productId, productId)))
        .limit(1);
      return row;
    },

    /** The row and its `file_uploaded` entry, in the caller's transaction. */
    async insert(values: typeof documents.$inferInsert, activity: (id: string) => Activity, tx: Db) {
      const [row] = await tx.insert(documents).values(values).returning();
      if (!row) throw new Error('no document inserted');
      await tx.insert(activities).values({
        actionType: 'file_uploaded',
        productId: row.productId,
        ...activity(row.id),
      });
      return row;
    },

    /** Deletes the row with its `document_updated` entry; undefined when it was already gone. */
    async delete(
      productId: string,
      documentId: string,
      activity: (row: DocumentRow) => Activity,
      taskId: string | null = null,
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .delete(documents)
          .where(and(eq(documents.id, documentId), eq(documents.productId, productId), ofTask(taskId)))
          .returning();
        if (!row) return undefined;
        await tx.insert(activities).values({
          actionType: 'document_updated',
          productId: row.productId,
          ...activity(row),
        });
        return row;
      });
    },
  };
}

export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
