import { TSHIRT_POINTS } from '@shipyard/shared';
import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type CycleRow,
  cycleScopeEvents,
  cycles,
  cycleTasks,
  productCycleSettings,
  products,
  tasks,
  users,
} from '../../db/schema/index.ts';
import { type Viewer, visibleProducts } from '../../lib/visibility.ts';

// What cycles ask the database. Reads of tasks go through the live view (`tasks`), so a trashed
// task drops out of a cycle's tally, list and chart until it is restored.

/** A task's estimate as a number in SQL: t-shirt sizes by the decision's mapping, numbers as they are. */
const pointsOf = sql<number>`(case ${tasks.estimate} ${sql.raw(
  Object.entries(TSHIRT_POINTS)
    .map(([size, n]) => `when '${size}' then ${n}`)
    .join(' '),
)} else (case when ${tasks.estimate} ~ '^[0-9]+(\\.[0-9]+)?$' then ${tasks.estimate}::numeric else 0 end) end)`;

const tally = {
  tasks: sql<number>`count(${tasks.id})::int`,
  done: sql<number>`(count(${tasks.id}) filter (where ${tasks.status} = 'Completed'))::int`,
  points: sql<number>`coalesce(sum(${pointsOf}), 0)::float8`,
  donePoints: sql<number>`coalesce(sum(${pointsOf}) filter (where ${tasks.status} = 'Completed'), 0)::float8`,
};
export type Tally = { tasks: number; done: number; points: number; donePoints: number };
export type CycleWithTally = CycleRow & { tally: Tally };

export type ScopeEvent = { cycleId: string; taskId: string; kind: 'added' | 'removed'; at: Date };
export type BurnTask = { id: string; status: string; completedAt: Date | null; points: number };

export function createCyclesRepository(db: Db) {
  const withTally = (where: ReturnType<typeof and>, tx: Db = db) =>
    tx
      .select({ cycle: cycles, ...tally })
      .from(cycles)
      .leftJoin(cycleTasks, eq(cycleTasks.cycleId, cycles.id))
      .leftJoin(tasks, eq(tasks.id, cycleTasks.taskId))
      .where(where)
      .groupBy(cycles.id);
  const shape = (rows: Array<{ cycle: CycleRow } & Tally>): CycleWithTally[] =>
    rows.map(({ cycle, ...t }) => ({ ...cycle, tally: t }));

  return {
    /** The product's estimate scale and cycle setting, if the viewer sees it. */
    async productOf(viewer: Viewer, productId: string, tx: Db = db) {
      const [row] = await tx
        .select({
          id: products.id,
          createdBy: products.createdBy,
          archivedAt: products.archivedAt,
          estimateScale: products.estimateScale,
          rollOver: sql<boolean>`coalesce(${productCycleSettings.rollOver}, true)`,
        })
        .from(products)
        .leftJoin(productCycleSettings, eq(productCycleSettings.productId, products.id))
        .where(and(eq(products.id, productId), visibleProducts(viewer)))
        .limit(1);
      return row;
    },

    async rollOverOf(productId: string, tx: Db = db) {
      const [row] = await tx
        .select({ rollOver: productCycleSettings.rollOver })
        .from(productCycleSettings)
        .where(eq(productCycleSettings.productId, productId));
      return row?.rollOver ?? true;
    },

    async setRollOver(productId: string, rollOver: boolean, tx: Db = db) {
      await tx
        .insert(productCycleSettings)
        .values({ productId, rollOver })
        .onConflictDoUpdate({
          target: productCycleSettings.productId,
          set: { rollOver, updatedAt: new Date() },
        });
    },

    async ofProduct(productId: string, tx: Db = db) {
      return shape(await withTally(eq(cycles.productId, productId), tx).orderBy(asc(cycles.startsOn)));
    },

    async withTally(cycleId: string, tx: Db = db): Promise<CycleWithTally | undefined> {
      return shape(await withTally(eq(cycles.id, cycleId), tx))[0];
    },

    /** The cycle if the viewer sees its product, with the product's facts; `lock` holds it for a change. */
    async visible(viewer: Viewer, cycleId: string, tx: Db = db, lock = false) {
      const query = tx
        .select({
          cycle: cycles,
          estimateScale: products.estimateScale,
          archivedAt: products.archivedAt,
        })
        .from(cycles)
        .innerJoin(products, eq(products.id, cycles.productId))
        .where(and(eq(cycles.id, cycleId), visibleProducts(viewer)))
        .limit(1);
      const [row] = lock ? await query.for('update', { of: cycles }) : await query;
      return row;
    },

    /** Serialises the changes of one product's cycles (their dates must not overlap). */
    async lockProduct(productId: string, tx: Db) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`cycles:${productId}`}, 0))`);
    },

    async overlapping(productId: string, startsOn: string, endsOn: string, exceptId: string | null, tx: Db) {
      const [row] = await tx
        .select({ id: cycles.id, name: cycles.name })
        .from(cycles)
        .where(
          and(
            eq(cycles.productId, productId),
            sql`${cycles.startsOn} <= ${endsOn} and ${cycles.endsOn} >= ${startsOn}`,
            exceptId ? ne(cycles.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return row;
    },

    async count(productId: string, tx: Db) {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(cycles)
        .where(eq(cycles.productId, productId));
      return row?.n ?? 0;
    },

    async insert(values: typeof cycles.$inferInsert, tx: Db) {
      const [row] = await tx.insert(cycles).values(values).returning();
      if (!row) throw new Error('cycles: no row inserted');
      return row;
    },

    async update(id: string, values: Partial<typeof cycles.$inferInsert>, tx: Db) {
      await tx.update(cycles).set(values).where(eq(cycles.id, id));
    },

    async delete(id: string, tx: Db) {
      await tx.delete(cycles).where(eq(cycles.id, id));
    },

    /** The next cycle of the product after `cycle` that is not completed (where unfinished work rolls). */
    async nextOf(cycle: Pick<CycleRow, 'id' | 'productId' | 'startsOn'>, tx: Db = db) {
      const [row] = await tx
        .select({ id: cycles.id, name: cycles.name })
        .from(cycles)
        .where(
          and(
            eq(cycles.productId, cycle.productId),
            gt(cycles.startsOn, cycle.startsOn),
            isNull(cycles.completedAt),
          ),
        )
        .orderBy(asc(cycles.startsOn))
        .limit(1);
      return row;
    },

    async tasksOf(cycleId: string) {
      return db
        .select({
          id: tasks.id,
          key: tasks.key,
          title: tasks.title,
          status: tasks.status,
          estimate: tasks.estimate,
          assigneeId: tasks.assigneeId,
          assigneeName: users.name,
          addedAt: cycleTasks.addedAt,
        })
        .from(cycleTasks)
        .innerJoin(tasks, eq(tasks.id, cycleTasks.taskId))
        .leftJoin(users, eq(users.id, tasks.assigneeId))
        .where(eq(cycleTasks.cycleId, cycleId))
        .orderBy(asc(cycleTasks.addedAt), asc(tasks.number), asc(tasks.id))
        .limit(1000);
    },

    async unfinishedOf(cycleId: string, tx: Db) {
      const rows = await tx
        .select({ id: tasks.id })
        .from(cycleTasks)
        .innerJoin(tasks, eq(tasks.id, cycleTasks.taskId))
        .where(and(eq(cycleTasks.cycleId, cycleId), ne(tasks.status, 'Completed')));
      return rows.map((r) => r.id);
    },

    async taskCount(cycleId: string, tx: Db) {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(cycleTasks)
        .where(eq(cycleTasks.cycleId, cycleId));
      return row?.n ?? 0;
    },

    /** The scope events of the cycles and the facts of their tasks the charts need. */
    async burnInput(cycleIds: string[]) {
      if (cycleIds.length === 0) return { events: [] as ScopeEvent[], tasks: [] as BurnTask[] };
      const events = await db
        .select({
          cycleId: cycleScopeEvents.cycleId,
          taskId: cycleScopeEvents.taskId,
          kind: cycleScopeEvents.kind,
          at: cycleScopeEvents.at,
        })
        .from(cycleScopeEvents)
        .where(inArray(cycleScopeEvents.cycleId, cycleIds))
        .orderBy(asc(cycleScopeEvents.at), asc(cycleScopeEvents.id));
      const taskIds = [...new Set(events.map((e) => e.taskId))];
      const facts =
        taskIds.length === 0
          ? []
          : await db
              .select({
                id: tasks.id,
                status: tasks.status,
                completedAt: tasks.completedAt,
                points: sql<number>`${pointsOf}::float8`,
              })
              .from(tasks)
              .where(inArray(tasks.id, taskIds));
      return { events, tasks: facts };
    },

    async cycleOfTask(taskId: string, tx: Db = db) {
      const [row] = await tx
        .select({ cycleId: cycleTasks.cycleId })
        .from(cycleTasks)
        .where(eq(cycleTasks.taskId, taskId));
      return row?.cycleId;
    },

    /** Puts the tasks in the cycle (out of any other), with their scope events at `at`. */
    async move(
      taskIds: string[],
      to: string | null,
      { at, actorId, reason }: { at: Date; actorId: string | null; reason: 'manual' | 'rollover' },
      tx: Db,
    ) {
      if (taskIds.length === 0) return;
      const current = await tx
        .select({ taskId: cycleTasks.taskId, cycleId: cycleTasks.cycleId })
        .from(cycleTasks)
        .where(inArray(cycleTasks.taskId, taskIds))
        .for('update');
      const from = new Map(current.map((r) => [r.taskId, r.cycleId]));
      const moving = taskIds.filter((id) => from.get(id) !== (to ?? undefined));
      if (moving.length === 0) return;
      const events: Array<typeof cycleScopeEvents.$inferInsert> = [];
      for (const taskId of moving) {
        const old = from.get(taskId);
        if (old) events.push({ cycleId: old, taskId, kind: 'removed', reason, at, actorId });
        if (to) events.push({ cycleId: to, taskId, kind: 'added', reason, at, actorId });
      }
      if (to) {
        await tx
          .insert(cycleTasks)
          .values(moving.map((taskId) => ({ taskId, cycleId: to, addedAt: at })))
          .onConflictDoUpdate({
            target: cycleTasks.taskId,
            set: { cycleId: to, addedAt: at },
          });
      } else {
        await tx.delete(cycleTasks).where(inArray(cycleTasks.taskId, moving));
      }
      if (events.length > 0) await tx.insert(cycleScopeEvents).values(events);
      return [...new Set(moving.map((id) => from.get(id)).filter((id): id is string => Boolean(id)))];
    },

    /** Cycles past their end day (in their own zone) at `now` that were not completed yet. */
    async ended(now: Date, limit: number) {
      return db
        .select({ id: cycles.id })
        .from(cycles)
        .where(
          and(
            isNull(cycles.completedAt),
            sql`${cycles.endsOn} < (${now.toISOString()}::timestamptz at time zone ${cycles.timeZone})::date`,
          ),
        )
        .orderBy(asc(cycles.endsOn))
        .limit(limit);
    },

    async lockOpen(cycleId: string, tx: Db) {
      const [row] = await tx.select().from(cycles).where(eq(cycles.id, cycleId)).for('update');
      return row;
    },

    /** The product's last finished cycles (completed, or past their end), newest first. */
    async finished(productId: string, now: Date, limit: number) {
      return db
        .select()
        .from(cycles)
        .where(
          and(
            eq(cycles.productId, productId),
            or(
              sql`${cycles.completedAt} is not null`,
              sql`${cycles.endsOn} < (${now.toISOString()}::timestamptz at time zone ${cycles.timeZone})::date`,
            ),
          ),
        )
        .orderBy(desc(cycles.endsOn))
        .limit(limit);
    },
  };
}

export type CyclesRepository = ReturnType<typeof createCyclesRepository>;
