import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { products } from './products.ts';

// Workflow states per product (issue 29, docs/decisions/036-workflow-states.md): an ordered list,
// each state in one of the spec's three statuses (its category). A task's state_id and status are
// kept consistent by the tasks trigger of migration 0030; a new product gets its three states from
// the products trigger of the same migration.

export const workflowStates = pgTable(
  'workflow_states',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** '#rrggbb', one of the palette's. */
    color: text().notNull(),
    /** The spec's status it refines: what `status` reads for its tasks. */
    category: text({ enum: ['Pending', 'In Progress', 'Completed'] }).notNull(),
    /** Its place among the product's states; the board orders by category, then position. */
    position: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('workflow_states_product_name_key').on(t.productId, sql`lower(${t.name})`),
    // The first state of a category in a product (the tasks trigger), and a board's columns.
    index('workflow_states_product_category_idx').on(t.productId, t.category, t.position, t.id),
    check('workflow_states_name_not_blank', sql`btrim(${t.name}) <> ''`),
    check('workflow_states_color_hex', sql`${t.color} ~ '^#[0-9a-f]{6}$'`),
    check('workflow_states_category_known', sql`${t.category} in ('Pending', 'In Progress', 'Completed')`),
  ],
);

export type WorkflowStateRow = typeof workflowStates.$inferSelect;
