import {
  canEditTasks,
  describeRuleText,
  nextDate,
  nextDates,
  recurrenceMessages,
  startOfDayIn,
  type TaskRecurrence,
  type TaskRecurrenceInputSchema,
  type TaskRecurrenceResult,
  todayIn,
} from '@shipyard/shared';
import type { z } from 'zod/mini';
import type { Db } from '../../db/client.ts';
import type { TaskRow, TaskSeriesRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { addJob } from '../../lib/jobs.ts';
import type { Change, Changes } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import { findVisibleProduct } from '../../lib/visibility.ts';
import { type AfterCommit, createInTransaction } from '../../lib/write.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import { findVisibleTask, holdTaskForChange, type TaskStatusChange } from '../tasks/index.ts';
import type { RecurrenceRepository } from './recurrence.repository.ts';
import { stoppedBecause, stoppedEntry } from './recurrence.texts.ts';

// Recurring tasks (issue 29, docs/decisions/040-recurrence.md).

/** The job that makes an on-schedule series' next occurrence on its day. */
export const OCCUR_JOB = 'recurrence.occur';
/** How many days already made a completion steps over at most to find a free one. */
const SKIP_TAKEN_MAX = 50;
/** How many next days the API lists. */
const NEXT_SHOWN = 5;

type Input = z.output<typeof TaskRecurrenceInputSchema>;
type Deps = {
  db: Db;
  repository: RecurrenceRepository;
  activities: ActivityRecorder;
  changes: Changes;
  clock: Clock;
  /** Copies what other modules keep of a task (labels, checklist) to its next occurrence. */
  copying: (fromId: string, toId: string, tx: Db) => Promise<void>;
  /** What a create writes beside a task (entry, webhook, watchers, notification, realtime). */
  recordCreated: (
    tx: Db,
    after: AfterCommit,
    actor: { id: string; name: string },
    row: TaskRow,
    productName: string,
    origin?: Readonly<Record<string, unknown>>,
  ) => Promise<void>;
};

/** Who an occurrence is made by, in which product: or why none may be made now. */
type Maker = { actor: { id: string; name: string }; productName: string } | { refused: string };

const taskChange = (op: Change['op'], row: Pick<TaskRow, 'id' | 'productId'>): Change => ({
  kind: 'task',
  op,
  id: row.id,
  productId: row.productId,
});

export function createRecurrenceService({
  db,
  repository,
  activities,
  changes,
  clock,
  copying,
  recordCreated,
}: Deps) {
  const inTransaction = createInTransaction(db, changes);
  const today = (series: Pick<TaskSeriesRow, 'timeZone'>) => todayIn(series.timeZone, clock.now());
  /** What the next occurrence follows: the task's due day, else today in the series' zone. */
  const baseOf = (series: Pick<TaskSeriesRow, 'timeZone'>, task: Pick<TaskRow, 'dueDate'>) =>
    task.dueDate ?? today(series);

  function shown(series: TaskSeriesRow, task: Pick<TaskRow, 'id' | 'dueDate'>): TaskRecurrence {
    return {
      seriesId: series.id,
      taskId: task.id,
      rule: series.rule,
      words: describeRuleText(series.rule) ?? series.rule,
      timeZone: series.timeZone,
      mode: series.mode,
      startsOn: series.startsOn,
      next: nextDates(series.rule, series.startsOn, baseOf(series, task), NEXT_SHOWN),
    };
  }

  /** On schedule: the job of the series' next day, in the caller's transaction (one per day: its key). */
  async function schedule(tx: Db, series: TaskSeriesRow) {
    if (series.mode !== 'schedule' || !series.nextOn) return;
    await addJob(
      tx,
      OCCUR_JOB,
      { seriesId: series.id, on: series.nextOn },
      {
        jobKey: `recurrence:${series.id}:${series.nextOn}`,
        runAt: startOfDayIn(series.nextOn, series.timeZone),
      },
    );
  }

  /**
   * The next occurrence of the series on `on`, made from its live occurrence `carrier`, which then
   * no longer repeats. Nothing when that day already has one (claimDay: another request, process
   * or job made it). The caller holds the series' lock.
   */
  async function occur(
    tx: Db,
    after: AfterCommit,
    series: TaskSeriesRow,
    carrier: TaskRow,
    on: string,
    { actor, productName }: Exclude<Maker, { refused: string }>,
  ) {
    if (!(await repository.claimDay(tx, series.id, on, null))) return undefined;
    await repository.carry(tx, carrier.id, null);
    const next = await repository.copyTask(tx, carrier.id, on, series.id);
    await repository.setOccurrenceTask(tx, series.id, on, next.id);
    await copying(carrier.id, next.id, tx);
    // A created task like any other: its entry, webhook, watchers, the assignee told, realtime.
    // Its entry says it came from the series, as it did before creates went through the tasks module.
    await recordCreated(tx, after, actor, next, productName, { recurring: true });
    return next;
  }

  /**
   * Who makes the series' next occurrence now (at run time, not when it was set up): someone with
   * an account, not disabled, who may create tasks (not a guest) in a product they still see,
   * neither in the trash nor archived.
   */
  async function makerOf(tx: Db, series: TaskSeriesRow, actorId: string | null): Promise<Maker> {
    const { user, product } = await repository.creatorAndProduct(tx, actorId, series.productId);
    if (!product) return { refused: stoppedBecause.productTrashed };
    if (product.archivedAt) return { refused: stoppedBecause.productArchived };
    if (!user) return { refused: stoppedBecause.creatorGone };
    const sees = await findVisibleProduct(tx, user, series.productId).then(
      () => true,
      () => false,
    );
    if (user.disabledAt || !canEditTasks(user.role) || !sees) {
      return { refused: stoppedBecause.creatorCannot(user.name) };
    }
    return { actor: user, productName: product.name };
  }

  /** Ends a series that may not go on, saying why in its carrier's history. */
  async function stopRefused(tx: Db, after: AfterCommit, series: TaskSeriesRow, reason: string) {
    const carrier = await repository.carrierInAnyState(tx, series.id);
    await repository.deleteSeries(tx, series.id);
    if (!carrier) return;
    await activities.insert(
      {
        actionType: 'task_updated',
        description: stoppedEntry(carrier.title, describeRuleText(series.rule) ?? series.rule, reason),
        metadata: { taskId: carrier.id, changes: { recurrence: { from: series.rule, to: null } } },
        productId: series.productId,
        taskId: carrier.id,
        performedBy: null,
      },
      tx,
    );
    after.publish(taskChange('updated', { id: carrier.id, productId: series.productId }));
  }

  return {
    async get(actor: SessionUser, taskId: string): Promise<TaskRecurrenceResult> {
      await findVisibleTask(db, actor, taskId);
      const series = await repository.seriesOfTask(taskId);
      if (!series) return { recurrence: null };
      const [task] = await db.transaction(async (tx) => [await repository.lockCarrier(tx, series.id)]);
      return { recurrence: task ? shown(series, task) : null };
    },

    /**
     * Makes the task repeat, or changes how: the series counts from the task's due day (else
     * today in the given zone). On schedule, the job of its next day is added.
     */
    async set(actor: SessionUser, taskId: string, input: Input): Promise<TaskRecurrence> {
      return inTransaction(async (tx, after) => {
        const ref = await holdTaskForChange(tx, actor, taskId, { readOnly: recurrenceMessages.readOnly });
        const existing = await repository.seriesOfTask(taskId, tx);
        const dueDate = await repository.taskDueDate(tx, taskId);
        const startsOn = dueDate ?? todayIn(input.timeZone, clock.now());
        const values = {
          productId: ref.productId,
          rule: input.rule,
          timeZone: input.timeZone,
          mode: input.mode,
          startsOn,
          nextOn: input.mode === 'schedule' ? nextDate(input.rule, startsOn, startsOn) : null,
        };
        let series: TaskSeriesRow;
        if (existing) {
          series = await repository.updateSeries(tx, existing.id, values);
        } else {
          series = await repository.insertSeries(tx, { ...values, createdBy: actor.id });
          await repository.carry(tx, taskId, series.id);
        }
        await repository.claimDay(tx, series.id, startsOn, taskId);
        await schedule(tx, series);
        after.publish(taskChange('updated', ref));
        return shown(series, { id: taskId, dueDate });
      });
    },

    /** Stops the repetition: the task stays, the series goes (one click). */
    async stop(actor: SessionUser, taskId: string): Promise<void> {
      await inTransaction(async (tx, after) => {
        const ref = await holdTaskForChange(tx, actor, taskId, { readOnly: recurrenceMessages.readOnly });
        const series = await repository.seriesOfTask(taskId, tx);
        if (series) await repository.deleteSeries(tx, series.id);
        after.publish(taskChange('updated', ref));
      });
    },

    /**
     * `app.tasks.onStatusChange`: completing the live occurrence of a "when completed" series makes
     * the next one, due on the rule's next day after its due day (or after today without one).
     * Exactly once: the series is locked, the carrier must still be this completed task, and the
     * day is claimed (unique key). A reopened and re-completed task no longer carries the series.
     */
    async completed({ task, previous, actorId }: TaskStatusChange): Promise<void> {
      if (task.status !== 'Completed' || previous === 'Completed' || !task.seriesId) return;
      const seriesId = task.seriesId;
      await inTransaction(async (tx, after) => {
        const series = await repository.lockSeries(tx, seriesId);
        if (series?.mode !== 'completed') return;
        const carrier = await repository.lockCarrier(tx, seriesId);
        if (carrier?.id !== task.id || carrier.status !== 'Completed') return;
        let on = nextDate(series.rule, series.startsOn, baseOf(series, carrier));
        // A day already made (its due date moved back before an earlier occurrence): the next free one.
        for (
          let tries = 0;
          on && tries < SKIP_TAKEN_MAX && (await repository.hasDay(tx, series.id, on));
          tries++
        ) {
          on = nextDate(series.rule, series.startsOn, on);
        }
        if (!on) {
          // The rule has ended (COUNT, UNTIL): the task no longer repeats.
          await repository.deleteSeries(tx, series.id);
          after.publish(taskChange('updated', carrier));
          return;
        }
        // Made by whoever completed it; by the series' creator when they may not create tasks (a
        // guest completing a task assigned to them).
        let maker = await makerOf(tx, series, actorId);
        if ('refused' in maker) maker = await makerOf(tx, series, series.createdBy);
        if ('refused' in maker) return;
        const next = await occur(tx, after, series, carrier, on, maker);
        if (next) after.publish(taskChange('updated', carrier));
      });
    },

    /**
     * The job of an on-schedule series' day: its next occurrence, even if the previous one is open.
     * A job of a day the series no longer expects (its rule changed, it stopped) does nothing; two
     * workers on the same day make one task (the series' lock, then the day's key).
     */
    async scheduled(payload: unknown): Promise<void> {
      const { seriesId, on } = (payload ?? {}) as { seriesId?: string; on?: string };
      if (typeof seriesId !== 'string' || typeof on !== 'string') return;
      await inTransaction(async (tx, after) => {
        const series = await repository.lockSeries(tx, seriesId);
        if (series?.mode !== 'schedule' || series.nextOn !== on) return;
        // Checked when the day comes: the product and its creator's right may have changed.
        const maker = await makerOf(tx, series, series.createdBy);
        if ('refused' in maker) return stopRefused(tx, after, series, maker.refused);
        const carrier = await repository.lockCarrier(tx, seriesId);
        // In the trash: the series waits; it goes on when restored and its rule is saved again.
        if (!carrier) return;
        const next = await occur(tx, after, series, carrier, on, maker);
        const moved = await repository.updateSeries(tx, series.id, {
          nextOn: nextDate(series.rule, series.startsOn, on),
        });
        await schedule(tx, moved);
        if (next) after.publish(taskChange('updated', carrier));
      });
    },
  };
}

export type RecurrenceService = ReturnType<typeof createRecurrenceService>;
