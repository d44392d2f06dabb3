import { TASK_TIME_ENTRIES_LISTED, TIME_ENTRY_MAX_SECONDS, TIME_REPORT_ROWS_MAX } from '@shipyard/shared';
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lte, type SQL, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, tasks, timeEntries, users } from '../../db/schema/index.ts';
import type { Viewer } from '../../lib/visibility.ts';
import { visibleProducts } from '../../lib/visibility.ts';

// Time entries and timers (issue 31). Every read of entries goes through the live `tasks` and
// `products` (db/live-views.ts) and the viewer's visibility, so time of a trashed task or of a
// product the viewer no longer sees drops out at read time.

const entryColumns = {
  id: timeEntries.id,
  taskId: timeEntries.taskId,
  authorId: timeEntries.authorId,
  authorName: users.name,
  date: timeEntries.date,
  seconds: timeEntries.seconds,
  note: timeEntries.note,
  source: timeEntries.source,
  startedAt: timeEntries.startedAt,
  endedAt: timeEntries.endedAt,
  createdAt: timeEntries.createdAt,
  updatedAt: timeEntries.updatedAt,
};
export type EntryRecord = {
  [K in keyof typeof entryColumns]: (typeof timeEntries.$inferSelect & { authorName: string | null })[K];
};

const taskColumns = {
  taskId: tasks.id,
  taskKey: tasks.key,
  taskTitle: tasks.title,
  productId: tasks.productId,
  productName: products.name,
};

/** A logged entry's length (the timer's: from start to now, at least 1 s, at most a day). */
const elapsedSeconds = sql<number>`least(${TIME_ENTRY_MAX_SECONDS}, greatest(1, round(extract(epoch from (now() - ${timeEntries.startedAt})))))::int`;

const logged = isNotNull(timeEntries.seconds);
const between = (from: string, to: string) => and(gte(timeEntries.date, from), lte(timeEntries.date, to));
const seen = (viewer: Viewer): SQL | undefined => visibleProducts(viewer);

export function createTimeRepository(db: Db) {
  /** The entries of one query with their author's name, in the given order and bound. */
  const entriesWhere = (where: SQL | undefined, limit: number, tx: Db = db) =>
    tx
      .select(entryColumns)
      .from(timeEntries)
      .leftJoin(users, eq(users.id, timeEntries.authorId))
      .where(where)
      .orderBy(desc(timeEntries.date), desc(timeEntries.createdAt), desc(timeEntries.id))
      .limit(limit);

  return {
    async entry(id: string, tx: Db = db): Promise<EntryRecord | undefined> {
      const [row] = await entriesWhere(eq(timeEntries.id, id), 1, tx);
      return row;
    },

    /** The task of an entry (running or not), whatever the viewer sees: the caller checks that. */
    async taskOf(id: string): Promise<{ taskId: string; authorId: string | null } | undefined> {
      const [row] = await db
        .select({ taskId: timeEntries.taskId, authorId: timeEntries.authorId })
        .from(timeEntries)
        .where(eq(timeEntries.id, id))
        .limit(1);
      return row;
    },

    /** A task's logged entries, newest first (at most TASK_TIME_ENTRIES_LISTED). */
    entriesOfTask: (taskId: string) =>
      entriesWhere(and(eq(timeEntries.taskId, taskId), logged), TASK_TIME_ENTRIES_LISTED),

    /** A task's logged seconds, the viewer's share of them and how many entries. */
    async totalsOfTask(taskId: string, userId: string) {
      const [row] = await db
        .select({
          total: sql<number>`coalesce(sum(${timeEntries.seconds}), 0)::float8`,
          mine: sql<number>`coalesce(sum(${timeEntries.seconds}) filter (where ${timeEntries.authorId} = ${userId}), 0)::float8`,
          n: count(),
        })
        .from(timeEntries)
        .where(and(eq(timeEntries.taskId, taskId), logged));
      return { total: row?.total ?? 0, mine: row?.mine ?? 0, n: row?.n ?? 0 };
    },

    /** The task's estimate and its product's scale. */
    async estimateOf(taskId: string) {
      const [row] = await db
        .select({ estimate: tasks.estimate, scale: products.estimateScale })
        .from(tasks)
        .innerJoin(products, eq(products.id, tasks.productId))
        .where(eq(tasks.id, taskId))
        .limit(1);
      return row;
    },

    async insert(values: typeof timeEntries.$inferInsert, tx: Db) {
      const [row] = await tx.insert(timeEntries).values(values).returning({ id: timeEntries.id });
      if (!row) throw new Error('no time entry inserted');
      return row.id;
    },

    /** A running timer of the person on the task, started now on the database's clock (the stop's). */
    async startTimer(taskId: string, authorId: string, date: string, tx: Db) {
      await tx.insert(timeEntries).values({ taskId, authorId, date, source: 'timer', startedAt: sql`now()` });
    },

    async update(id: string, patch: { date?: string; seconds?: number; note?: string }, tx: Db) {
      await tx
        .update(timeEntries)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(and(eq(timeEntries.id, id), logged));
    },

    async delete(id: string, tx: Db) {
      await tx.delete(timeEntries).where(eq(timeEntries.id, id));
    },

    /** The person's running timer, whatever the task (the one the partial unique index allows). */
    async runningOf(userId: string, tx: Db = db) {
      const [row] = await tx
        .select({ id: timeEntries.id, taskId: timeEntries.taskId })
        .from(timeEntries)
        .where(and(eq(timeEntries.authorId, userId), isNull(timeEntries.seconds)))
        .limit(1)
        .for('update');
      return row;
    },

    /** The person's running timer with its task, if the viewer (that person) still sees the task. */
    async runningSeen(viewer: Viewer) {
      const [row] = await db
        .select({
          id: timeEntries.id,
          startedAt: timeEntries.startedAt,
          date: timeEntries.date,
          ...taskColumns,
        })
        .from(timeEntries)
        .innerJoin(tasks, eq(tasks.id, timeEntries.taskId))
        .innerJoin(products, eq(products.id, tasks.productId))
        .where(and(eq(timeEntries.authorId, viewer.id), isNull(timeEntries.seconds), seen(viewer)))
        .limit(1);
      return row;
    },

    /** Stops the running entry: its end is now and its length what ran (1 s to 24 h). */
    async stop(id: string, tx: Db) {
      await tx
        .update(timeEntries)
        .set({ endedAt: sql`now()`, seconds: elapsedSeconds, updatedAt: sql`now()` })
        .where(and(eq(timeEntries.id, id), isNull(timeEntries.seconds)));
    },

    /** A person's logged entries of a period in the tasks the viewer sees, with their task. */
    async entriesOfPerson(viewer: Viewer, userId: string, from: string, to: string, limit: number) {
      return db
        .select({ ...entryColumns, ...taskColumns })
        .from(timeEntries)
        .innerJoin(tasks, eq(tasks.id, timeEntries.taskId))
        .innerJoin(products, eq(products.id, tasks.productId))
        .leftJoin(users, eq(users.id, timeEntries.authorId))
        .where(and(eq(timeEntries.authorId, userId), logged, between(from, to), seen(viewer)))
        .orderBy(asc(timeEntries.date), asc(timeEntries.createdAt), asc(timeEntries.id))
        .limit(limit);
    },

    /** A product's logged entries of a period, oldest first, with their task and author. */
    async entriesOfProduct(productId: string, from: string, to: string, limit: number) {
      return db
        .select({ ...entryColumns, ...taskColumns })
        .from(timeEntries)
        .innerJoin(tasks, eq(tasks.id, timeEntries.taskId))
        .innerJoin(products, eq(products.id, tasks.productId))
        .leftJoin(users, eq(users.id, timeEntries.authorId))
        .where(and(eq(tasks.productId, productId), logged, between(from, to)))
        .orderBy(asc(timeEntries.date), asc(timeEntries.createdAt), asc(timeEntries.id))
        .limit(limit);
    },

    /** A product's seconds of a period per person and per task (the biggest first), and in all. */
    async productTotals(productId: string, from: string, to: string) {
      const inPeriod = and(eq(tasks.productId, productId), logged, between(from, to));
      const secondsSum = sql<number>`sum(${timeEntries.seconds})::float8`;
      const [people, perTask, [all]] = await Promise.all([
        db
          .select({ userId: timeEntries.authorId, name: users.name, seconds: secondsSum })
          .from(timeEntries)
          .innerJoin(tasks, eq(tasks.id, timeEntries.taskId))
          .leftJoin(users, eq(users.id, timeEntries.authorId))
          .where(inPeriod)
          .groupBy(timeEntries.authorId, users.name)
          .orderBy(desc(secondsSum), asc(users.name))
          .limit(TIME_REPORT_ROWS_MAX),
        db
          .select({
            taskId: tasks.id,
            taskKey: tasks.key,
            taskTitle: tasks.title,
            estimate: tasks.estimate,
            seconds: secondsSum,
          })
          .from(timeEntries)
          .innerJoin(tasks, eq(tasks.id, timeEntries.taskId))
          .where(inPeriod)
          .groupBy(tasks.id, tasks.key, tasks.title, tasks.estimate)
          .orderBy(desc(secondsSum), asc(tasks.key))
          .limit(TIME_REPORT_ROWS_MAX),
        db
          .select({
            period: sql<number>`coalesce(sum(${timeEntries.seconds}) filter (where ${between(from, to)}), 0)::float8`,
            allTime: sql<number>`coalesce(${sum(timeEntries.seconds)}, 0)::float8`,
          })
          .from(timeEntries)
          .innerJoin(tasks, eq(tasks.id, timeEntries.taskId))
          .where(and(eq(tasks.productId, productId), logged)),
      ]);
      return { people, perTask, period: all?.period ?? 0, allTime: all?.allTime ?? 0 };
    },

    /** The time logged on the tasks `taskIds` (a statement of ids) names, and on how many of them. */
    async loggedOn(taskIds: SQL): Promise<{ seconds: number; tasks: number }> {
      const [row] = await db
        .select({
          seconds: sql<number>`coalesce(${sum(timeEntries.seconds)}, 0)::float8`,
          tasks: sql<number>`count(distinct ${timeEntries.taskId})::int`,
        })
        .from(timeEntries)
        .where(and(logged, sql`${timeEntries.taskId} in (${taskIds})`));
      return { seconds: row?.seconds ?? 0, tasks: row?.tasks ?? 0 };
    },

    /** Whether a user exists (an admin asking for someone's timesheet). */
    async userName(userId: string): Promise<string | undefined> {
      const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.name;
    },
  };
}

export type TimeRepository = ReturnType<typeof createTimeRepository>;
export type EntryWithTask = Awaited<ReturnType<TimeRepository['entriesOfPerson']>>[number];
