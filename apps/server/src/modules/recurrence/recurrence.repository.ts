import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  products,
  type TaskRow,
  type TaskSeriesRow,
  taskOccurrences,
  taskSeries,
  tasks,
  users,
} from '../../db/schema/index.ts';

// Recurring tasks' rows (docs/decisions/040-recurrence.md): the series, the days it made an
// occurrence on, and the copy of a task's row into its next occurrence.

/**
 * The columns of a task that its next occurrence does NOT copy: who it is (id, number, key, its
 * place), where it stands (status, when completed, when due), its counters (kept by triggers) and
 * the trash's. Every other column, including those later issues add, is copied as it is.
 */
const NOT_COPIED = new Set<string>([
  'id',
  'number',
  'key',
  'rank',
  'status',
  'completedAt',
  'dueDate',
  'checklistTotal',
  'checklistDone',
  'deletedAt',
  'deletedBy',
  'deletedWithProduct',
  'deletedWithParent',
  'seriesId',
  // Issue 29: the state follows the status (Pending: the trigger takes its first state), and the
  // sub-task counters are the trigger's.
  'stateId',
  'subtaskTotal',
  'subtaskDone',
  'createdAt',
  'updatedAt',
]);
// The app's Drizzle maps camelCase keys to snake_case columns (db/client.ts `casing`).
const copiedColumns = Object.keys(getTableColumns(tasks))
  .filter((key) => !NOT_COPIED.has(key))
  .map((key) => sql.identifier(key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)));

export type NewSeries = Pick<
  TaskSeriesRow,
  'productId' | 'rule' | 'startsOn' | 'timeZone' | 'mode' | 'nextOn'
> & {
  createdBy: string | null;
};

export function createRecurrenceRepository(db: Db) {
  return {
    /** The series the task is the live occurrence of, if any. */
    async seriesOfTask(taskId: string, tx: Db = db): Promise<TaskSeriesRow | undefined> {
      const [row] = await tx
        .select({ series: taskSeries })
        .from(taskSeries)
        .innerJoin(tasks, eq(tasks.seriesId, taskSeries.id))
        .where(eq(tasks.id, taskId))
        .limit(1);
      return row?.series;
    },

    async taskDueDate(tx: Db, taskId: string): Promise<string | null> {
      const [row] = await tx.select({ dueDate: tasks.dueDate }).from(tasks).where(eq(tasks.id, taskId));
      return row?.dueDate ?? null;
    },

    /** The series, locked until the transaction ends: one change of it at a time. */
    async lockSeries(tx: Db, seriesId: string): Promise<TaskSeriesRow | undefined> {
      const [row] = await tx.select().from(taskSeries).where(eq(taskSeries.id, seriesId)).for('update');
      return row;
    },

    /** The series' live occurrence (a live task: none while it is in the trash), locked. */
    async lockCarrier(tx: Db, seriesId: string): Promise<TaskRow | undefined> {
      const [row] = await tx.select().from(tasks).where(eq(tasks.seriesId, seriesId)).for('update');
      return row;
    },

    /**
     * The series' carrier, live or in the trash (its product trashed with it): the one read here
     * past the live views (decision 034), to write in its history why its series stopped.
     */
    async carrierInAnyState(tx: Db, seriesId: string) {
      const { rows } = await tx.execute<{ id: string; title: string }>(
        sql`select id, title from public.tasks where series_id = ${seriesId} limit 1`,
      );
      return rows[0];
    },

    /** Who creates an occurrence (their role, whether disabled) and the live product's name, if any. */
    async creatorAndProduct(tx: Db, userId: string | null, productId: string) {
      const [user] = userId
        ? await tx
            .select({ id: users.id, name: users.name, role: users.role, disabledAt: users.disabledAt })
            .from(users)
            .where(eq(users.id, userId))
        : [];
      const [product] = await tx
        .select({ name: products.name, archivedAt: products.archivedAt })
        .from(products)
        .where(eq(products.id, productId));
      return { user, product };
    },

    async insertSeries(tx: Db, values: NewSeries): Promise<TaskSeriesRow> {
      const [row] = await tx.insert(taskSeries).values(values).returning();
      if (!row) throw new Error('task_series insert returned nothing');
      return row;
    },

    async updateSeries(tx: Db, seriesId: string, values: Partial<NewSeries>): Promise<TaskSeriesRow> {
      const [row] = await tx
        .update(taskSeries)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(taskSeries.id, seriesId))
        .returning();
      if (!row) throw new Error('task_series update returned nothing');
      return row;
    },

    /** Ends the series: its live occurrence stops repeating (tasks.series_id is set null). */
    async deleteSeries(tx: Db, seriesId: string) {
      await tx.delete(taskSeries).where(eq(taskSeries.id, seriesId));
    },

    /** Makes `taskId` the series' live occurrence; marks the task changed. */
    async carry(tx: Db, taskId: string, seriesId: string | null) {
      await tx.execute(
        sql`update ${tasks} set series_id = ${seriesId}, updated_at = now() where id = ${taskId}`,
      );
    },

    /**
     * Takes the day for an occurrence: false when one was already made on it (by another request,
     * process or job): the final guard of exactly once.
     */
    async claimDay(tx: Db, seriesId: string, occursOn: string, taskId: string | null): Promise<boolean> {
      const rows = await tx
        .insert(taskOccurrences)
        .values({ seriesId, occursOn, taskId })
        .onConflictDoNothing()
        .returning({ seriesId: taskOccurrences.seriesId });
      return rows.length > 0;
    },

    async hasDay(tx: Db, seriesId: string, occursOn: string): Promise<boolean> {
      const { rows } = await tx.execute(sql`select 1 from ${taskOccurrences}
        where series_id = ${seriesId} and occurs_on = ${occursOn}`);
      return rows.length > 0;
    },

    async setOccurrenceTask(tx: Db, seriesId: string, occursOn: string, taskId: string) {
      await tx.execute(sql`update ${taskOccurrences} set task_id = ${taskId}
        where series_id = ${seriesId} and occurs_on = ${occursOn}`);
    },

    /** A new task made from `fromId`'s row (every column but NOT_COPIED), due on `dueDate`, carrying the series. */
    async copyTask(tx: Db, fromId: string, dueDate: string, seriesId: string): Promise<TaskRow> {
      const columns = sql.join(copiedColumns, sql`, `);
      const { rows } = await tx.execute<{ id: string }>(sql`
        insert into ${tasks} (${columns}, due_date, series_id)
        select ${columns}, ${dueDate}::date, ${seriesId}::uuid from ${tasks} where id = ${fromId}
        returning id`);
      const id = rows[0]?.id;
      const [row] = id ? await tx.select().from(tasks).where(eq(tasks.id, id)) : [];
      if (!row) throw new Error('recurring task copy returned nothing');
      return row;
    },

    /** The series whose live occurrence is this task, when it is purged (modules/trash). */
    async deleteSeriesOfPurged(tx: Db, taskId: string) {
      await tx.execute(sql`delete from ${taskSeries}
        where id = (select series_id from public.tasks where id = ${taskId})`);
    },
  };
}

export type RecurrenceRepository = ReturnType<typeof createRecurrenceRepository>;
