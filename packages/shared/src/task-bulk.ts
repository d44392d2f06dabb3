import { z } from 'zod/mini';
import { notEmptyUpdate, updateMessages } from './api.ts';
import { SetFieldValuesSchema, TaskFieldValuesSchema } from './fields.ts';
import { EstimateInputSchema, hierarchyMessages } from './hierarchy.ts';
import { LABELS_PER_TASK_MAX, labelMessages, TaskLabelsSchema } from './labels.ts';
import { productMessages } from './products.ts';
import { TASK_PRIORITIES, TASK_STATUSES, TaskSchema, taskMessages, UpdateTaskFieldsSchema } from './tasks.ts';

// Bulk changes of tasks from the keyboard (issue 30): one request, one transaction, one Undo.

/** At most this many tasks change in one request (a loaded page of a list is 50 to 200). */
export const BULK_TASKS_MAX = 200;

/** Bulk changes (and their Undos) per account a minute. */
export const BULK_CHANGES_PER_MINUTE = 30;

export const bulkMessages = {
  rateLimited: `You can change tasks together at most ${BULK_CHANGES_PER_MINUTE} times a minute. Please wait a minute and try again.`,
  tooMany: `At most ${BULK_TASKS_MAX} tasks can change at once.`,
  noTasks: 'Select at least one task.',
  oneChange: 'Change one field at a time.',
  /** The keyboard's delete (issue 30): "3 tasks moved to the trash". */
  movedToTrash: (count: number) => `${count} ${count === 1 ? 'task' : 'tasks'} moved to the trash`,
} as const;

/** What a bulk change may set on every task: one field of a task's edit. */
export const BulkTaskChangeSchema = z
  .pick(UpdateTaskFieldsSchema, {
    status: true,
    stateId: true,
    assigneeId: true,
    priority: true,
    dueDate: true,
  })
  .check(
    notEmptyUpdate(),
    z.refine((v) => Object.values(v).filter((x) => x !== undefined).length <= 1, {
      error: bulkMessages.oneChange,
    }),
  );
export type BulkTaskChange = z.infer<typeof BulkTaskChangeSchema>;

const TaskIdsSchema = z
  .array(z.uuid(taskMessages.notFound))
  .check(z.minLength(1, bulkMessages.noTasks), z.maxLength(BULK_TASKS_MAX, bulkMessages.tooMany));

/** PATCH /api/tasks/bulk: the same change on every task named. */
export const BulkTaskUpdateSchema = z.object({ ids: TaskIdsSchema, change: BulkTaskChangeSchema });
export type BulkTaskUpdate = z.infer<typeof BulkTaskUpdateSchema>;

/** One task's own change: what an Undo sends back (each task to its own previous value). */
const BulkTaskItemSchema = z.object({ id: z.uuid(taskMessages.notFound), change: BulkTaskChangeSchema });
export type BulkTaskItem = z.infer<typeof BulkTaskItemSchema>;

/** PATCH /api/tasks/bulk/restore: each task back to what a bulk change answered as its `previous`. */
export const BulkTaskRestoreSchema = z.object({
  items: z
    .array(BulkTaskItemSchema)
    .check(z.minLength(1, bulkMessages.noTasks), z.maxLength(BULK_TASKS_MAX, bulkMessages.tooMany)),
});
export type BulkTaskRestore = z.infer<typeof BulkTaskRestoreSchema>;

/** The tasks as they are now, and each one's previous value of what changed (for the Undo). */
export const BulkTaskResultSchema = z.object({
  tasks: z.array(TaskSchema),
  previous: z.array(
    z.object({
      id: z.string(),
      change: z.object({
        status: z.optional(z.enum(TASK_STATUSES)),
        stateId: z.optional(z.string()),
        assigneeId: z.optional(z.nullable(z.string())),
        priority: z.optional(z.enum(TASK_PRIORITIES)),
        dueDate: z.optional(z.nullable(z.string())),
      }),
    }),
  ),
});
export type BulkTaskResult = z.infer<typeof BulkTaskResultSchema>;

const LabelIdsSchema = z
  .array(z.uuid(labelMessages.notOfProduct))
  .check(z.maxLength(LABELS_PER_TASK_MAX, labelMessages.tooManyOnTask));

/**
 * PATCH /api/tasks/bulk/labels: labels put on and taken off every task named (each must be of the
 * task's product). The labels module's, as a task's own labels call is.
 */
export const BulkTaskLabelsSchema = z.object({
  ids: TaskIdsSchema,
  change: z.object({ addLabels: z.optional(LabelIdsSchema), removeLabels: z.optional(LabelIdsSchema) }).check(
    z.refine((v) => (v.addLabels?.length ?? 0) + (v.removeLabels?.length ?? 0) > 0, {
      error: updateMessages.nothingToChange,
    }),
  ),
});
export type BulkTaskLabels = z.infer<typeof BulkTaskLabelsSchema>;

/** PATCH /api/tasks/bulk/labels/restore: each task's labels as they were (the Undo). */
export const BulkTaskLabelsRestoreSchema = z.object({
  items: z
    .array(z.object({ id: z.uuid(taskMessages.notFound), labelIds: LabelIdsSchema }))
    .check(z.minLength(1, bulkMessages.noTasks), z.maxLength(BULK_TASKS_MAX, bulkMessages.tooMany)),
});
export type BulkTaskLabelsRestore = z.infer<typeof BulkTaskLabelsRestoreSchema>;

/** Each task's labels now, and the ids it had before (what the restore call takes). */
export const BulkTaskLabelsResultSchema = z.object({
  tasks: z.array(TaskLabelsSchema),
  previous: z.array(z.object({ id: z.string(), labelIds: z.array(z.string()) })),
});
export type BulkTaskLabelsResult = z.infer<typeof BulkTaskLabelsResultSchema>;

// ---- Moving tasks to another product, and deleting them (issue 30: `m`, Delete) ----

const uuidOrNull = (message: string) =>
  z.pipe(
    z.transform((v: unknown) => (v === '' ? null : v)),
    z.nullable(z.uuid(message)),
  );

/** POST /api/tasks/bulk/delete and POST /api/trash/tasks/restore: the tasks named. */
export const BulkTaskIdsSchema = z.object({ ids: TaskIdsSchema });
export type BulkTaskIds = z.infer<typeof BulkTaskIdsSchema>;

/** The tasks moved to the trash (or back from it), in the order asked. */
export const BulkTaskIdsResultSchema = z.object({ ids: z.array(z.string()) });
export type BulkTaskIdsResult = z.infer<typeof BulkTaskIdsResultSchema>;

/** PATCH /api/tasks/bulk/move: every task named to the product (one the caller may create tasks in). */
export const BulkTaskMoveSchema = z.object({
  ids: TaskIdsSchema,
  productId: z.uuid(productMessages.notFound),
});
export type BulkTaskMove = z.infer<typeof BulkTaskMoveSchema>;

/**
 * Where a task was before a move, and what a move to another product drops (its team, an assignee
 * who is not of the new product, its workflow state, parent, estimate and custom field values):
 * PATCH /api/tasks/bulk/move/restore puts it back as it was.
 */
export const BulkTaskMoveItemSchema = z.object({
  id: z.uuid(taskMessages.notFound),
  productId: z.uuid(productMessages.notFound),
  teamId: uuidOrNull(taskMessages.teamNotInProduct),
  assigneeId: uuidOrNull(taskMessages.assigneeNotInProduct),
  stateId: uuidOrNull(taskMessages.stateNotInProduct),
  parentId: uuidOrNull(hierarchyMessages.parentNotFound),
  estimate: EstimateInputSchema,
  fields: SetFieldValuesSchema,
});
export type BulkTaskMoveItem = z.infer<typeof BulkTaskMoveItemSchema>;

/** PATCH /api/tasks/bulk/move/restore: the Undo of a move, each task back where it was. */
export const BulkTaskMoveRestoreSchema = z.object({
  items: z
    .array(BulkTaskMoveItemSchema)
    .check(z.minLength(1, bulkMessages.noTasks), z.maxLength(BULK_TASKS_MAX, bulkMessages.tooMany)),
});
export type BulkTaskMoveRestore = z.infer<typeof BulkTaskMoveRestoreSchema>;

/**
 * The tasks as they are now, and each one as it was (its labels too, which a move to another
 * product takes off: PATCH /api/tasks/bulk/labels/restore puts them back).
 */
export const BulkTaskMoveResultSchema = z.object({
  tasks: z.array(TaskSchema),
  previous: z.array(
    z.object({
      id: z.string(),
      productId: z.string(),
      teamId: z.nullable(z.string()),
      assigneeId: z.nullable(z.string()),
      stateId: z.nullable(z.string()),
      parentId: z.nullable(z.string()),
      estimate: z.nullable(z.string()),
      fields: TaskFieldValuesSchema,
      labelIds: z.array(z.string()),
    }),
  ),
});
export type BulkTaskMoveResult = z.infer<typeof BulkTaskMoveResultSchema>;
