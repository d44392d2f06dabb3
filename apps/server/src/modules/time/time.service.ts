import {
  type CreateTimeEntry,
  type StartTimer,
  type TaskTime,
  type TimeEntry,
  type TimerState,
  timeMessages,
  type UpdateTimeEntry,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { Forbidden, NotFound } from '../../lib/errors.ts';
import type { Change, Changes } from '../../lib/realtime/changes.ts';
import type { Viewer } from '../../lib/visibility.ts';
import { createInTransaction } from '../../lib/write.ts';
import { findVisibleTask, holdTaskForChange, type SeenTask } from '../tasks/index.ts';
import type { EntryRecord, TimeRepository } from './time.repository.ts';

// Logging time on a task (issue 31, docs/decisions/055-time-tracking.md). Whoever sees a task sees
// its time; members and admins log it (guests: 403, archived product: 409); only an entry's author
// changes or deletes it. One timer runs per person: starting one stops the running one and logs it
// (as Harvest and Clockify do), so a person never has to stop before switching tasks.

const entryNotFound = () => NotFound(timeMessages.notFound, 'TIME_ENTRY_NOT_FOUND');
const guard = { readOnly: timeMessages.readOnly };

const toEntry = (row: EntryRecord): TimeEntry => ({
  id: row.id,
  taskId: row.taskId,
  author: row.authorId ? { id: row.authorId, name: row.authorName ?? '' } : null,
  date: row.date,
  seconds: row.seconds ?? 0,
  note: row.note,
  source: row.source === 'timer' ? 'timer' : 'manual',
  startedAt: row.startedAt?.toISOString() ?? null,
  endedAt: row.endedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Time logged on a task: to whoever sees its product. */
const loggedChange = (taskId: string, productId: string, userId: string): Change => ({
  kind: 'time',
  op: 'updated',
  id: taskId,
  productId,
  userIds: [userId],
});
/** A person's timer started or stopped: to that person's tabs alone. */
const timerChange = (taskId: string, userId: string): Change => ({
  kind: 'time',
  op: 'updated',
  id: taskId,
  productId: null,
  userIds: [userId],
});

type Deps = { db: Db; time: TimeRepository; changes: Changes; clock: Clock };

export function createTimeService({ db, time, changes, clock }: Deps) {
  const inTransaction = createInTransaction(db, changes);

  async function taskTime(viewer: Viewer, taskId: string): Promise<TaskTime> {
    const [entries, totals, estimate] = await Promise.all([
      time.entriesOfTask(taskId),
      time.totalsOfTask(taskId, viewer.id),
      time.estimateOf(taskId),
    ]);
    return {
      taskId,
      estimate: estimate?.estimate ?? null,
      estimateScale: estimate?.scale ?? 'none',
      totalSeconds: totals.total,
      mySeconds: totals.mine,
      entryCount: totals.n,
      entries: entries.map(toEntry),
    };
  }

  async function timerState(viewer: Viewer, stoppedId?: string): Promise<TimerState> {
    const running = await time.runningSeen(viewer);
    const stopped = stoppedId ? await time.entry(stoppedId) : undefined;
    return {
      timer:
        running?.startedAt && running
          ? {
              id: running.id,
              startedAt: running.startedAt.toISOString(),
              date: running.date,
              task: {
                id: running.taskId,
                key: running.taskKey,
                title: running.taskTitle,
                projectId: running.productId,
              },
            }
          : null,
      ...(stoppedId ? { stopped: stopped ? toEntry(stopped) : null } : {}),
    };
  }

  /**
   * An entry its author changes: the entry's task as the caller sees it (404 for the entry
   * otherwise), held for the change (guests 403, archived 409), and the entry theirs (403).
   */
  async function holdOwnEntry(tx: Db, viewer: Viewer, entryId: string) {
    const entry = await time.taskOf(entryId);
    if (!entry) throw entryNotFound();
    const task = await holdTaskForChange(tx, viewer, entry.taskId, { ...guard, notFound: entryNotFound });
    if (entry.authorId !== viewer.id) throw Forbidden(timeMessages.notAuthor, 'NOT_AUTHOR');
    const current = await time.entry(entryId, tx);
    if (!current || current.seconds === null) throw entryNotFound();
    return task;
  }

  /** Stops the person's running timer in `tx`, if one runs: its entry's id and task. */
  async function stopRunning(tx: Db, userId: string) {
    const running = await time.runningOf(userId, tx);
    if (running) await time.stop(running.id, tx);
    return running;
  }

  return {
    async ofTask(viewer: Viewer, taskId: string): Promise<TaskTime> {
      await findVisibleTask(db, viewer, taskId);
      return taskTime(viewer, taskId);
    },

    /** The time of a task the caller already found visible (the task's page). */
    ofSeenTask: (viewer: Viewer, task: SeenTask): Promise<TaskTime> => taskTime(viewer, task.id),

    async create(viewer: Viewer, taskId: string, body: CreateTimeEntry): Promise<TaskTime> {
      await inTransaction(async (tx, after) => {
        const task = await holdTaskForChange(tx, viewer, taskId, guard);
        await time.insert(
          {
            taskId,
            authorId: viewer.id,
            date: body.date,
            seconds: body.seconds,
            note: body.note ?? '',
            source: 'manual',
          },
          tx,
        );
        after.publish(loggedChange(taskId, task.productId, viewer.id));
      });
      return taskTime(viewer, taskId);
    },

    async update(viewer: Viewer, entryId: string, body: UpdateTimeEntry): Promise<TimeEntry> {
      await inTransaction(async (tx, after) => {
        const task = await holdOwnEntry(tx, viewer, entryId);
        await time.update(entryId, body, tx);
        after.publish(loggedChange(task.id, task.productId, viewer.id));
      });
      const row = await time.entry(entryId);
      if (!row) throw entryNotFound();
      return toEntry(row);
    },

    async remove(viewer: Viewer, entryId: string): Promise<void> {
      await inTransaction(async (tx, after) => {
        const task = await holdOwnEntry(tx, viewer, entryId);
        await time.delete(entryId, tx);
        after.publish(loggedChange(task.id, task.productId, viewer.id));
      });
    },

    timer: (viewer: Viewer) => timerState(viewer),

    /**
     * Starts the caller's timer on a task they may log time on. One already running on another task
     * is stopped and logged first (answered as `stopped`); one on this task keeps running.
     */
    async start(viewer: Viewer, taskId: string, body: StartTimer): Promise<TimerState> {
      const stoppedId = await inTransaction(async (tx, after) => {
        const task = await holdTaskForChange(tx, viewer, taskId, guard);
        const running = await time.runningOf(viewer.id, tx);
        if (running?.taskId === taskId) return undefined;
        if (running) {
          await time.stop(running.id, tx);
          const previous = await findVisibleTask(tx, viewer, running.taskId).catch(() => undefined);
          if (previous) after.publish(loggedChange(previous.id, previous.productId, viewer.id));
        }
        await time.startTimer(taskId, viewer.id, body.date ?? clock.now().toISOString().slice(0, 10), tx);
        after.publish(timerChange(task.id, viewer.id));
        return running?.id;
      });
      return timerState(viewer, stoppedId);
    },

    /** Stops the caller's timer and logs what ran (404 when none runs). */
    async stop(viewer: Viewer): Promise<TimerState> {
      const stopped = await inTransaction(async (tx, after) => {
        const running = await stopRunning(tx, viewer.id);
        if (!running) throw NotFound(timeMessages.notRunning, 'TIMER_NOT_RUNNING');
        const task = await findVisibleTask(tx, viewer, running.taskId).catch(() => undefined);
        after.publish(
          task ? loggedChange(task.id, task.productId, viewer.id) : timerChange(running.taskId, viewer.id),
        );
        return running.id;
      });
      return timerState(viewer, stopped);
    },
  };
}

export type TimeService = ReturnType<typeof createTimeService>;
