import { z } from 'zod/mini';
import { notEmptyUpdate } from './api.ts';
import { singleLine } from './text.ts';

// Product labels (issue 15): a product's own set of names and colours, managed by whoever manages
// the product; several per task, shown on cards and rows, a filter of both task lists.

export const LABEL_NAME_MAX = 50;
/** Labels one product may define. */
export const LABELS_PER_PRODUCT_MAX = 100;
/** Labels one task may carry. */
export const LABELS_PER_TASK_MAX = 20;

/** The colours the UI offers (any '#rrggbb' is accepted). */
export const LABEL_COLORS = [
  '#64748b',
  '#ef4444',
  '#f97316',
  '#eab308',
  '#22c55e',
  '#14b8a6',
  '#3b82f6',
  '#6366f1',
  '#a855f7',
  '#ec4899',
] as const;

export const labelMessages = {
  nameRequired: 'Name the label.',
  nameTooLong: `A label name must be at most ${LABEL_NAME_MAX} characters.`,
  colorInvalid: 'Choose a colour as #rrggbb.',
  duplicate: 'This product already has a label with that name.',
  tooMany: `A product may have at most ${LABELS_PER_PRODUCT_MAX} labels.`,
  tooManyOnTask: `A task may have at most ${LABELS_PER_TASK_MAX} labels.`,
  notOfProduct: 'Every label must belong to the task’s product.',
  notFound: 'Label not found',
  manageForbidden: 'Only the product’s creator or an admin can manage its labels.',
  readOnly: 'Guests can see labels but not change them.',
  created: 'Label created',
  updated: 'Label updated',
  deleted: 'Label deleted',
  saveFailed: 'Failed to save the label',
  deleteFailed: 'Failed to delete the label',
  setFailed: 'Failed to change the labels',
  deleteConfirm: (name: string) => `Delete the label "${name}"? It is removed from every task that has it.`,
} as const;

const name = z
  .string(labelMessages.nameRequired)
  .check(
    z.trim(),
    z.minLength(1, labelMessages.nameRequired),
    z.maxLength(LABEL_NAME_MAX, labelMessages.nameTooLong),
    singleLine(),
  );
const color = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v)),
  z.string(labelMessages.colorInvalid).check(z.regex(/^#[0-9a-f]{6}$/, labelMessages.colorInvalid)),
);

/** POST /api/projects/{productId}/labels. */
export const CreateLabelSchema = z.object({ name, color });
export type CreateLabel = z.infer<typeof CreateLabelSchema>;
export type CreateLabelInput = z.input<typeof CreateLabelSchema>;

/** PATCH /api/labels/{id}: rename or recolour. */
export const UpdateLabelSchema = z
  .object({ name: z.optional(name), color: z.optional(color) })
  .check(notEmptyUpdate());
export type UpdateLabel = z.infer<typeof UpdateLabelSchema>;

/** PUT /api/tasks/{id}/labels: the task's whole set of labels (an empty list removes them all). */
export const SetTaskLabelsSchema = z.object({
  labelIds: z
    .array(z.uuid(labelMessages.notOfProduct))
    .check(z.maxLength(LABELS_PER_TASK_MAX, labelMessages.tooManyOnTask)),
});
export type SetTaskLabels = z.infer<typeof SetTaskLabelsSchema>;

export const LabelIdParamsSchema = z.object({ id: z.uuid(labelMessages.notFound) });

/** A label as a task shows it. */
export const LabelRefSchema = z.object({ id: z.string(), name: z.string(), color: z.string() });
export type LabelRef = z.infer<typeof LabelRefSchema>;

export const LabelSchema = z.extend(LabelRefSchema, {
  productId: z.string(),
  /** How many tasks carry it (the manager's "used by"). */
  tasks: z.number(),
});
export type Label = z.infer<typeof LabelSchema>;

/** A product's labels, by name, and whether the caller may manage them (create, rename, delete). */
export const LabelListSchema = z.object({ data: z.array(LabelSchema), canManage: z.boolean() });
export type LabelList = z.infer<typeof LabelListSchema>;

/** A task's labels after a change. */
export const TaskLabelsSchema = z.object({ taskId: z.string(), labels: z.array(LabelRefSchema) });
export type TaskLabels = z.infer<typeof TaskLabelsSchema>;
