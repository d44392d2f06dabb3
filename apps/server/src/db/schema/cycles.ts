import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { products } from './products.ts';
import { tasks } from './tasks.ts';
import { users } from './users.ts';

// Cycles (issue 31, docs/decisions/058-cycles.md): time-boxed spans of a product's work. A task is
// in at most one cycle (`cycle_tasks` keyed by the task); every add and remove is a scope event,
// from which the burn-down and burn-up are computed. Everything hangs off the product and its
// tasks by cascading foreign keys: a trashed product or task hides its rows (reads go through the
// live views), a purged one takes them.

export const cycles = pgTable(
  'cycles',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    startsOn: date({ mode: 'string' }).notNull(),
    endsOn: date({ mode: 'string' }).notNull(),
    /** The zone whose calendar says when the cycle begins and ends (its creator's). */
    timeZone: text().notNull().default('UTC'),
    /** Set once the cycle was completed (by hand or by the roll-over job): it never runs twice. */
    completedAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('cycles_product_starts_idx').on(t.productId, t.startsOn),
    // The roll-over job's scan: cycles not completed yet, by their end.
    index('cycles_open_ends_idx').on(t.endsOn).where(sql`${t.completedAt} is null`),
    index('cycles_created_by_idx').on(t.createdBy),
    check('cycles_dates_in_order', sql`${t.startsOn} <= ${t.endsOn}`),
    check('cycles_name_length', sql`char_length(${t.name}) between 1 and 80`),
  ],
);

/** The task's one cycle. */
export const cycleTasks = pgTable(
  'cycle_tasks',
  {
    taskId: uuid()
      .primaryKey()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    cycleId: uuid()
      .notNull()
      .references(() => cycles.id, { onDelete: 'cascade' }),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cycle_tasks_cycle_idx').on(t.cycleId)],
);

/** Scope added to or removed from a cycle, and when: what the burn charts are drawn from. */
export const cycleScopeEvents = pgTable(
  'cycle_scope_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    cycleId: uuid()
      .notNull()
      .references(() => cycles.id, { onDelete: 'cascade' }),
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['added', 'removed'] }).notNull(),
    /** 'manual' (someone moved it) or 'rollover' (an ended cycle passed it on). */
    reason: text({ enum: ['manual', 'rollover'] })
      .notNull()
      .default('manual'),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('cycle_scope_events_cycle_at_idx').on(t.cycleId, t.at),
    index('cycle_scope_events_task_idx').on(t.taskId),
    index('cycle_scope_events_actor_idx').on(t.actorId),
    check('cycle_scope_events_kind', sql`${t.kind} in ('added', 'removed')`),
    check('cycle_scope_events_reason', sql`${t.reason} in ('manual', 'rollover')`),
  ],
);

/** A product's cycle settings; a product without a row rolls unfinished work over (the default). */
export const productCycleSettings = pgTable('product_cycle_settings', {
  productId: uuid()
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  rollOver: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

export type CycleRow = typeof cycles.$inferSelect;
