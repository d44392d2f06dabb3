import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type TaskChecklistItemRow, taskChecklistItems, tasks } from '../../db/schema/index.ts';

export function createChecklistsRepository(db: Db) {
  return {
    /** Copies one task's checklist to another, every item unticked (issue 29: the next occurrence). */
    async copyUnticked(fromId: string, toId: string, tx: Db) {
      await tx.execute(sql`insert into ${taskChecklistItems} (task_id, title, done, position, created_by)
        select ${toId}::uuid, ${taskChecklistItems.title}, false, ${taskChecklistItems.position}, ${taskChecklistItems.createdBy}
        from ${taskChecklistItems} where ${taskChecklistItems.taskId} = ${fromId}`);
    },
    /** The task's items in order (position, then id: a stable order even for equal positions). */
    async items(taskId: string, tx: Db = db): Promise<TaskChecklistItemRow[]> {
      return tx
        .select()
        .from(taskChecklistItems)
        .where(eq(taskChecklistItems.taskId, taskId))
        .orderBy(asc(taskChecklistItems.position), asc(taskChecklistItems.id));
    },

    /** The counters the trigger keeps on the task (migration 0010). */
    async counts(taskId: string, tx: Db = db) {
      const [row] = await tx
        .select({ done: tasks.checklistDone, total: tasks.checklistTotal })
        .from(tasks)
        .where(eq(tasks.id, taskId));
      return row ?? { done: 0, total: 0 };
    },

    /** How many items the task has, and the last position. */
    async tail(taskId: string, tx: Db) {
      const [row] = await tx
        .select({ n: count(), last: max(taskChecklistItems.position) })
        .from(taskChecklistItems)
        .where(eq(taskChecklistItems.taskId, taskId));
      return { n: row?.n ?? 0, last: row?.last ?? null };
    },

    async taskOf(itemId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ taskId: taskChecklistItems.taskId })
        .from(taskChecklistItems)
        .where(eq(taskChecklistItems.id, itemId))
        .limit(1);
      return row?.taskId;
    },

    /** Many items (an import's checklists), one statement per 1000. */
    async insertMany(values: Array<typeof taskChecklistItems.$inferInsert>, tx: Db) {
      for (let i = 0; i < values.length; i += 1000) {
        await tx.insert(taskChecklistItems).values(values.slice(i, i + 1000));
      }
    },

    async insert(values: typeof taskChecklistItems.$inferInsert, tx: Db) {
      const [row] = await tx.insert(taskChecklistItems).values(values).returning();
      if (!row) throw new Error('no checklist item inserted');
      return row;
    },

    /** Changes an item of the task; undefined when it is not (or no longer) one of its items. */
    async update(
      taskId: string,
      itemId: string,
      patch: Partial<Pick<TaskChecklistItemRow, 'title' | 'done' | 'position'>>,
      tx: Db,
    ) {
      const [row] = await tx
        .update(taskChecklistItems)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(and(eq(taskChecklistItems.id, itemId), eq(taskChecklistItems.taskId, taskId)))
        .returning();
      return row;
    },

    /** Sets every listed item's position in one statement (a renumbering after gaps ran out). */
    async reposition(positions: Array<{ id: string; position: number }>, tx: Db) {
      if (positions.length === 0) return;
      const values = sql.join(
        positions.map((p) => sql`(${p.id}::uuid, ${p.position}::double precision)`),
        sql`, `,
      );
      await tx.execute(sql`update ${taskChecklistItems} as c set position = v.position
        from (values ${values}) as v(id, position) where c.id = v.id`);
    },

    async delete(taskId: string, itemId: string, tx: Db) {
      const [row] = await tx
        .delete(taskChecklistItems)
        .where(and(eq(taskChecklistItems.id, itemId), eq(taskChecklistItems.taskId, taskId)))
        .returning();
      return row;
    },
  };
}

export type ChecklistsRepository = ReturnType<typeof createChecklistsRepository>;
