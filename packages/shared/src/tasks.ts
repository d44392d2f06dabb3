import { z } from 'zod/mini';
import { notEmptyUpdate } from './api.ts';
import { TaskChecklistCountsSchema } from './checklists.ts';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './constants.ts';
import { FieldSchema, SetFieldValuesSchema, TaskFieldValuesSchema } from './fields.ts';
import { ESTIMATE_SCALES, EstimateInputSchema, hierarchyMessages, SubtaskCountsSchema } from './hierarchy.ts';
import { LABELS_PER_TASK_MAX, LabelRefSchema, labelMessages } from './labels.ts';
import { placementFields } from './order.ts';
import { isoDate, PRODUCT_STATUSES, productMessages } from './products.ts';
import { IfUnmodifiedSinceSchema } from './sync.ts';
import { StartDateInputSchema } from './task-dates.ts';
import { multiLine, singleLine } from './text.ts';

// Tasks (spec §3 Task, §4 Task status, §5 Task form and filters, §7.3, §8.2).

export const TASK_STATUSES = ['Pending', 'In Progress', 'Completed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** Spec §9 names three priorities; 'critical' has a colour (§4) and is accepted too. */
export const TASK_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
/** A task's phase is one of the product's stages (docs/data-model.md). */
export const TASK_PHASES = PRODUCT_STATUSES;
export type TaskPhase = (typeof TASK_PHASES)[number];

/** The board's column ids (spec §2.15) and the status each stands for. */
export const TASK_COLUMNS = [
  { id: 'pending', status: 'Pending' },
  { id: 'in progress', status: 'In Progress' },
  { id: 'completed', status: 'Completed' },
] as const satisfies ReadonlyArray<{ id: string; status: TaskStatus }>;

const statusByKey = new Map<string, TaskStatus>(
  TASK_STATUSES.flatMap((s) => [
    [s.toLowerCase(), s],
    [s.toLowerCase().replace(' ', '_'), s],
    [s.toLowerCase().replace(' ', '-'), s],
  ]),
);

/** 'in progress', 'In Progress', 'in_progress' → 'In Progress'; anything else undefined. */
export function toTaskStatus(value: unknown): TaskStatus | undefined {
  return typeof value === 'string' ? statusByKey.get(value.trim().toLowerCase()) : undefined;
}

export const taskMessages = {
  titleRequired: 'Title is required',
  statusUnknown: 'Status must be Pending, In Progress or Completed.',
  notFound: 'Task not found',
  productRequired: 'Please select a product.',
  teamNotInProduct: 'The team must belong to the task’s product.',
  assigneeNotInProduct: 'The assignee must be a member of the task’s product.',
  stateNotInProduct: 'The state must be one of the task’s product’s states.',
  guestReadOnly: 'Guests can only change the status of tasks assigned to them.',
  deleted: 'Task deleted',
  // Spec §8.2: product page and tasks page texts.
  created: 'Task created',
  createdDescription: 'New task has been added successfully.',
  updated: 'Task updated',
  updatedDescription: 'Task has been updated successfully.',
  statusChangedDescription: (status: string) => `Task status changed to ${status}.`,
  createFailed: 'Failed to create task',
  updateFailed: 'Failed to update task',
  deleteFailed: 'Failed to delete task',
  fallback: 'Something went wrong.',
  statusUpdated: 'Task status updated',
  statusUpdateFailed: 'Failed to update task status',
  emptyForStatus: 'No tasks found for this status.',
} as const;

const TaskStatusSchema = z.pipe(
  z.transform((v: unknown) => toTaskStatus(v) ?? v),
  z.enum(TASK_STATUSES, taskMessages.statusUnknown),
);
const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);
/** An empty select ('' or null) means "none". */
const emptyToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

const taskFields = {
  title: z
    .string(taskMessages.titleRequired)
    .check(z.trim(), z.minLength(1, taskMessages.titleRequired), z.maxLength(200), singleLine()),
  description: z._default(z.string().check(z.trim(), z.maxLength(5000), multiLine()), ''),
  status: z._default(TaskStatusSchema, 'Pending'),
  priority: z._default(z.pipe(z.transform(lower), z.enum(TASK_PRIORITIES)), 'medium'),
  phase: z._default(
    z.pipe(
      z.transform((v) => emptyToNull(lower(v))),
      z.nullable(z.enum(TASK_PHASES)),
    ),
    null,
  ),
  teamId: z._default(
    z.pipe(z.transform(emptyToNull), z.nullable(z.uuid(taskMessages.teamNotInProduct))),
    null,
  ),
  assigneeId: z._default(
    z.pipe(z.transform(emptyToNull), z.nullable(z.uuid(taskMessages.assigneeNotInProduct))),
    null,
  ),
  dueDate: z._default(
    z.pipe(z.transform(emptyToNull), z.nullable(isoDate('Due date must be a valid date'))),
    null,
  ),
  startDate: z._default(StartDateInputSchema, null),
  projectId: z.uuid(taskMessages.productRequired),
  /** Its workflow state (issue 29), one of its product's; without it ('' too), the first of its status's. */
  stateId: z.optional(
    z.pipe(
      z.transform((v: unknown) => (v === '' || v === null ? undefined : v)),
      z.optional(z.uuid(taskMessages.stateNotInProduct)),
    ),
  ),
  /** Its parent task, of the same product (issue 29), or none. */
  parentId: z._default(
    z.pipe(z.transform(emptyToNull), z.nullable(z.uuid(hierarchyMessages.parentNotFound))),
    null,
  ),
  /** A value of its product's estimate scale (issue 29), or none. */
  estimate: z._default(EstimateInputSchema, null),
  /** Custom field values by field id (issue 29): checked against the product's fields by the server. */
  fields: z.optional(SetFieldValuesSchema),
};

/** POST /api/tasks. `createdBy` is the caller, never taken from the body. */
export const CreateTaskSchema = z.object(taskFields);
export type CreateTask = z.infer<typeof CreateTaskSchema>;
export type CreateTaskInput = z.input<typeof CreateTaskSchema>;

/** PATCH /api/tasks/{id}/update: any of the fields; `projectId` moves the task to another product. */
export const UpdateTaskFieldsSchema = z.partial(
  z.object({
    ...taskFields,
    description: z.string().check(z.trim(), z.maxLength(5000), multiLine()),
    status: TaskStatusSchema,
    priority: z.pipe(z.transform(lower), z.enum(TASK_PRIORITIES)),
    phase: z.pipe(
      z.transform((v) => emptyToNull(lower(v))),
      z.nullable(z.enum(TASK_PHASES)),
    ),
    teamId: z.pipe(z.transform(emptyToNull), z.nullable(z.uuid(taskMessages.teamNotInProduct))),
    assigneeId: z.pipe(z.transform(emptyToNull), z.nullable(z.uuid(taskMessages.assigneeNotInProduct))),
    dueDate: z.pipe(z.transform(emptyToNull), z.nullable(isoDate('Due date must be a valid date'))),
    startDate: StartDateInputSchema,
    parentId: z.pipe(z.transform(emptyToNull), z.nullable(z.uuid(hierarchyMessages.parentNotFound))),
    estimate: EstimateInputSchema,
  }),
);
/** `ifUnmodifiedSince` (issue 33): a write queued offline, refused with 409 if the task changed since. */
export const UpdateTaskSchema = z
  .extend(UpdateTaskFieldsSchema, { ifUnmodifiedSince: IfUnmodifiedSinceSchema })
  .check(notEmptyUpdate(['ifUnmodifiedSince']));
export type UpdateTask = z.infer<typeof UpdateTaskSchema>;

/**
 * PATCH /api/tasks/{id}/task/update: any casing or the board's column id ('in progress'), and
 * where in that column it was dropped (issue 28: `afterId`, `beforeId`; none: on top).
 */
export const TaskStatusUpdateSchema = z.object({
  status: TaskStatusSchema,
  /** The board column of a product's state (issue 29): the task takes that state (and its status). */
  stateId: z.optional(z.uuid(taskMessages.stateNotInProduct)),
  ...placementFields,
  /** Issue 33: a status change queued offline, refused with 409 if the task changed since. */
  ifUnmodifiedSince: IfUnmodifiedSinceSchema,
});
export type TaskStatusUpdate = z.infer<typeof TaskStatusUpdateSchema>;

export const TaskIdParamsSchema = z.object({ id: z.uuid(taskMessages.notFound) });
/** DELETE /api/tasks/{id}: `withSubtasks=true` trashes its sub-tree with it (decision 048). */
export const DeleteTaskQuerySchema = z.object({ withSubtasks: z.optional(z.enum(['true', 'false'])) });
export const TaskProductParamsSchema = z.object({ productId: z.uuid(productMessages.notFound) });

const RefSchema = z.object({ id: z.string(), name: z.string() });

/** The API's task: the field names the spec's screens read (spec §3). */
export const TaskSchema = z.object({
  id: z.string(),
  _id: z.string(),
  /** Its number in its product and its key, `ATL-12` (issue 28). */
  number: z.number(),
  key: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  phase: z.nullable(z.string()),
  dueDate: z.nullable(z.string()),
  /** When work starts (issue 31): the Gantt bar runs from it to the due date. */
  startDate: z.optional(z.nullable(z.string())),
  teamId: z.nullable(z.string()),
  team: z.nullable(RefSchema),
  assigneeId: z.nullable(z.string()),
  assignee: z.nullable(z.extend(RefSchema, { avatar_url: z.nullable(z.string()) })),
  projectId: z.string(),
  product_id: z.string(),
  project: RefSchema,
  createdBy: z.nullable(z.string()),
  completedAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Its checklist's counts ("3/5" on cards and rows). */
  checklist: TaskChecklistCountsSchema,
  /** Its labels, by name. */
  labels: z.array(LabelRefSchema),
  /** Its place in its board column (issue 28): ascending, ties by id. */
  rank: z.string(),
  /** It repeats (issue 29): it is the live occurrence of a recurring series. */
  recurring: z.optional(z.boolean()),
  /** Its workflow state (issue 29), one of its product's; `status` is that state's category. */
  stateId: z.nullable(z.string()),
  /** Its parent task (issue 29), its sub-tasks' counts ("2/5"), its estimate. */
  parentId: z.nullable(z.string()),
  subtasks: SubtaskCountsSchema,
  estimate: z.nullable(z.string()),
  /**
   * Whether an open task blocks it (issue 29), and the keys of those of its own product (a blocker
   * in another product is not named: not everyone who sees the task sees it).
   */
  blocked: z.boolean(),
  blockedBy: z.array(z.string()),
  /** Its custom field values by field id (issue 29): absent when not set. */
  fields: TaskFieldValuesSchema,
});
export type Task = z.infer<typeof TaskSchema>;

/**
 * PATCH /api/tasks/{id}/task/update's answer: the task, and where it was before the move (its
 * status and the cards then around it), which an Undo sends back (issue 28).
 */
export const TaskMoveSchema = z.extend(TaskSchema, {
  previous: z.object({
    status: z.enum(TASK_STATUSES),
    stateId: z.nullable(z.string()),
    afterId: z.nullable(z.string()),
    beforeId: z.nullable(z.string()),
  }),
});
export type TaskMove = z.infer<typeof TaskMoveSchema>;

const csvOf = <T extends readonly [string, ...string[]]>(values: T, normalise: (v: string) => unknown) =>
  z.optional(
    z.pipe(
      z.transform((v: unknown) =>
        (Array.isArray(v) ? v.join(',') : String(v ?? ''))
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== '' && s.toLowerCase() !== 'all')
          .map(normalise),
      ),
      z.array(z.enum(values)),
    ),
  );

/**
 * Filters of both task lists (spec §5): search on title or description ignoring case, product,
 * phase and status ('all' or nothing disables a filter), newest first, keyset paging by `cursor`.
 */
export const TaskFiltersSchema = z.object({
  search: z.optional(z.string().check(z.trim(), z.maxLength(200), singleLine())),
  productId: z.optional(
    z.pipe(
      z.transform((v: unknown) => (v === 'all' || v === '' ? undefined : v)),
      z.optional(z.uuid(productMessages.notFound)),
    ),
  ),
  phase: csvOf(TASK_PHASES, (s) => s.toLowerCase()),
  status: csvOf(TASK_STATUSES, (s) => toTaskStatus(s) ?? s),
  assigneeId: z.optional(z.uuid()),
  /** Tasks carrying any of these labels: one id, a comma list or the key repeated. */
  labelId: z.optional(
    z.pipe(
      z.transform((v: unknown) =>
        (Array.isArray(v) ? v.join(',') : String(v ?? ''))
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== ''),
      ),
      z.array(z.uuid(labelMessages.notFound)).check(z.maxLength(LABELS_PER_TASK_MAX)),
    ),
  ),
  /** The `nextCursor` of the previous page. */
  cursor: z.optional(z.string().check(z.maxLength(200), singleLine())),
  limit: z._default(
    z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(PAGE_LIMIT_MAX))),
    PAGE_LIMIT_DEFAULT,
  ),
});
export type TaskFilters = z.infer<typeof TaskFiltersSchema>;

/** One group of a grouped list (issue 28): its key ('none' for no value), what it reads, how many tasks. */
export const TaskGroupCountSchema = z.object({
  key: z.string(),
  label: z.string(),
  total: z.number(),
  /** Its tasks' estimates summed (issue 29; t-shirt sizes as points). */
  estimateSum: z.optional(z.number()),
});
export type TaskGroupCount = z.infer<typeof TaskGroupCountSchema>;

export const TaskListSchema = z.object({
  data: z.array(TaskSchema),
  /** How many tasks match the filters in all. */
  total: z.number(),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.nullable(z.string()),
  /**
   * With `group` (issue 28): every group of the whole filtered set in the list's order ("none"
   * last), with its total; the rows come ordered by group first, then by the sort.
   */
  groups: z.optional(z.array(TaskGroupCountSchema)),
  /** The estimates of every task matching the filters, summed (issue 29; t-shirt sizes as points). */
  estimateSum: z.optional(z.number()),
  /**
   * The people its rows' person fields shown on cards name (issue 29): rows carry the values (user
   * ids), this their names. Absent when no row names anyone.
   */
  people: z.optional(z.array(RefSchema)),
});
export type TaskList = z.infer<typeof TaskListSchema>;

/** GET /api/tasks/{productId}/options: who and which teams a task of the product may name. */
export const TaskOptionsSchema = z.object({
  teams: z.array(RefSchema),
  assignees: z.array(z.extend(RefSchema, { email: z.string(), avatar_url: z.nullable(z.string()) })),
  /** The product's estimate scale (issue 29): what a task's estimate may be. */
  estimateScale: z.enum(ESTIMATE_SCALES),
});
export type TaskOptions = z.infer<typeof TaskOptionsSchema>;

// ---- The board in one request (issue 17, docs/decisions/022-board-in-one-request.md) ----

/** Cards per column in GET /tasks/{productId}/board; the rest loads page by page as a column scrolls. */
export const BOARD_COLUMN_CARDS_MAX = 200;

/**
 * What a card shows, and no more: no description, no names (the assignee and the labels are
 * the board's `people` and `labels`, sent once), no status (the column's).
 */
export const BoardCardSchema = z.object({
  id: z.string(),
  /** `ATL-12` (issue 28). */
  key: z.string(),
  title: z.string(),
  priority: z.enum(TASK_PRIORITIES),
  phase: z.nullable(z.string()),
  dueDate: z.nullable(z.string()),
  teamId: z.nullable(z.string()),
  assigneeId: z.nullable(z.string()),
  /** Ids of the board's `labels`, in their order. */
  labelIds: z.array(z.string()),
  checklist: TaskChecklistCountsSchema,
  /** Its sub-tasks' counts, its estimate, whether an open task blocks it (issue 29: as on Task). */
  subtasks: SubtaskCountsSchema,
  estimate: z.nullable(z.string()),
  blocked: z.boolean(),
  blockedBy: z.array(z.string()),
  /** Its place in its column (issue 28): cards sort by it, ascending, ties by id. */
  rank: z.string(),
  /** It repeats (issue 29). */
  recurring: z.optional(z.boolean()),
  /** When it was created and, with updatedAt, the version realtime compares. */
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Its values of the fields shown on cards (the board's `fields`), by field id (issue 29). */
  fields: z.optional(TaskFieldValuesSchema),
});
export type BoardCard = z.infer<typeof BoardCardSchema>;

/** A workflow state as a board column names it (issue 29). */
export const BoardStateSchema = z.object({ id: z.string(), name: z.string(), color: z.string() });
export type BoardState = z.infer<typeof BoardStateSchema>;

export const BoardColumnSchema = z.object({
  status: z.enum(TASK_STATUSES),
  /** On a product's board, the product's state this column is (its `status` is the state's category). */
  state: z.nullable(BoardStateSchema),
  /** How many tasks of this status match the filters in all. */
  total: z.number(),
  /** Their estimates summed (issue 29; t-shirt sizes as points). */
  estimateSum: z.number(),
  /** The first cards in their manual order, by rank (at most BOARD_COLUMN_CARDS_MAX). */
  cards: z.array(BoardCardSchema),
  /** The column's next page from GET /tasks/{productId}/board?status=…&cursor=…; null when all are here. */
  nextCursor: z.nullable(z.string()),
});
export type BoardColumn = z.infer<typeof BoardColumnSchema>;

/** GET /api/tasks/{productId}/board: every column of a product's board in one answer. */
export const TaskBoardSchema = z.object({
  product: RefSchema,
  /** Every label of the product (cards name them by id), ordered by name. */
  labels: z.array(LabelRefSchema),
  /** The product's custom fields shown on cards, in their order (issue 29). */
  fields: z.array(FieldSchema),
  /** The assignees of the cards sent, and the people their person fields shown on cards name (issue 29). */
  people: z.array(z.extend(RefSchema, { avatar_url: z.nullable(z.string()) })),
  /** The product's workflow states in order (issue 29), each a column. */
  columns: z.array(BoardColumnSchema),
});
export type TaskBoard = z.infer<typeof TaskBoardSchema>;
