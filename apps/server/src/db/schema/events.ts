import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, time, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { products } from './products.ts';
import { users } from './users.ts';

// Calendar events (spec §2.13, §3 Event, §5 Event). An event is on a calendar day (`date`), with
// an optional start time; it concerns its creator, its participants (e-mail addresses) and, when
// linked to a product, everyone who sees that product.

export const EVENT_TYPES_SQL = ['meeting', 'milestone', 'review', 'workshop', 'other'] as const;
export const EVENT_STATUSES_SQL = [
  'Planning',
  'Development',
  'Testing',
  'Production',
  'In Progress',
  'Completed',
  'Cancelled',
] as const;

export const events = pgTable(
  'events',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    description: text().notNull().default(''),
    date: date().notNull(),
    startTime: time(),
    type: text({ enum: EVENT_TYPES_SQL }).notNull(),
    status: text({ enum: EVENT_STATUSES_SQL }).notNull(),
    meetingLink: text(),
    /** Lowercased e-mail addresses of the people it concerns. */
    participants: text().array().notNull().default(sql`'{}'::text[]`),
    productId: uuid().references(() => products.id, { onDelete: 'cascade' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /**
     * Repeats (issue 29, docs/decisions/040-recurrence.md): an RRULE without DTSTART, which is
     * `date`; the calendar expands it for the range it shows, the feed sends it as it is.
     */
    recurrence: text(),
    ...timestamps(),
  },
  (t) => [
    index('events_date_idx').on(t.date, t.startTime),
    index('events_product_date_idx').on(t.productId, t.date),
    // The recurring events a range may show: those that started before its end.
    index('events_recurring_idx').on(t.date).where(sql`${t.recurrence} is not null`),
    index('events_created_by_idx').on(t.createdBy, t.date),
    index('events_participants_idx').using('gin', t.participants),
    check('events_title_length', sql`char_length(btrim(${t.title})) between 1 and 100`),
    check('events_description_length', sql`char_length(${t.description}) <= 500`),
    check('events_type_known', sql`${t.type} in ('meeting', 'milestone', 'review', 'workshop', 'other')`),
    check(
      'events_status_known',
      sql`${t.status} in ('Planning', 'Development', 'Testing', 'Production', 'In Progress', 'Completed', 'Cancelled')`,
    ),
  ],
);

export type EventRow = typeof events.$inferSelect;
