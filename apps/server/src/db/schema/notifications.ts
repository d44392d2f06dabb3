import type { CategoryPreference, NotificationCategory } from '@shipyard/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, newestFirst, timestamps } from './columns.ts';
import { tasks } from './tasks.ts';
import { users } from './users.ts';

// What happened to a user that they should know about (docs/data-model.md): an invitation to a
// team, an accepted invitation, a lead change, a removal, a task assigned to them. Written in the
// transaction of the change that causes it; only the recipient ever reads or changes it.

export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The recipient. */
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who caused it; null (a deleted account, or the system) shows as 'System'. */
    senderId: uuid().references(() => users.id, { onDelete: 'set null' }),
    type: text({
      enum: [
        'INVITE',
        'INVITE_ACCEPTED',
        'TEAM_LEAD',
        'REMOVED_FROM_TEAM',
        'TASK_ASSIGNED',
        'TASK_MENTION',
        'TASK_COMMENT',
        'TASK_STATUS',
        'TASK_DUE_SOON',
        'TASK_OVERDUE',
        'PRODUCT_STAGE',
        'STAGE_GATE_APPROVAL',
      ],
    }).notNull(),
    message: text().notNull(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp({ withTimezone: true }),
    /** Marked done (issue 30): out of the inbox, listed under 'Done'. */
    doneAt: timestamp({ withTimezone: true }),
    /** Snoozed: hidden until the wake-up job clears it and makes it unread again. */
    snoozedUntil: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    // The list, newest first with keyset, and its unread-only variant.
    index('notifications_user_created_idx').on(t.userId, ...newestFirst(t)),
    // The unread badge, 'Mark all as read' and marking a team's invitations read on accept.
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_sender_idx').on(t.senderId),
    // The inbox (neither done nor snoozed), unread first then newest.
    index('notifications_user_inbox_idx')
      .on(t.userId, sql`(${t.readAt} is not null)`, ...newestFirst(t))
      .where(sql`${t.doneAt} is null and ${t.snoozedUntil} is null`),
    check(
      'notifications_type_known',
      sql`${t.type} in ('INVITE', 'INVITE_ACCEPTED', 'TEAM_LEAD', 'REMOVED_FROM_TEAM', 'TASK_ASSIGNED', 'TASK_MENTION', 'TASK_COMMENT', 'TASK_STATUS', 'TASK_DUE_SOON', 'TASK_OVERDUE', 'PRODUCT_STAGE', 'STAGE_GATE_APPROVAL')`,
    ),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;

// Settings → Notifications (docs/decisions/016-notification-mail.md): one row per user who saved
// them; no row means the defaults (packages/shared notification-preferences.ts) and UTC.
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** An IANA name; null until the user first saves (reminders and the digest then use UTC). */
  timeZone: text(),
  /** Only the kinds the user changed; the rest follow the defaults. */
  preferences: jsonb()
    .$type<Partial<Record<NotificationCategory, Partial<CategoryPreference>>>>()
    .notNull()
    .default({}),
  /** The local date of the last daily digest claimed: a second claim for the same day fails. */
  lastDigestOn: date(),
  /**
   * The instant-mail cap (notifications.notifier.ts INSTANT_MAILS_PER_HOUR): when the current hour
   * of instant mail began, and how many were asked for since; past the cap they go to the digest.
   */
  instantMailWindowAt: timestamp({ withTimezone: true }),
  instantMails: integer().notNull().default(0),
  ...timestamps(),
});

// What waits for the user's daily digest: written in the transaction of the change, read and
// deleted by the digest job that mails it. Kept apart from the bell (in-app may be off).
export const notificationDigestItems = pgTable(
  'notification_digest_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().$type<NotificationRow['type']>().notNull(),
    message: text().notNull(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('notification_digest_items_user_idx').on(t.userId, t.createdAt)],
);

// Reminders sent: the primary key makes each (task, assignee, kind, due date) happen once, across
// every process running the scan. A new due date is reminded of again.
export const taskReminders = pgTable(
  'task_reminders',
  {
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['due_soon', 'overdue'] }).notNull(),
    dueDate: date().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.userId, t.kind, t.dueDate] }),
    index('task_reminders_user_idx').on(t.userId),
    check('task_reminders_kind_known', sql`${t.kind} in ('due_soon', 'overdue')`),
  ],
);
