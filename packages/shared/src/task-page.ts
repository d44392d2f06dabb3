import { z } from 'zod/mini';
import { ChecklistSchema } from './checklists.ts';
import { WatcherListSchema } from './comments.ts';
import { TaskCycleSchema } from './cycles.ts';
import { FieldListSchema } from './fields.ts';
import { TaskLabelsSchema } from './labels.ts';
import { canChangeTaskStatus, canEditProduct, canEditTasks, type Role } from './permissions.ts';
import { ActivitySchema, DocumentSchema } from './products.ts';
import { RelationListSchema, SubtaskListSchema } from './relations.ts';
import { TASK_STATUSES, TaskSchema } from './tasks.ts';
import { singleLine } from './text.ts';
import { TaskTimeSchema } from './time.ts';

// The task page (issue 15, docs/decisions/012-task-page.md): GET /api/tasks/{id}/detail gives the
// page everything it shows but the conversation in one request; /history pages the older changes.

/** How many history entries the detail carries, and the most a /history page may ask for. */
export const TASK_HISTORY_PAGE = 20;
export const TASK_HISTORY_PAGE_MAX = 50;

/** Who may do what on a task's page, given who the viewer is and whether the product is archived. */
export type TaskPermissions = {
  /** Title, description, priority, phase, team, assignee, due date; ticking the checklist, attaching files, setting labels. */
  canEdit: boolean;
  /** The status alone: also a guest on a task assigned to them. */
  canEditStatus: boolean;
  /** Writing a comment: members and admins; a guest on a task assigned to them. */
  canComment: boolean;
  /** Creating, renaming, recolouring and deleting the product's labels: whoever manages the product. */
  canManageLabels: boolean;
  canDelete: boolean;
};

/**
 * The rules the server enforces, in one place (decision 012). Seeing the task is taken for granted
 * (the caller checked it); an archived product refuses every write.
 */
export function taskPermissions(
  viewer: { id: string; role: Role },
  task: { assigneeId: string | null },
  product: { createdBy: string | null; archived: boolean },
): TaskPermissions {
  const open = !product.archived;
  const edit = open && canEditTasks(viewer.role);
  return {
    canEdit: edit,
    canEditStatus: open && canChangeTaskStatus(viewer, task),
    canComment: open && (canEditTasks(viewer.role) || task.assigneeId === viewer.id),
    canManageLabels: open && canEditProduct(viewer, product),
    canDelete: edit,
  };
}

export const TaskPermissionsSchema = z.object({
  canEdit: z.boolean(),
  canEditStatus: z.boolean(),
  canComment: z.boolean(),
  canManageLabels: z.boolean(),
  canDelete: z.boolean(),
});

/** A page of the task's history: its activity entries, newest first. */
export const TaskHistorySchema = z.object({
  data: z.array(ActivitySchema),
  /** Pass as `cursor` to GET /api/tasks/{id}/history for older entries; null on the last page. */
  nextCursor: z.nullable(z.string()),
});
export type TaskHistory = z.infer<typeof TaskHistorySchema>;

export const TaskHistoryQuerySchema = z.object({
  cursor: z.optional(z.string().check(z.maxLength(200), singleLine())),
  limit: z._default(
    z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(TASK_HISTORY_PAGE_MAX))),
    TASK_HISTORY_PAGE,
  ),
});
export type TaskHistoryQuery = z.infer<typeof TaskHistoryQuerySchema>;

const PersonSchema = z.object({ id: z.string(), name: z.string(), avatar_url: z.nullable(z.string()) });

/**
 * GET /api/tasks/{id}/detail: with the conversation's first page (GET /tasks/{id}/comments), the
 * whole page in two requests. The checklist, labels, files and watchers are each read by their
 * module in the same request, in the shapes of their own GET routes (the page seeds those caches).
 */
export const TaskDetailSchema = z.object({
  task: TaskSchema,
  /** The task's product: its link, and whether it is archived (read-only, with a banner). */
  product: z.object({ id: z.string(), name: z.string(), archived: z.boolean() }),
  /** Who created the task; null when unknown or their account is gone. */
  createdBy: z.nullable(PersonSchema),
  history: TaskHistorySchema,
  permissions: TaskPermissionsSchema,
  /** As GET /tasks/{id}/checklist. */
  checklist: ChecklistSchema,
  /** As GET /tasks/{id}/labels. */
  labels: TaskLabelsSchema,
  /** As GET /tasks/{id}/files (its `data`): newest first. */
  files: z.array(DocumentSchema),
  /** As GET /tasks/{id}/watchers. */
  watchers: WatcherListSchema,
  /** The product's workflow states in board order (issue 29): the status select picks one. */
  states: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      color: z.string(),
      category: z.enum(TASK_STATUSES),
    }),
  ),
  /** As GET /tasks/{id}/subtasks and GET /tasks/{id}/relations (issue 29). */
  subtasks: SubtaskListSchema,
  relations: RelationListSchema,
  /** As GET /projects/{productId}/fields (issue 29). */
  fields: FieldListSchema,
  /** As GET /tasks/{id}/time (issue 31): its logged time against the estimate, newest entries first. */
  time: z.optional(TaskTimeSchema),
  /** As GET /tasks/{id}/cycle (issue 31): its cycle and the open cycles it may join. */
  cycle: z.optional(TaskCycleSchema),
});
export type TaskDetail = z.infer<typeof TaskDetailSchema>;

export const taskPageMessages = {
  archived: 'This product is archived',
  historyEmpty: 'No changes recorded yet.',
  historyLoadFailed: 'Failed to load the task’s history',
} as const;
