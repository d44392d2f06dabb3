import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './products.ts';
import { users } from './users.ts';

// The roadmap (issue 31, docs/decisions/056-roadmap.md): a product's planned days for each stage
// of the spec's lifecycle, one row per (product, stage) that has a plan. A trashed product keeps its
// rows (the live view of products hides them with it; a restore brings them back); the purge
// deletes them with the product.
export const productStagePlans = pgTable(
  'product_stage_plans',
  {
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    stage: text({ enum: ['planning', 'development', 'testing', 'production', 'maintenance'] }).notNull(),
    startsOn: date().notNull(),
    endsOn: date().notNull(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.stage] }),
    index('product_stage_plans_updated_by_idx').on(t.updatedBy),
    check('product_stage_plans_dates_in_order', sql`${t.startsOn} <= ${t.endsOn}`),
    check(
      'product_stage_plans_stage_known',
      sql`${t.stage} in ('planning', 'development', 'testing', 'production', 'maintenance')`,
    ),
  ],
);

export type ProductStagePlanRow = typeof productStagePlans.$inferSelect;
