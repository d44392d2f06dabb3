import type { FieldOption, FieldType } from '@shipyard/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { products } from './products.ts';

// Custom fields (issue 29, docs/decisions/037-custom-fields.md): a product's own task properties.
// A task's values are in `tasks.fields` (jsonb by field id, GIN-indexed); a trigger of migration
// 0032 removes a deleted field's values, and a removed option's, from every task of the product.

export const customFields = pgTable(
  'custom_fields',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    type: text().$type<FieldType>().notNull(),
    /** Select options: `[{id, name, color}]`; `[]` for other types. */
    options: jsonb().$type<FieldOption[]>().notNull().default([]),
    showOnCards: boolean().notNull().default(false),
    position: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('custom_fields_product_name_key').on(t.productId, sql`lower(${t.name})`),
    index('custom_fields_product_position_idx').on(t.productId, t.position),
    check('custom_fields_name_not_blank', sql`btrim(${t.name}) <> ''`),
    check(
      'custom_fields_type_known',
      sql`${t.type} in ('text', 'number', 'date', 'select', 'multi_select', 'person', 'url', 'checkbox')`,
    ),
  ],
);

export type CustomFieldRow = typeof customFields.$inferSelect;
