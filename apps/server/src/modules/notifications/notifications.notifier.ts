import { categoryOfType } from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import { notificationDigestItems } from '../../db/schema/index.ts';
import { addJob } from '../../lib/jobs.ts';
import type { NewNotification, NotificationsRepository } from './notifications.repository.ts';
import type { NotificationSettings, Recipient } from './notifications.settings.ts';

/**
 * The notifications' narrow entry point for other modules: notify someone inside the caller's
 * transaction, refresh a recent one instead of repeating it, mark a team's invitations read.
 * Other modules depend on this, never on the repository (scripts/check-boundaries.mjs).
 *
 * Each recipient's choices decide, in that same transaction: the bell's row (none when in-app is
 * off; an INVITE always has one, it is accepted there), an instant mail job, or an entry for the
 * daily digest. So a committed change never loses its mail, and a rolled-back one sends none.
 * Past INSTANT_MAILS_PER_HOUR instant mails in an hour, a recipient's next ones go to the digest.
 */
export type Notifier = {
  /** The row, or undefined when the recipient turned that kind off in the bell. */
  insert: (values: NewNotification, tx?: Db) => Promise<NotificationRow | undefined>;
  /** The rows created (those whose recipients keep that kind in the bell). */
  insertMany: (values: NewNotification[], tx?: Db) => Promise<NotificationRow[]>;
  /**
   * One notification about a task to several people, coalesced: whoever got one of that type
   * from the same sender about the same task less than `minutes` ago has that one rewritten and
   * unread again, with no new mail; the others get it as `insertMany` gives it.
   */
  insertOrRefresh: (
    userIds: readonly string[],
    notification: Omit<NewNotification, 'userId' | 'senderId' | 'metadata'> & {
      senderId: string;
      metadata: { taskId: string } & Record<string, unknown>;
    },
    minutes: number,
    tx?: Db,
  ) => Promise<{ created: NotificationRow[]; refreshed: NotificationRow[] }>;
} & Pick<NotificationsRepository, 'refreshRecent' | 'markInvitesRead'>;
export type { NewNotification };

type NotificationRow = Awaited<ReturnType<NotificationsRepository['insert']>>;

/**
 * Instant notification mails one person gets in an hour at most (issue 27: mentions by anyone
 * who may comment could flood an admin); the rest of that hour's go to their daily digest.
 */
export const INSTANT_MAILS_PER_HOUR = 10;

/** A notification on its way to one recipient, with the choices the notifier read for them. */
type Delivery = { notice: NotificationMailJob; recipient: Recipient };

/**
 * Another way notifications reach people (push, issue 33), plugged in by its module at boot:
 * told of every new notification in the notifier's transaction, so it queues its own work
 * (jobs) in that transaction and a rolled-back change sends nothing. It decides by the
 * recipient's choices; a refreshed notification is not new and is not told again.
 */
export type DeliveryChannel = (deliveries: readonly Delivery[], tx: Db) => Promise<void>;

/** The instant mail job's payload: the notification itself (there may be no row to point at). */
export type NotificationMailJob = Pick<NewNotification, 'userId' | 'type' | 'message' | 'metadata'>;
export const NOTIFICATION_MAIL_JOB = 'notification-mail';

export function createNotifier(
  notifications: NotificationsRepository,
  settings: NotificationSettings,
  db: Db,
  channels: readonly DeliveryChannel[] = [],
): Notifier {
  async function insertMany(values: NewNotification[], tx: Db = db): Promise<NotificationRow[]> {
    if (values.length === 0) return [];
    const recipients = await settings.recipients(
      values.map((v) => v.userId),
      tx,
    );
    const shown: NewNotification[] = [];
    const instant: NotificationMailJob[] = [];
    const digest: (typeof notificationDigestItems.$inferInsert)[] = [];
    const deliveries: Delivery[] = [];
    for (const value of values) {
      const recipient = recipients.get(value.userId);
      if (!recipient) continue;
      const choice = recipient.preferences[categoryOfType[value.type]];
      if (choice.inApp || value.type === 'INVITE') shown.push(value);
      const mail: NotificationMailJob = {
        userId: value.userId,
        type: value.type,
        message: value.message,
        metadata: value.metadata ?? {},
      };
      deliveries.push({ notice: mail, recipient });
      if (choice.email === 'instant' && recipient.mailable) instant.push(mail);
      if (choice.email === 'digest' && recipient.mailable) digest.push(mail);
    }
    const wanted = new Map<string, number>();
    for (const mail of instant) wanted.set(mail.userId, (wanted.get(mail.userId) ?? 0) + 1);
    const allowed = await settings.claimInstantMails(wanted, INSTANT_MAILS_PER_HOUR, tx);
    for (const mail of instant) {
      const left = allowed.get(mail.userId) ?? 0;
      allowed.set(mail.userId, left - 1);
      if (left > 0) await addJob(tx, NOTIFICATION_MAIL_JOB, mail);
      else digest.push(mail);
    }
    if (digest.length > 0) await tx.insert(notificationDigestItems).values(digest);
    for (const channel of channels) await channel(deliveries, tx);
    return notifications.insertMany(shown, tx);
  }

  return {
    insertMany,
    insert: async (values, tx) => (await insertMany([values], tx))[0],
    async insertOrRefresh(userIds, notification, minutes, tx = db) {
      const { senderId, message, metadata } = notification;
      const refreshed = await notifications.refreshRecentAboutTask(
        userIds,
        { type: notification.type, senderId, taskId: metadata.taskId },
        minutes,
        { senderId, message, metadata },
        tx,
      );
      const done = new Set(refreshed.map((row) => row.userId));
      const fresh = userIds.filter((userId) => !done.has(userId));
      const created = await insertMany(
        fresh.map((userId) => ({ ...notification, userId })),
        tx,
      );
      return { created, refreshed };
    },
    refreshRecent: notifications.refreshRecent,
    markInvitesRead: notifications.markInvitesRead,
  };
}
