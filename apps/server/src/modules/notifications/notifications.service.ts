import {
  type Notification,
  type NotificationList,
  type NotificationQuery,
  notificationMessages,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import { encodeCursor, readCursor } from '../../lib/cursor.ts';
import { NotFound } from '../../lib/errors.ts';
import { type Changes, notificationChange } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import { createInTransaction } from '../../lib/write.ts';
import { toNotification } from './notifications.mapper.ts';
import type { NotificationsRepository } from './notifications.repository.ts';

type Deps = { db: Db; notifications: NotificationsRepository; changes: Changes };

// A user only ever sees and changes their own notifications: anyone else's is 404, as if it did
// not exist, and so is one about a task or product they no longer see (notifications.access.ts).
// They are written by the services whose changes cause them (teams, tasks).
export function createNotificationsService({ db, notifications, changes }: Deps) {
  const notFound = () => NotFound(notificationMessages.notFound, 'NOTIFICATION_NOT_FOUND');
  const inTransaction = createInTransaction(db, changes);

  async function own(actor: SessionUser, id: string, tx: Db = db): Promise<Notification> {
    const found = await notifications.findOwn(actor, id, tx);
    if (!found) throw notFound();
    return toNotification(found);
  }

  return {
    /** Newest first, keyset paging; `unread` counts all of the caller's unread ones (the badge). */
    async list(actor: SessionUser, query: NotificationQuery): Promise<NotificationList> {
      const after = readCursor(query.cursor);
      const [rows, unread] = await Promise.all([
        notifications.list(actor, { unread: query.unread ?? false, after, limit: query.limit }),
        notifications.unreadCount(actor),
      ]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        data: page.map(toNotification),
        unread,
        nextCursor:
          rows.length > query.limit && last
            ? encodeCursor({ createdAt: last.cursorAt, id: last.notification.id })
            : null,
      };
    },

    async unreadCount(actor: SessionUser): Promise<{ unread: number }> {
      return { unread: await notifications.unreadCount(actor) };
    },

    /** Idempotent: an already read notification keeps its first read time. */
    async markRead(actor: SessionUser, id: string): Promise<Notification> {
      return inTransaction(async (tx, after) => {
        if (!(await notifications.markRead(actor, id, tx))) throw notFound();
        after.publish(notificationChange('updated', { id, userId: actor.id }));
        return own(actor, id, tx);
      });
    },

    /** The change names the user: it concerns all of their notifications. */
    async markAllRead(actor: SessionUser): Promise<{ updated: number }> {
      const updated = await notifications.markAllRead(actor);
      if (updated > 0) changes.publish(notificationChange('updated', { id: actor.id, userId: actor.id }));
      return { updated };
    },

    async remove(actor: SessionUser, id: string): Promise<void> {
      if (!(await notifications.remove(actor, id))) throw notFound();
      changes.publish(notificationChange('deleted', { id, userId: actor.id }));
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
