import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from './columns.ts';
import { products } from './products.ts';
import { tasks } from './tasks.ts';
import { users } from './users.ts';

// What makes a task a place (issue 15, docs/decisions/012-task-page.md): its conversation,
// who watches it, its checklist and its labels. Task files are rows of `documents` with a
// task_id (products.ts), so they share the documents' safety rules, limits and quotas.

/** A comment on a task, in markdown; shown oldest first (newest last). */
export const taskComments = pgTable(
  'task_comments',
  {
    id: uuid().primaryKey().defaultRandom(),
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    /** Null once the author's account is deleted: the comment stays, by "Deleted user". */
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    /** Set when the author edits the body; the page shows "edited". */
    editedAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    // The conversation, oldest first with keyset paging (and its count).
    index('task_comments_task_created_idx').on(t.taskId, t.createdAt, t.id),
    index('task_comments_author_idx').on(t.authorId),
    check('task_comments_body_not_blank', sql`btrim(${t.body}) <> ''`),
  ],
);

/** Who hears about a task's comments and status changes. */
export const taskWatchers = pgTable(
  'task_watchers',
  {
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] }), index('task_watchers_user_idx').on(t.userId)],
);

/**
 * Who a comment has notified of a mention, each once (issue 27): an edit that removes a mention
 * and adds it back, in any order, tells nobody again.
 */
export const commentMentions = pgTable(
  'comment_mentions',
  {
    commentId: uuid()
      .notNull()
      .references(() => taskComments.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_mentions_user_idx').on(t.userId)],
);

/**
 * A task's checklist, in `position` order (fractional: a move writes one row). The task's
 * checklist_total / checklist_done counters are kept by a trigger (migration 0010).
 */
export const taskChecklistItems = pgTable(
  'task_checklist_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    done: boolean().notNull().default(false),
    position: doublePrecision().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('task_checklist_items_task_position_idx').on(t.taskId, t.position),
    index('task_checklist_items_created_by_idx').on(t.createdBy),
    check('task_checklist_items_title_not_blank', sql`btrim(${t.title}) <> ''`),
  ],
);

/** A product's labels: a name unique within the product (ignoring case) and a colour. */
export const labels = pgTable(
  'labels',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** '#rrggbb'. */
    color: text().notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('labels_product_name_key').on(t.productId, sql`lower(${t.name})`),
    // Labels by name across products (the task query's label filter, issue 28).
    index('labels_name_idx').on(sql`lower(${t.name})`),
    check('labels_name_not_blank', sql`btrim(${t.name}) <> ''`),
    check('labels_color_hex', sql`${t.color} ~ '^#[0-9a-f]{6}$'`),
  ],
);

export const taskLabels = pgTable(
  'task_labels',
  {
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    labelId: uuid()
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.labelId] }), index('task_labels_label_idx').on(t.labelId)],
);

export type TaskCommentRow = typeof taskComments.$inferSelect;
export type TaskChecklistItemRow = typeof taskChecklistItems.$inferSelect;
export type LabelRow = typeof labels.$inferSelect;
