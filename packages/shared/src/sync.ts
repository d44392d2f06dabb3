import { z } from 'zod/mini';

// Issue 33: an app that works offline for reading, and queues the writes made offline. A queued
// write carries the version of the task it was made on; the server refuses it (409) if the task
// changed since, and the app shows both values for the person to pick
// (docs/decisions/052-offline-app.md).

export const syncMessages = {
  preconditionInvalid: 'ifUnmodifiedSince must be a date and time with its offset.',
  taskChanged: 'The task was changed by someone else since you edited it.',
  pending: 'Pending sync',
  pendingCount: (n: number) => (n === 1 ? '1 change waits to be sent' : `${n} changes wait to be sent`),
  pendingTask: 'Pending sync: this change is sent when you are back online.',
  offline: 'Offline',
  conflictTitle: 'This task changed while you were offline',
  conflictDescription: 'Someone else changed the same field. Pick the value to keep.',
  yours: 'Yours',
  current: 'Current',
  keepYours: 'Keep yours',
  keepCurrent: 'Keep current',
  keptYours: 'Your change was saved',
  keptCurrent: 'The current value was kept',
} as const;

/**
 * A write queued offline: apply it only if the task is unchanged since this instant (its
 * `updatedAt` as the person saw it), else 409 TASK_CHANGED with the current task.
 */
export const IfUnmodifiedSinceSchema = z.optional(
  z.iso.datetime({ offset: true, error: syncMessages.preconditionInvalid }),
);

/** The code and body of the refusal: `details.current` is the task as it is now. */
export const TASK_CHANGED = 'TASK_CHANGED';
