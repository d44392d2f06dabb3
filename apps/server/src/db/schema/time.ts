import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { tasks } from './tasks.ts';
import { users } from './users.ts';

// Time tracking (issue 31, docs/decisions/055-time-tracking.md). A timer is an entry still running
// (no `seconds` yet, no `ended_at`); stopping it writes both. At most one runs per person (a
// partial unique index). Entries hang off their task like its comments: a trashed task keeps them
// (every read goes through the live `tasks`, so they drop out of sight), a purged task takes them.

export const timeEntries = pgTable(
  'time_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    /** Null once the author's account is deleted: the time stays, by "Deleted user". */
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The day the time counts for, in the author's own calendar. */
    date: date({ mode: 'string' }).notNull(),
    /** Null while the timer runs. */
    seconds: integer(),
    note: text().notNull().default(''),
    /** 'timer' (started and stopped) or 'manual' (typed in). */
    source: text().notNull().default('manual'),
    startedAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    // A task's entries newest first, and its totals.
    index('time_entries_task_date_idx').on(t.taskId, t.date, t.id),
    // A person's week (the timesheet).
    index('time_entries_author_date_idx').on(t.authorId, t.date),
    uniqueIndex('time_entries_one_running_per_author').on(t.authorId).where(sql`${t.seconds} is null`),
    check('time_entries_source', sql`${t.source} in ('timer', 'manual')`),
    check(
      'time_entries_seconds_bounds',
      sql`${t.seconds} is null or (${t.seconds} > 0 and ${t.seconds} <= 86400)`,
    ),
    check(
      'time_entries_running_shape',
      sql`${t.seconds} is not null or (${t.source} = 'timer' and ${t.startedAt} is not null and ${t.endedAt} is null)`,
    ),
    check('time_entries_note_length', sql`char_length(${t.note}) <= 500`),
  ],
);

export type TimeEntryRow = typeof timeEntries.$inferSelect;
