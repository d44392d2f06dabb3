import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Products ("projects" in the API's paths). See docs/data-model.md: progress is derived from
// tasks, not stored; visibility is the creator, admins, and (with teams) active team members.
export const products = pgTable(
  'products',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    description: text().notNull(),
    status: text({ enum: ['planning', 'development', 'testing', 'production', 'maintenance'] })
      .notNull()
      .default('planning'),
    priority: text({ enum: ['low', 'medium', 'high'] })
      .notNull()
      .default('medium'),
    teamSize: integer().notNull(),
    startDate: date().notNull(),
    targetEndDate: date().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('products_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('products_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('products_created_by_idx').on(t.createdBy),
    index('products_priority_idx').on(t.priority),
    check('products_name_not_blank', sql`btrim(${t.name}) <> ''`),
    check(
      'products_status_known',
      sql`${t.status} in ('planning', 'development', 'testing', 'production', 'maintenance')`,
    ),
    check('products_priority_known', sql`${t.priority} in ('low', 'medium', 'high')`),
    check('products_team_size_positive', sql`${t.teamSize} >= 1`),
  ],
);

export type ProductRow = typeof products.$inferSelect;
