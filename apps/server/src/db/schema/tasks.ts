import type { TaskFieldValues } from '@shipyard/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
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
import { newestFirst, rank, timestamps } from './columns.ts';
import { products } from './products.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';
import { workflowStates } from './workflow.ts';

// Tasks of a product (docs/data-model.md). Created with the Products issue, whose progress
// and dashboard figures are computed from them; the Tasks issue adds the calls (modules/tasks).

export const tasks = pgTable(
  'tasks',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull().default(''),
    status: text({ enum: ['Pending', 'In Progress', 'Completed'] })
      .notNull()
      .default('Pending'),
    priority: text({ enum: ['low', 'medium', 'high', 'critical'] })
      .notNull()
      .default('medium'),
    /** One of the product's stages (shared TASK_PHASES), or none. */
    phase: text({ enum: ['planning', 'development', 'testing', 'production', 'maintenance'] }),
    teamId: uuid().references(() => teams.id, { onDelete: 'set null' }),
    assigneeId: uuid().references(() => users.id, { onDelete: 'set null' }),
    dueDate: date(),
    /** When work on it starts (issue 31, docs/decisions/057-gantt.md): the Gantt bar runs from it to the due date. */
    startDate: date(),
    completedAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Checklist items and how many are ticked ("3/5" on cards), kept by a trigger (migration 0010). */
    checklistTotal: integer().notNull().default(0),
    checklistDone: integer().notNull().default(0),
    /**
     * Its number in its product and its key (`ATL-12`, issue 28, docs/decisions/032-task-keys.md):
     * set by the insert trigger of migration 0023 from the product's counter, so every create stays
     * one statement; a move takes the next number of the product it moves to, and a product's new
     * key rewrites its tasks' keys (the old ones go to task_key_history). Unique indexes in 0023.
     */
    number: integer().notNull().default(0),
    key: text().notNull().default(''),
    /** Its place in its board column (product and state); '' on insert: on top (a trigger). */
    rank: rank(),
    /**
     * Its workflow state (issue 29), one of its product's: `status` is its category. Kept with
     * `status` by a trigger (migration 0030), so a write may name either; null only while its
     * state is being deleted with its product.
     */
    stateId: uuid().references(() => workflowStates.id, { onDelete: 'set null' }),
    /**
     * Its custom fields' values by field id (issue 29, docs/decisions/037-custom-fields.md): text,
     * URL, date, option id, person id as strings, numbers, `true`, option ids as an array.
     */
    fields: jsonb().$type<TaskFieldValues>().notNull().default({}),
    /**
     * In the trash since (issue 28, docs/decisions/034-trash.md): every read goes through the view
     * `live.tasks`, which leaves these rows out; only modules/trash reads `public.tasks` itself.
     */
    deletedAt: timestamp({ withTimezone: true }),
    deletedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Trashed with its product, not alone: restoring the product brings it back. */
    deletedWithProduct: boolean().notNull().default(false),
    /**
     * Trashed with the task above it, not alone (decision 048: the Undo of a duplicate with its
     * sub-tasks): restoring or purging that task takes it too.
     */
    deletedWithParent: boolean().notNull().default(false),
    /**
     * The recurring series this task is the live occurrence of (issue 29, recurrence.ts): only one
     * task of a series carries it; the previous ones lose it. Its foreign key (ON DELETE SET NULL,
     * so that stopping a series is deleting it) is in migration 0029's SQL.
     */
    seriesId: uuid(),
    /**
     * Its parent task, of the same product, at most 3 levels deep (issue 29, docs/decisions/
     * 038-hierarchy-relations-estimates.md); a purged parent leaves its children without one.
     */
    parentId: uuid().references((): AnyPgColumn => tasks.id, { onDelete: 'set null' }),
    /** Its live sub-tasks and how many are Completed ("2/5" on cards), kept by a trigger (migration 0031). */
    subtaskTotal: integer().notNull().default(0),
    subtaskDone: integer().notNull().default(0),
    /** Its size on its product's estimate scale ('3', 'M', '0.25'), or none (issue 29). */
    estimate: text(),
    ...timestamps(),
  },
  (t) => [
    // completed_at too: the dashboard's weekly counts then read the index only, not a row per task.
    index('tasks_product_status_idx').on(t.productId, t.status, t.completedAt),
    index('tasks_created_idx').on(...newestFirst(t)),
    // A product's task list, and the board's status columns across products, newest first with keyset.
    index('tasks_product_created_idx').on(t.productId, ...newestFirst(t)),
    index('tasks_status_created_idx').on(t.status, ...newestFirst(t)),
    // A board column in its manual order (issues 28, 29): the board's pages and the top card for a new one.
    index('tasks_product_state_rank_idx').on(t.productId, t.stateId, t.rank, t.id),
    index('tasks_state_idx').on(t.stateId),
    index('tasks_assignee_idx').on(t.assigneeId, t.status),
    // The "assigned to me" and "created by me" presets' first pages, newest first (issue 28): a
    // member's 1,000 assigned tasks among 25,000 were found by walking every task by date. Not
    // partial: on a table without statistics yet (a fresh install's first import), the planner
    // took an empty index whose only predicate is "not deleted" for any live query, the rank
    // trigger's too, and scanned it whole for every row inserted.
    index('tasks_assignee_created_idx').on(t.assigneeId, ...newestFirst(t)),
    index('tasks_team_idx').on(t.teamId),
    index('tasks_created_by_idx').on(t.createdBy, ...newestFirst(t)),
    // The calendar (issue 16): the tasks due on a range of days, everyone's or one assignee's (the feed).
    // Only live rows (issue 28): reads go through live.tasks, whose deleted_at is null these imply;
    // with the id, a range of days is read from the index alone.
    index('tasks_due_idx')
      .on(t.dueDate, t.id)
      .where(sql`${t.dueDate} is not null and ${t.deletedAt} is null`),
    index('tasks_assignee_due_idx')
      .on(t.assigneeId, t.dueDate, t.id)
      .where(sql`${t.dueDate} is not null and ${t.deletedAt} is null`),
    // The reminder scan (due soon / overdue): open, assigned tasks by due date.
    index('tasks_due_open_idx')
      .on(t.dueDate)
      .where(sql`${t.status} <> 'Completed' and ${t.assigneeId} is not null and ${t.dueDate} is not null`),
    index('tasks_completed_idx').on(t.completedAt).where(sql`${t.completedAt} is not null`),
    // The task query's sorts (issue 28, docs/decisions/030-task-query.md): each sort's expression
    // (modules/tasks/tasks.query.ts sortItem) then the id, read forwards or backwards; `updated`
    // serves "updated since" too.
    index('tasks_updated_idx').on(t.updatedAt, t.id),
    // What a list filters, sorts and groups by, beside the product: a member's lists (a quarter of
    // 50,000 tasks through teams) count, sort and group by an index-only scan, not a scan of tasks.
    // (Key columns, not INCLUDE: Drizzle declares no INCLUDE.) Only the rows out of the trash:
    // every list reads live.tasks (deleted_at is null), which a full index could only check in
    // the heap, a read per row (a member's count took 8× longer that way).
    index('tasks_product_query_idx')
      .on(
        t.productId,
        t.status,
        t.priority,
        t.dueDate,
        t.assigneeId,
        t.createdBy,
        t.teamId,
        t.createdAt,
        t.updatedAt,
        t.id,
        t.title,
      )
      .where(sql`${t.deletedAt} is null`),
    index('tasks_due_sort_idx').on(sql`coalesce(${t.dueDate}, 'infinity'::date)`, t.id),
    index('tasks_due_desc_sort_idx').on(sql`coalesce(${t.dueDate}, '-infinity'::date)`, t.id),
    index('tasks_priority_sort_idx').on(
      sql`(case ${t.priority} when 'critical' then 4 when 'high' then 3 when 'medium' then 2 else 1 end)`,
      t.id,
    ),
    index('tasks_title_sort_idx').on(sql`lower(${t.title})`, t.id),
    /** sort=manual across products (an admin's list; decision 033). */
    index('tasks_rank_sort_idx').on(t.rank, t.id),
    // Custom field filters (issue 29): `fields @> {"<id>": value}` for equals, contains an option,
    // a person, a ticked box; "is set" (`fields ? '<id>'`) with jsonb_ops.
    index('tasks_fields_idx').using('gin', t.fields),
    // The trash: what is in it, oldest first (its list and the purge).
    index('tasks_trashed_idx').on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
    uniqueIndex('tasks_series_key').on(t.seriesId).where(sql`${t.seriesId} is not null`),
    // A task's sub-tasks (issue 29).
    index('tasks_parent_idx').on(t.parentId).where(sql`${t.parentId} is not null`),
    // A list's estimate sum reads only the tasks that have one (issue 29).
    index('tasks_estimate_idx').on(t.productId, t.estimate).where(sql`${t.estimate} is not null`),
    check(
      'tasks_start_before_due',
      sql`${t.startDate} is null or ${t.dueDate} is null or ${t.startDate} <= ${t.dueDate}`,
    ),
    check('tasks_title_not_blank', sql`btrim(${t.title}) <> ''`),
    check('tasks_status_known', sql`${t.status} in ('Pending', 'In Progress', 'Completed')`),
    check('tasks_priority_known', sql`${t.priority} in ('low', 'medium', 'high', 'critical')`),
    check(
      'tasks_phase_known',
      sql`${t.phase} in ('planning', 'development', 'testing', 'production', 'maintenance')`,
    ),
  ],
);

export type TaskRow = typeof tasks.$inferSelect;

/** The keys a task was known by before a move or a product's new key: old links keep opening it. */
export const taskKeyHistory = pgTable(
  'task_key_history',
  {
    key: text().primaryKey(),
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('task_key_history_task_idx').on(t.taskId)],
);
