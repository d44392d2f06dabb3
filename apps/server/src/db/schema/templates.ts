import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { products } from './products.ts';
import { users } from './users.ts';

// Templates (issue 29, docs/decisions/039-templates.md). Their content is JSON checked when written
// (its fields and each named part by the part's own schema), so a part another module contributes
// needs no column here. A task template goes with its product (ON DELETE CASCADE: when the trash
// purges the product; while the product is in the trash, reads join the live `products` view and
// leave its templates out). A product template belongs to the workspace.

/** What a task template holds besides its name: the create dialog's fields and the parts. */
export type TaskTemplateContent = {
  title: string;
  description: string;
  priority: string;
  teamId: string | null;
  dueInDays: number | null;
  parts: Record<string, unknown>;
};

export const taskTemplates = pgTable(
  'task_templates',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    content: jsonb().$type<TaskTemplateContent>().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('task_templates_product_idx').on(t.productId),
    index('task_templates_created_by_idx').on(t.createdBy),
    check('task_templates_name_length', sql`char_length(${t.name}) between 1 and 80`),
  ],
);

export const productTemplates = pgTable(
  'product_templates',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    description: text().notNull().default(''),
    /** Named parts: labels, teams, tasks, and what other modules contribute. */
    parts: jsonb().$type<Record<string, unknown>>().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('product_templates_created_by_idx').on(t.createdBy),
    check('product_templates_name_length', sql`char_length(${t.name}) between 1 and 80`),
  ],
);

export type TaskTemplateRow = typeof taskTemplates.$inferSelect;
export type ProductTemplateRow = typeof productTemplates.$inferSelect;
