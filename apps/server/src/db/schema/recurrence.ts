import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from './columns.ts';
import { products } from './products.ts';
import { tasks } from './tasks.ts';
import { users } from './users.ts';

// Recurring tasks (issue 29, docs/decisions/040-recurrence.md). A series is a rule; its live
// occurrence is the one task whose `series_id` names it (a unique index on tasks: one at a time).
// Each occurrence made is a row of task_occurrences, whose key (series, day) is the final guard
// of "exactly once" whatever process or job made it.

export const taskSeries = pgTable(
  'task_series',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** An RRULE without DTSTART (shared/recurrence.ts). */
    rule: text().notNull(),
    /** The rule's DTSTART: the day the series counts from. */
    startsOn: date().notNull(),
    /** The creator's IANA time zone: which day "today" is, and when a day starts. */
    timeZone: text().notNull(),
    /** 'completed': the next comes when this one is completed; 'schedule': on its day (a job). */
    mode: text({ enum: ['completed', 'schedule'] }).notNull(),
    /** On schedule: the day the job makes the next occurrence on; null once the series ended. */
    nextOn: date(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('task_series_product_idx').on(t.productId),
    check('task_series_mode_known', sql`${t.mode} in ('completed', 'schedule')`),
    check('task_series_rule_length', sql`char_length(${t.rule}) between 1 and 200`),
  ],
);

export const taskOccurrences = pgTable(
  'task_occurrences',
  {
    seriesId: uuid()
      .notNull()
      .references(() => taskSeries.id, { onDelete: 'cascade' }),
    occursOn: date().notNull(),
    /** Null once that task is purged: the day stays taken. */
    taskId: uuid().references(() => tasks.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.occursOn] }), index('task_occurrences_task_idx').on(t.taskId)],
);

export type TaskSeriesRow = typeof taskSeries.$inferSelect;
