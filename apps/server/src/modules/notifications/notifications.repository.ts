import type { NotificationFilter } from '@shipyard/shared';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { notifications, teamMembers, users } from '../../db/schema/index.ts';
import { type Cursor, exactCreatedAt, olderThan } from '../../lib/cursor.ts';
import type { Viewer } from '../../lib/visibility.ts';
import { aboutWhatTheySee } from './notifications.access.ts';
import type { NotificationWithSender } from './notifications.mapper.ts';

export type NewNotification = typeof notifications.$inferInsert;

/** `after.read`: the inbox's cursor also says whether the last row was read (unread come first). */
export type NotificationListQuery = {
  filter: NotificationFilter;
  after: (Cursor & { read: boolean }) | undefined;
  limit: number;
};

/** Neither done nor snoozed: what the inbox lists and the badge counts. */
const inInbox = and(isNull(notifications.doneAt), isNull(notifications.snoozedUntil));
const isRead = sql<boolean>`(${notifications.readAt} is not null)`;

const FILTERS: Record<NotificationFilter, SQL | undefined> = {
  all: inInbox,
  unread: and(inInbox, isNull(notifications.readAt)),
  mentions: and(inInbox, eq(notifications.type, 'TASK_MENTION')),
  assigned: and(inInbox, eq(notifications.type, 'TASK_ASSIGNED')),
  done: isNotNull(notifications.doneAt),
};

/** After the cursor in the inbox's order: unread first, then newest. */
function inboxAfter(after: Cursor & { read: boolean }): SQL {
  const older = olderThan(notifications.createdAt, notifications.id, after);
  if (after.read) return and(isNotNull(notifications.readAt), older) as SQL;
  return sql`(${isNotNull(notifications.readAt)} or (${isNull(notifications.readAt)} and ${older}))`;
}

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
     * One page plus one row that only tells whether another page follows. The inbox filters:
     * unread first, then newest (notifications_user_inbox_idx); 'done': newest first.
     */
    async list(viewer: Viewer, query: NotificationListQuery) {
      const done = query.filter === 'done';
      const after = query.after;
      return db
        .select({ ...withSender, cursorAt: exactCreatedAt(notifications.createdAt) })
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.senderId))
        .where(
          and(
            ownSeen(viewer),
            FILTERS[query.filter],
            after && done ? olderThan(notifications.createdAt, notifications.id, after) : undefined,
            after && !done ? inboxAfter(after) : undefined,
          ),
        )
        .orderBy(...(done ? [] : [asc(isRead)]), desc(notifications.createdAt), desc(notifications.id))
        .limit(query.limit + 1);
    },

    /** Unread in the inbox: neither done nor snoozed. Served by notifications_user_unread_idx. */
    async unreadCount(viewer: Viewer, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(notifications)
        .where(and(ownSeen(viewer), inInbox, isNull(notifications.readAt)));
      return row?.n ?? 0;
    },

    /** Sets the fields of one of the viewer's notifications; whether it was theirs. */
    async setOwn(
      viewer: Viewer,
      id: string,
      values: Pick<PgUpdateSetSource<typeof notifications>, 'readAt' | 'doneAt' | 'snoozedUntil'>,
      tx: Db = db,
    ): Promise<boolean> {
      const rows = await tx
        .update(notifications)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(notifications.id, id), ownSeen(viewer)))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    /**
     * The wake-up: a notification still snoozed until `until` (not re-snoozed or unsnoozed since)
     * is unread and back in the inbox. The conditional update makes it happen once, whichever
     * process runs it. The row, and whether its owner may see what it is about now.
     */
    async wake(id: string, until: Date, tx: Db = db) {
      const [row] = await tx
        .update(notifications)
        .set({ snoozedUntil: null, readAt: null, updatedAt: sql`now()` })
        .where(and(eq(notifications.id, id), eq(notifications.snoozedUntil, until)))
        .returning();
      if (!row) return undefined;
      const [owner] = await tx
        .select({ seen: aboutWhatTheySee(users, notifications.type, notifications.metadata) })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(eq(notifications.id, id));
      return { row, seen: owner?.seen === true };
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
