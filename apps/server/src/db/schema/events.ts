import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  time,
  uuid,
} from 'drizzle-orm/pg-core';
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

/** What one date of a repeating event changes on its own (any of the fields; the rest is the series'). */
export type EventOverride = Partial<{
  title: string;
  description: string;
  date: string;
  startTime: string | null;
  type: (typeof EVENT_TYPES_SQL)[number];
  status: (typeof EVENT_STATUSES_SQL)[number];
  meetingLink: string | null;
}>;

/**
 * One date of a repeating event changed or deleted on its own (issue 29,
 * docs/decisions/042-event-exceptions.md), keyed by the day the rule gives it (RECURRENCE-ID):
 * cancelled (EXDATE) or an override of some fields. Goes with its series (cascade).
 */
export const eventExceptions = pgTable(
  'event_exceptions',
  {
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    occursOn: date().notNull(),
    cancelled: boolean().notNull().default(false),
    /** The fields this date changes, checked by the shared schema; {} when cancelled. */
    override: jsonb().$type<EventOverride>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.occursOn] })],
);

export type EventExceptionRow = typeof eventExceptions.$inferSelect;
