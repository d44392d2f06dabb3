import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, newestFirst, rank, timestamps } from './columns.ts';
import { tasks } from './tasks.ts';
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
    /** Archived: read-only, and left out of lists unless they ask for archived products (issue 14). */
    archivedAt: timestamp({ withTimezone: true }),
    /**
     * Its task key (issue 28, docs/decisions/032-task-keys.md): 2–6 of A–Z and 0–9, starting with a
     * letter, unique. Left empty, the insert trigger of migration 0023 derives it from the name
     * ("Atlas Payments" → AP, "Atlas" → ATL); that migration also holds its unique index and check,
     * made after its backfill.
     */
    key: text().notNull().default(''),
    /** The last number a task of this product took (`tasks.number`), advanced by the tasks' trigger. */
    taskCounter: integer().notNull().default(0),
    /** Its place in its stage column of the products board; '' on insert: on top (a trigger). */
    rank: rank(),
    /** In the trash since (issue 28): left out of every read by the view `live.products` (decision 034). */
    deletedAt: timestamp({ withTimezone: true }),
    deletedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** How its tasks are sized (issue 29, docs/decisions/038-hierarchy-relations-estimates.md). */
    estimateScale: text({ enum: ['none', 'points', 'tshirt', 'hours'] })
      .notNull()
      .default('none'),
    /**
     * When it entered its current stage (issue 32, docs/decisions/060-stage-history-and-lifecycle-reports.md):
     * set by the trigger of migration 0051 whenever `status` changes, whichever path changes it.
     */
    stageEnteredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [
    index('products_created_idx').on(...newestFirst(t)),
    index('products_status_created_idx').on(t.status, ...newestFirst(t)),
    // The products board's stage columns in their manual order (issue 28).
    index('products_status_rank_idx').on(t.status, t.rank, t.id),
    index('products_created_by_idx').on(t.createdBy),
    index('products_priority_idx').on(t.priority),
    index('products_trashed_idx').on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
    check('products_name_not_blank', sql`btrim(${t.name}) <> ''`),
    check(
      'products_status_known',
      sql`${t.status} in ('planning', 'development', 'testing', 'production', 'maintenance')`,
    ),
    check('products_priority_known', sql`${t.priority} in ('low', 'medium', 'high')`),
    check('products_team_size_positive', sql`${t.teamSize} >= 1`),
    check('products_estimate_scale_known', sql`${t.estimateScale} in ('none', 'points', 'tshirt', 'hours')`),
  ],
);

export type ProductRow = typeof products.$inferSelect;

/**
 * The keys a product had before (issue 28): no other product may take one, so its tasks' old
 * links (task_key_history) keep meaning them.
 */
export const productKeyHistory = pgTable('product_key_history', {
  key: text().primaryKey(),
  productId: uuid()
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** The activity log and product timelines; append-only, written with the change they describe. */
export const activities = pgTable(
  'activities',
  {
    id: uuid().primaryKey().defaultRandom(),
    actionType: text().notNull(),
    description: text().notNull(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    productId: uuid().references(() => products.id, { onDelete: 'cascade' }),
    taskId: uuid().references(() => tasks.id, { onDelete: 'set null' }),
    performedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /**
     * 'server': written by the server with the change it describes; 'client': a note posted
     * through POST /api/activities. Reports and analytics read only server entries (issue 13 #9).
     */
    source: text({ enum: ['server', 'client'] })
      .notNull()
      .default('server'),
    createdAt: createdAt(),
  },
  (t) => [
    check('activities_source_check', sql`${t.source} in ('server', 'client')`),
    index('activities_product_created_idx').on(t.productId, ...newestFirst(t)),
    index('activities_created_idx').on(...newestFirst(t)),
    index('activities_performed_by_idx').on(t.performedBy),
    index('activities_task_idx').on(t.taskId).where(sql`${t.taskId} is not null`),
    // Issue 32: a product's stage moves, creation and gate decisions (lifecycle reports and stage
    // history) without reading its task entries; the predicate is lifecycle's STAGE_ENTRY.
    index('activities_stage_entries_idx')
      .on(t.productId, t.createdAt)
      .where(
        sql`${t.actionType} in ('status_changed', 'prd_created', 'product_created', 'stage_gate_refused', 'stage_gate_overridden', 'stage_gate_passed') or (${t.actionType} = 'product_updated' and (${t.metadata} ? 'newStatus' or ${t.metadata}->'changes' ? 'status'))`,
      ),
    // Issue 32: a product's task status moves (its tasks' cumulative flow).
    index('activities_task_moves_idx')
      .on(t.productId, t.createdAt)
      .where(sql`${t.actionType} in ('task_status_updated', 'task_completed')`),
    // Analytics counts reopened tasks (moved out of Completed) per period without reading every entry.
    index('activities_reopened_idx')
      .on(t.createdAt)
      .where(
        sql`${t.actionType} = 'task_status_updated' and ${t.metadata}->>'previousStatus' = 'Completed' and ${t.source} = 'server'`,
      ),
  ],
);

/** The files of a product's Documents tab; the bytes live under DATA_DIR/uploads/documents. */
export const documents = pgTable(
  'documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    contentType: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    storageKey: text().notNull(),
    /** Set for a file attached to a task (issue 15); null for the product's Documents tab. */
    taskId: uuid().references(() => tasks.id, { onDelete: 'cascade' }),
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('documents_product_created_idx').on(t.productId, ...newestFirst(t)),
    index('documents_uploaded_by_idx').on(t.uploadedBy),
    index('documents_task_created_idx').on(t.taskId, t.createdAt).where(sql`${t.taskId} is not null`),
    uniqueIndex('documents_storage_key_key').on(t.storageKey),
    check('documents_size_positive', sql`${t.size} >= 0`),
  ],
);

export type ActivityRow = typeof activities.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
