import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications, teamMembers, users } from '../../db/schema/index.ts';
import { type Cursor, exactCreatedAt, olderThan } from '../../lib/cursor.ts';
import type { Viewer } from '../../lib/visibility.ts';
import { aboutWhatTheySee } from './notifications.access.ts';
import type { NotificationWithSender } from './notifications.mapper.ts';

export type NewNotification = typeof notifications.$inferInsert;

export type NotificationListQuery = { unread: boolean; after: Cursor | undefined; limit: number };

/**
 * The notification with its sender's name and avatar, LEFT JOINed (the sender may be gone), and
 * for an INVITE whether the invitation still waits (read or not, it can be accepted until then).
 */
const withSender = {
  notification: notifications,
  sender: { id: users.id, name: users.name, avatarUrl: users.avatarUrl },
  invitationPending: sql<boolean>`(${notifications.type} = 'INVITE' and exists (
    select 1 from ${teamMembers} where ${teamMembers.userId} = ${notifications.userId}
      and ${teamMembers.teamId}::text = ${notifications.metadata}->>'teamId'
      and ${teamMembers.status} in ('invited', 'pending')))`,
};

/** The viewer's own notifications about what they may see now (notifications.access.ts). */
const ownSeen = (viewer: Viewer): SQL =>
  and(
    eq(notifications.userId, viewer.id),
    aboutWhatTheySee(viewer, notifications.type, notifications.metadata),
  ) as SQL;

// Every read and write of the recipient names them: a notification of someone else is never
// found, nor one about a task or product they no longer see.
export function createNotificationsRepository(db: Db) {
  const selectWithSender = (tx: Db) =>
    tx.select(withSender).from(notifications).leftJoin(users, eq(users.id, notifications.senderId));

  /**
   * The newest notification matching `where` of each recipient, if created less than `minutes`
   * ago, rewritten with `values` and unread again.
   */
  function refreshNewest(
    where: SQL | undefined,
    minutes: number,
    values: Pick<NewNotification, 'senderId' | 'message' | 'metadata'>,
    tx: Db,
  ) {
    const recent = tx
      .selectDistinctOn([notifications.userId], { id: notifications.id })
      .from(notifications)
      .where(and(where, sql`${notifications.createdAt} > now() - make_interval(mins => ${minutes})`))
      .orderBy(notifications.userId, desc(notifications.createdAt));
    return tx
      .update(notifications)
      .set({ ...values, readAt: null, updatedAt: sql`now()` })
      .where(inArray(notifications.id, recent))
      .returning();
  }

  return {
    /** Written in the transaction of the change that causes it. */
    async insert(values: NewNotification, tx: Db = db) {
      const [row] = await tx.insert(notifications).values(values).returning();
      if (!row) throw new Error('notification insert returned no row');
      return row;
    },

    /** Several at once (a task's watchers), in the transaction of the change that causes them. */
    async insertMany(values: NewNotification[], tx: Db = db) {
      if (values.length === 0) return [];
      return tx.insert(notifications).values(values).returning();
    },

    /**
     * One page, newest first, plus one row that only tells whether another page follows. Served
     * by notifications_user_created_idx (the keyset is a bound of its scan).
     */
    async list(viewer: Viewer, query: NotificationListQuery) {
      return db
        .select({ ...withSender, cursorAt: exactCreatedAt(notifications.createdAt) })
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.senderId))
        .where(
          and(
            ownSeen(viewer),
            query.unread ? isNull(notifications.readAt) : undefined,
            query.after ? olderThan(notifications.createdAt, notifications.id, query.after) : undefined,
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(query.limit + 1);
    },

    /** Served by notifications_user_unread_idx. */
    async unreadCount(viewer: Viewer, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(notifications)
        .where(and(ownSeen(viewer), isNull(notifications.readAt)));
      return row?.n ?? 0;
    },

    async findOwn(viewer: Viewer, id: string, tx: Db = db): Promise<NotificationWithSender | undefined> {
      const [row] = await selectWithSender(tx)
        .where(and(eq(notifications.id, id), ownSeen(viewer)))
        .limit(1);
      return row;
    },

    /** Marks it read once: a second call keeps the first read_at. Whether it is the user's. */
    async markRead(viewer: Viewer, id: string, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())`, updatedAt: sql`now()` })
        .where(and(eq(notifications.id, id), ownSeen(viewer)))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    /** How many were unread and are read now. */
    async markAllRead(viewer: Viewer, tx: Db = db): Promise<number> {
      const rows = await tx
        .update(notifications)
        .set({ readAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(ownSeen(viewer), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    /** The user's unread invitations to the team are read: accepted, or withdrawn by a removal. */
    async markInvitesRead(userId: string, teamId: string, tx: Db = db): Promise<number> {
      const rows = await tx
        .update(notifications)
        .set({ readAt: sql`now()`, updatedAt: sql`now()` })
        .where(
          and(
            eq(notifications.userId, userId),
            isNull(notifications.readAt),
            eq(notifications.type, 'INVITE'),
            sql`${notifications.metadata} ->> 'teamId' = ${teamId}`,
          ),
        )
        .returning({ id: notifications.id });
      return rows.length;
    },

    /**
     * The user's newest notification of `type` about the team, if it was created less than
     * `minutes` ago, rewritten with `values` and unread again; undefined when there is none. A
     * repeat within the window (an invite/withdraw loop) updates it instead of adding another.
     */
    async refreshRecent(
      userId: string,
      teamId: string,
      type: NewNotification['type'],
      minutes: number,
      values: Pick<NewNotification, 'senderId' | 'message' | 'metadata'>,
      tx: Db = db,
    ) {
      const [row] = await refreshNewest(
        and(
          eq(notifications.userId, userId),
          eq(notifications.type, type),
          sql`${notifications.metadata} ->> 'teamId' = ${teamId}`,
        ),
        minutes,
        values,
        tx,
      );
      return row;
    },

    /**
     * `refreshRecent` for several recipients of one notification about a task (a comment's
     * mentions): each one's newest of `type` from the same sender about the same task, if less
     * than `minutes` old, is rewritten with `values` and unread again. The rows refreshed.
     */
    async refreshRecentAboutTask(
      userIds: readonly string[],
      about: { type: NewNotification['type']; senderId: string; taskId: string },
      minutes: number,
      values: Pick<NewNotification, 'senderId' | 'message' | 'metadata'>,
      tx: Db = db,
    ) {
      if (userIds.length === 0) return [];
      return refreshNewest(
        and(
          inArray(notifications.userId, [...userIds]),
          eq(notifications.type, about.type),
          eq(notifications.senderId, about.senderId),
          sql`${notifications.metadata} ->> 'taskId' = ${about.taskId}`,
        ),
        minutes,
        values,
        tx,
      );
    },

    /** Whether it was the user's (and is now gone). */
    async remove(viewer: Viewer, id: string, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .delete(notifications)
        .where(and(eq(notifications.id, id), ownSeen(viewer)))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
