import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

// The personal calendar feed (issue 16, docs/decisions/017-calendar-feed.md): one secret URL per
// account. Only the SHA-256 of its 256-bit token is kept; regenerating replaces the row's hash,
// so the old URL stops working at once. The row goes with the account (cascade) and with its
// access (sessions.endAccess: a password change, a reset, disabling).
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_key').on(t.tokenHash)],
);

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;
