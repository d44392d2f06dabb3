import { inboxMessages, type Notification, notificationMessages, SNOOZE_MAX_DAYS } from '@shipyard/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, NotFound } from '../../lib/errors.ts';
import { addJob, type JobHandlers } from '../../lib/jobs.ts';
import { type Changes, notificationChange } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import { createInTransaction } from '../../lib/write.ts';
import { toNotification } from './notifications.mapper.ts';
import type { NotificationsRepository } from './notifications.repository.ts';

// The inbox's triage (issue 30, docs/decisions/inbox-triage.md): done, snooze and unread, on
// the caller's own notifications only (anyone else's is 404). A snooze is a wake-up job at its
// instant; the job makes the notification unread and back in the inbox once, whichever process
// runs it, and tells the owner's screens only if they may still see what it is about.

const WAKE_JOB = 'notification-wake';
type WakeJob = { id: string; until: string };

const DAY_MS = 24 * 60 * 60 * 1000;

type Deps = { db: Db; notifications: NotificationsRepository; changes: Changes; clock: Clock };

export function createInboxService({ db, notifications, changes, clock }: Deps) {
  const inTransaction = createInTransaction(db, changes);
  const notFound = () => NotFound(notificationMessages.notFound, 'NOTIFICATION_NOT_FOUND');

  /** Sets the fields on one of the caller's notifications, tells their screens, returns it. */
  function change(
    actor: SessionUser,
    id: string,
    values: Parameters<NotificationsRepository['setOwn']>[2],
    also?: (tx: Db) => Promise<void>,
  ): Promise<Notification> {
    return inTransaction(async (tx, after) => {
      if (!(await notifications.setOwn(actor, id, values, tx))) throw notFound();
      await also?.(tx);
      const found = await notifications.findOwn(actor, id, tx);
      if (!found) throw notFound();
      after.publish(notificationChange('updated', { id, userId: actor.id }));
      return toNotification(found);
    });
  }

  /** graphile-worker's job, if it still waits, is dropped: the notification is awake already. */
  const dropWake = (tx: Db, id: string) =>
    tx.execute(sql`select graphile_worker.remove_job(${`notification-wake:${id}`})`).then(() => undefined);

  return {
    /** Read and out of the inbox (the 'Done' filter lists it); a snooze is cancelled. */
    done: (actor: SessionUser, id: string) =>
      change(
        actor,
        id,
        { doneAt: sql`coalesce(done_at, now())`, readAt: sql`coalesce(read_at, now())`, snoozedUntil: null },
        (tx) => dropWake(tx, id),
      ),

    /** Back in the inbox, as read as it was. */
    undone: (actor: SessionUser, id: string) => change(actor, id, { doneAt: null }),

    markUnread: (actor: SessionUser, id: string) => change(actor, id, { readAt: null }),

    /** Hidden until `until` (future, within 90 days), then unread again. A new snooze replaces the old. */
    snooze(actor: SessionUser, id: string, untilText: string) {
      const until = new Date(untilText);
      const now = clock.now().getTime();
      if (until.getTime() <= now) throw invalid(inboxMessages.snoozeInPast);
      if (until.getTime() > now + SNOOZE_MAX_DAYS * DAY_MS) throw invalid(inboxMessages.snoozeTooFar);
      return change(actor, id, { snoozedUntil: until, doneAt: null }, (tx) =>
        addJob(tx, WAKE_JOB, { id, until: until.toISOString() } satisfies WakeJob, {
          runAt: until,
          jobKey: `notification-wake:${id}`,
        }),
      );
    },

    /** Back in the inbox now, as read as it was. */
    unsnooze: (actor: SessionUser, id: string) =>
      change(actor, id, { snoozedUntil: null }, (tx) => dropWake(tx, id)),
  };
}

const invalid = (message: string) =>
  BadRequest(message, 'VALIDATION_ERROR', { fields: { until: [message] } });

export type InboxService = ReturnType<typeof createInboxService>;

/** The wake-up job: unread and back in the inbox; a live change only if the owner may still see it. */
export function createWakeHandlers(notifications: NotificationsRepository, changes: Changes): JobHandlers {
  return {
    [WAKE_JOB]: async (payload) => {
      const { id, until } = payload as WakeJob;
      const woken = await notifications.wake(id, new Date(until));
      if (woken?.seen) changes.publish(notificationChange('updated', woken.row));
    },
  };
}
