import {
  type Notification,
  type NotificationList,
  type NotificationQuery,
  notificationMessages,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import { type Cursor, encodeCursor, readCursor } from '../../lib/cursor.ts';
import { NotFound } from '../../lib/errors.ts';
import { type Changes, notificationChange } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import { createInTransaction } from '../../lib/write.ts';
import { toNotification } from './notifications.mapper.ts';
import type { NotificationsRepository } from './notifications.repository.ts';

// The inbox's cursor: whether the page's last row was read ('r'/'u', unread rows come first),
// then the keyset cursor of lib/cursor.ts.
const encodeInboxCursor = (read: boolean, c: Cursor) => `${read ? 'r' : 'u'}${encodeCursor(c)}`;
function readInboxCursor(value: string | undefined): (Cursor & { read: boolean }) | undefined {
  if (value === undefined) return undefined;
  const read = value.startsWith('r');
  const cursor = readCursor(/^[ru]/.test(value) ? value.slice(1) : '!') as Cursor;
  return { ...cursor, read };
}

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
    /**
     * The inbox (unread first, then newest) or the done ones (newest first), keyset paging;
     * `unread` counts all of the caller's unread ones in the inbox (the badge). `unread=true`
     * (the spec's call) is the 'unread' filter.
     */
    async list(actor: SessionUser, query: NotificationQuery): Promise<NotificationList> {
      const filter = query.filter ?? (query.unread ? 'unread' : 'all');
      const after = readInboxCursor(query.cursor);
      const [rows, unread] = await Promise.all([
        notifications.list(actor, { filter, after, limit: query.limit }),
        notifications.unreadCount(actor),
      ]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        data: page.map(toNotification),
        unread,
        nextCursor:
          rows.length > query.limit && last
            ? encodeInboxCursor(last.notification.readAt !== null, {
                createdAt: last.cursorAt,
                id: last.notification.id,
              })
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
