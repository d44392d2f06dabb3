import type { TaskDisplay } from '@shipyard/shared';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from './columns.ts';
import { products } from './products.ts';
import { users } from './users.ts';

// Saved views (issue 28, docs/decisions/031-saved-views.md): a name, the /tasks query string and
// the display options; personal (its owner's) or shared with whoever sees its product. A shared
// view goes with its product; every view with its owner's account.
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The /tasks URL's query string (no '?'), checked against the task query when written. */
    query: text().notNull().default(''),
    display: jsonb().$type<TaskDisplay>().notNull(),
    scope: text({ enum: ['personal', 'shared'] })
      .notNull()
      .default('personal'),
    /** The product a shared view is shared with; null for a personal one. */
    productId: uuid().references(() => products.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (t) => [
    index('saved_views_owner_idx').on(t.ownerId),
    index('saved_views_product_idx').on(t.productId),
    check('saved_views_scope_product', sql`(${t.scope} = 'shared') = (${t.productId} is not null)`),
    check('saved_views_name_length', sql`char_length(${t.name}) between 1 and 80`),
    check('saved_views_query_length', sql`char_length(${t.query}) <= 2000`),
  ],
);

/** A person's pins: any view they see, shown in their sidebar. */
export const savedViewPins = pgTable(
  'saved_view_pins',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewId: uuid()
      .notNull()
      .references(() => savedViews.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.viewId] }), index('saved_view_pins_view_idx').on(t.viewId)],
);

export type SavedViewRow = typeof savedViews.$inferSelect;
