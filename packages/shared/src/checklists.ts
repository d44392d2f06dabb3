import { z } from 'zod/mini';
import { notEmptyUpdate } from './api.ts';
import { singleLine } from './text.ts';

// A task's checklist (issue 15, docs/decisions/012-task-page.md): items in the order people put
// them, each ticked or not; the task carries "done/total" for cards and rows.

/** Items one task's checklist may hold. */
export const CHECKLIST_MAX_ITEMS = 200;
export const CHECKLIST_TITLE_MAX = 500;

export const checklistMessages = {
  titleRequired: 'Write what needs doing.',
  titleTooLong: `An item must be at most ${CHECKLIST_TITLE_MAX} characters.`,
  tooMany: `A checklist holds at most ${CHECKLIST_MAX_ITEMS} items.`,
  notFound: 'Checklist item not found',
  readOnly: 'Guests can read a checklist but not change it.',
  moveTarget: 'Give exactly one of before, after or position.',
  moveAnchorMissing: 'The item to move next to is not on this checklist.',
  addFailed: 'Failed to add the item',
  updateFailed: 'Failed to update the item',
  deleteFailed: 'Failed to delete the item',
  moveFailed: 'Failed to move the item',
} as const;

const title = z
  .string(checklistMessages.titleRequired)
  .check(
    z.trim(),
    z.minLength(1, checklistMessages.titleRequired),
    z.maxLength(CHECKLIST_TITLE_MAX, checklistMessages.titleTooLong),
    singleLine(),
  );

/** POST /api/tasks/{id}/checklist: a new item, added last and not done. */
export const CreateChecklistItemSchema = z.object({ title });
export type CreateChecklistItem = z.infer<typeof CreateChecklistItemSchema>;

/** PATCH /api/checklist-items/{id}: rename, tick or untick. */
export const UpdateChecklistItemSchema = z
  .object({ title: z.optional(title), done: z.optional(z.boolean()) })
  .check(notEmptyUpdate());
export type UpdateChecklistItem = z.infer<typeof UpdateChecklistItemSchema>;

/**
 * POST /api/checklist-items/{id}/move: right before or after another item of the same checklist,
 * or at a 0-based index of the list (past the end: last).
 */
export const MoveChecklistItemSchema = z
  .object({
    before: z.optional(z.uuid(checklistMessages.moveAnchorMissing)),
    after: z.optional(z.uuid(checklistMessages.moveAnchorMissing)),
    position: z.optional(z.int().check(z.minimum(0), z.maximum(CHECKLIST_MAX_ITEMS))),
  })
  .check(
    z.refine((v) => [v.before, v.after, v.position].filter((x) => x !== undefined).length === 1, {
      error: checklistMessages.moveTarget,
    }),
  );
export type MoveChecklistItem = z.infer<typeof MoveChecklistItemSchema>;

export const ChecklistItemIdParamsSchema = z.object({ id: z.uuid(checklistMessages.notFound) });

export const ChecklistItemSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  title: z.string(),
  done: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChecklistItem = z.infer<typeof ChecklistItemSchema>;

/** A task's whole checklist in order, with its counts; every checklist write answers it. */
export const ChecklistSchema = z.object({
  taskId: z.string(),
  items: z.array(ChecklistItemSchema),
  done: z.number(),
  total: z.number(),
});
export type Checklist = z.infer<typeof ChecklistSchema>;

/** "3/5" on cards and rows. */
export const TaskChecklistCountsSchema = z.object({ done: z.number(), total: z.number() });
export type TaskChecklistCounts = z.infer<typeof TaskChecklistCountsSchema>;
