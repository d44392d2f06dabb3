import type { GateCriterion } from '@shipyard/shared';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './products.ts';
import { users } from './users.ts';

// Stage gates (issue 32, docs/decisions/059-stage-gates.md): the exit criteria of each stage, as
// the workspace's default and as a product's own, and the confirmations and approvals given during
// the product's current stay in a stage (cleared when it leaves the stage; the activity keeps them).

const stage = () =>
  text({ enum: ['planning', 'development', 'testing', 'production', 'maintenance'] }).notNull();
const stageKnown = (name: string, column: unknown) =>
  check(name, sql`${column} in ('planning', 'development', 'testing', 'production', 'maintenance')`);
const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** The workspace's default exit criteria of a stage: used by every product without its own. */
export const workspaceStageGates = pgTable(
  'workspace_stage_gates',
  {
    stage: stage().primaryKey(),
    criteria: jsonb().$type<GateCriterion[]>().notNull().default([]),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [stageKnown('workspace_stage_gates_stage_known', t.stage)],
);

/** A product's own exit criteria of a stage (customised; deleting the row resets to the default). */
export const productStageGates = pgTable(
  'product_stage_gates',
  {
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    stage: stage(),
    criteria: jsonb().$type<GateCriterion[]>().notNull().default([]),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.stage] }),
    index('product_stage_gates_updated_by_idx').on(t.updatedBy),
    stageKnown('product_stage_gates_stage_known', t.stage),
  ],
);

/**
 * A confirmation of a manual item, an approval request, an approval or a rejection, for the
 * product's current stay in `stage`. An approver's newest decision is theirs.
 */
export const productGateMarks = pgTable(
  'product_gate_marks',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    stage: stage(),
    criterionId: uuid().notNull(),
    kind: text({ enum: ['confirmed', 'requested', 'approved', 'rejected'] }).notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    comment: text(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_gate_marks_product_stage_idx').on(t.productId, t.stage, t.at),
    index('product_gate_marks_user_idx').on(t.userId),
    stageKnown('product_gate_marks_stage_known', t.stage),
    check(
      'product_gate_marks_kind_known',
      sql`${t.kind} in ('confirmed', 'requested', 'approved', 'rejected')`,
    ),
    check('product_gate_marks_comment_size', sql`char_length(${t.comment}) <= 1000`),
  ],
);

export type ProductGateMarkRow = typeof productGateMarks.$inferSelect;
