import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { commentMentions, products, taskComments, tasks, users } from '../../db/schema/index.ts';
import { type Cursor, exactCreatedAt, olderThan } from '../../lib/cursor.ts';
import { escapeLike } from '../../lib/like.ts';
import { ofProduct, seesProduct, type Viewer, visibleProducts } from '../../lib/visibility.ts';

/** The task a conversation hangs off: what the permission checks and the notifications need. */
export type ConversationTask = {
  id: string;
  productId: string;
  title: string;
  assigneeId: string | null;
  key: string;
};

const taskColumns = {
  id: tasks.id,
  productId: tasks.productId,
  title: tasks.title,
  assigneeId: tasks.assigneeId,
  key: tasks.key,
};

/** A comment's author, a watcher, someone to mention. */
const person = { id: users.id, name: users.name, avatarUrl: users.avatarUrl };

export function createCommentsRepository(db: Db) {
  return {
    /**
     * The task if the viewer may see its product; in a write, held (FOR KEY SHARE) so that it
     * is not deleted before the commit.
     */
    async findVisibleTask(viewer: Viewer, id: string, tx?: Db): Promise<ConversationTask | undefined> {
      const query = (tx ?? db)
        .select(taskColumns)
        .from(tasks)
        .innerJoin(products, eq(products.id, tasks.productId))
        .where(and(eq(tasks.id, id), visibleProducts(viewer)))
        .limit(1);
      const [row] = tx ? await query.for('key share', { of: tasks }) : await query;
      return row;
    },

    /** A comment and its task, locked for a change, if the viewer may see the task's product. */
    async lockVisibleComment(tx: Db, viewer: Viewer, id: string) {
      const [row] = await tx
        .select({ comment: taskComments, task: taskColumns })
        .from(taskComments)
        .innerJoin(tasks, eq(tasks.id, taskComments.taskId))
        .innerJoin(products, eq(products.id, tasks.productId))
        .where(and(eq(taskComments.id, id), visibleProducts(viewer)))
        .limit(1)
        .for('update', { of: taskComments });
      return row;
    },

    /**
     * The `limit` comments just before `before` (the newest without it), newest first, plus one
     * that only tells whether earlier ones exist; and how many the task has. Served by
     * task_comments_task_created_idx read backwards.
     */
    async page(taskId: string, before: Cursor | undefined, limit: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select({ comment: taskComments, author: person, cursorAt: exactCreatedAt(taskComments.createdAt) })
          .from(taskComments)
          .leftJoin(users, eq(users.id, taskComments.authorId))
          .where(
            and(
              eq(taskComments.taskId, taskId),
              before ? olderThan(taskComments.createdAt, taskComments.id, before) : undefined,
            ),
          )
          .orderBy(desc(taskComments.createdAt), desc(taskComments.id))
          .limit(limit + 1),
        db.select({ n: count() }).from(taskComments).where(eq(taskComments.taskId, taskId)),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async withAuthor(id: string, tx: Db) {
      const [row] = await tx
        .select({ comment: taskComments, author: person })
        .from(taskComments)
        .leftJoin(users, eq(users.id, taskComments.authorId))
        .where(eq(taskComments.id, id))
        .limit(1);
      return row;
    },

    /** Many comments (an import's), one statement per 1000; no mentions, no notifications. */
    async insertMany(
      tx: Db,
      values: Array<{ taskId: string; authorId: string; body: string; createdAt?: Date }>,
    ) {
      for (let i = 0; i < values.length; i += 1000) {
        await tx.insert(taskComments).values(values.slice(i, i + 1000));
      }
    },

    async insert(tx: Db, values: { taskId: string; authorId: string; body: string }) {
      const [row] = await tx.insert(taskComments).values(values).returning();
      if (!row) throw new Error('comment insert returned no row');
      return row;
    },

    async updateBody(tx: Db, id: string, body: string) {
      await tx
        .update(taskComments)
        .set({ body, editedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(taskComments.id, id));
    },

    async remove(tx: Db, id: string) {
      await tx.delete(taskComments).where(eq(taskComments.id, id));
    },

    /** Of `ids`, those who may see the product now (a mention of anyone else is plain text). */
    async whoSees(tx: Db, productId: string, ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, [...ids]), seesProduct(productId)));
      return rows.map((r) => r.id);
    },

    /**
     * Of `userIds`, those the comment has not yet notified of a mention, now recorded as notified
     * (once per comment and person, whatever edits remove and add back).
     */
    async claimMentions(tx: Db, commentId: string, userIds: readonly string[]): Promise<string[]> {
      if (userIds.length === 0) return [];
      const rows = await tx
        .insert(commentMentions)
        .values([...new Set(userIds)].map((userId) => ({ commentId, userId })))
        .onConflictDoNothing()
        .returning({ userId: commentMentions.userId });
      const claimed = new Set(rows.map((r) => r.userId));
      return userIds.filter((id) => claimed.has(id));
    },

    /**
     * People to mention: the product's own people (its creator and the active members of its
     * teams) with an enabled account, less the caller; with a search, those whose name, a word of
     * their name or username starts with it. Never an admin who is not one of them (issue 27).
     */
    async mentionable(productId: string, callerId: string, q: string, limit: number) {
      const term = `${escapeLike(q)}%`;
      const match = q
        ? or(ilike(users.name, term), ilike(users.name, `% ${term}`), ilike(users.username, term))
        : undefined;
      return db
        .select(person)
        .from(users)
        .where(and(ne(users.id, callerId), isNull(users.disabledAt), ofProduct(users.id, productId), match))
        .orderBy(asc(users.name), asc(users.id))
        .limit(limit);
    },
  };
}

export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
