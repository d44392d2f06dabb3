import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { newestFirst, timestamps } from './columns.ts';
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
      ],
    }).notNull(),
    message: text().notNull(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    // The list, newest first with keyset, and its unread-only variant.
    index('notifications_user_created_idx').on(t.userId, ...newestFirst(t)),
    // The unread badge, 'Mark all as read' and marking a team's invitations read on accept.
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_sender_idx').on(t.senderId),
    check(
      'notifications_type_known',
      sql`${t.type} in ('INVITE', 'INVITE_ACCEPTED', 'TEAM_LEAD', 'REMOVED_FROM_TEAM', 'TASK_ASSIGNED', 'TASK_MENTION', 'TASK_COMMENT', 'TASK_STATUS')`,
    ),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
