import { z } from 'zod/mini';
import { isoDate } from './products.ts';
import { TASK_PRIORITIES, TaskFiltersSchema } from './tasks.ts';
import { singleLine } from './text.ts';

// What finds "my work" (issue 28): the filters, presets, sort and grouping every task list takes,
// beside the spec's search, product, phase and status (spec §5, which stay as they are). One
// query model for GET /api/tasks, a product's task list and board, the CSV export, a saved
// view's stored query and the /tasks URL: a view's URL is its query string.

/** Presets relative to the caller: assigned to me, created by me, watching, mentioning me. */
export const TASK_PRESETS = ['assigned', 'created', 'watching', 'mentioning'] as const;
export type TaskPreset = (typeof TASK_PRESETS)[number];

/** Due buckets; `dueFrom`/`dueTo` give a range. "week" is today through the 7th day from today. */
export const TASK_DUE_FILTERS = ['overdue', 'today', 'week', 'none'] as const;
export type TaskDueFilter = (typeof TASK_DUE_FILTERS)[number];

export const TASK_SORTS = ['created', 'updated', 'due', 'priority', 'title', 'manual', 'field'] as const;
export type TaskSort = (typeof TASK_SORTS)[number];

export const TASK_GROUPS = [
  'status',
  'state',
  'assignee',
  'priority',
  'label',
  'product',
  'team',
  'due',
  'field',
] as const;
export type TaskGroup = (typeof TASK_GROUPS)[number];

/** A cursor's length at most: a title sort's carries the title (200 characters, up to 4 bytes each). */
const TASK_CURSOR_MAX = 2000;

/** How many values one multi-value filter takes. */
export const TASK_FILTER_VALUES_MAX = 50;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `a,b` or the key repeated → ['a', 'b']; blanks and 'all' dropped. */
const listOf = (v: unknown) =>
  (Array.isArray(v) ? v.join(',') : String(v ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '' && s.toLowerCase() !== 'all');

const lowerText = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);

const oneOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.optional(
    z.pipe(
      z.transform((v: unknown) => (v === '' || v === 'all' ? undefined : lowerText(v))),
      z.optional(z.enum(values, message)),
    ),
  );

/** A person filter: 'me', 'none' (nobody) or user ids. */
const peopleOf = (message: string) =>
  z.optional(
    z.pipe(
      z.transform((v: unknown) => listOf(v).map((s) => s.toLowerCase())),
      z
        .array(z.string().check(z.refine((s) => s === 'me' || s === 'none' || UUID.test(s), message)))
        .check(z.maxLength(TASK_FILTER_VALUES_MAX)),
    ),
  );

/** Custom field filters one query takes, and a filter's length at most (a text's value is 1,000). */
export const TASK_FIELD_FILTERS_MAX = 10;
const TASK_FIELD_FILTER_MAX_LENGTH = 1100;

export const TASK_FIELD_FILTER_OPS = ['is', 'has', 'gte', 'lte', 'empty', 'set'] as const;
export type TaskFieldFilterOp = (typeof TASK_FIELD_FILTER_OPS)[number];
export type TaskFieldFilter = { fieldId: string; op: TaskFieldFilterOp; value: string };

/** `<field id>:<op>[:<value>]` → its parts (the value may hold colons); undefined when malformed. */
export function parseFieldFilter(text: string): TaskFieldFilter | undefined {
  const [fieldId = '', op = '', ...rest] = text.split(':');
  const value = rest.join(':');
  if (!UUID.test(fieldId) || !(TASK_FIELD_FILTER_OPS as readonly string[]).includes(op)) return undefined;
  const needsValue = op !== 'empty' && op !== 'set';
  if (needsValue === (value.trim() === '')) return undefined;
  return { fieldId: fieldId.toLowerCase(), op: op as TaskFieldFilterOp, value: value.trim() };
}

/** The filter's text, as the URL and a saved view keep it. */
export const fieldFilterText = ({ fieldId, op, value }: TaskFieldFilter) =>
  op === 'empty' || op === 'set' ? `${fieldId}:${op}` : `${fieldId}:${op}:${value}`;

export const taskQueryMessages = {
  assignee: 'Assignee must be "me", "none" or a user id.',
  createdBy: 'Created by must be "me" or a user id.',
  team: 'Team must be "none" or a team id.',
  preset: 'Preset must be assigned, created, watching or mentioning.',
  due: 'Due must be overdue, today, week or none.',
  sort: 'Sort must be created, updated, due, priority, title, manual or field.',
  order: 'Order must be asc or desc.',
  group: 'Group must be status, state, assignee, priority, label, product, team, due or field.',
  field: 'A field filter is <field id>:<is|has|gte|lte|empty|set>[:<value>].',
  fieldId: 'Name the field by its id.',
  sortField: 'Sort by field needs sortField, the field’s id.',
  groupField: 'Group by field needs groupField, the field’s id.',
  groupType: 'Group by a select, multi select, person or checkbox field.',
  updatedSince: 'Updated since must be a valid date.',
  priority: 'Priority must be low, medium, high or critical.',
  state: 'State must be a state id.',
} as const;

/**
 * The filters of issue 28, added to the spec's (TaskFiltersSchema). Every filter combines with
 * every other (AND); the values of one filter combine with OR.
 */
export const TaskQuerySchema = z.extend(TaskFiltersSchema, {
  preset: oneOf(TASK_PRESETS, taskQueryMessages.preset),
  /** 'me', 'none' or user ids; `assigneeId` (one id) stays for older clients. */
  assignee: peopleOf(taskQueryMessages.assignee),
  /** Labels by name, across products, ignoring case. */
  label: z.optional(
    z.pipe(
      z.transform(listOf),
      z.array(z.string().check(z.maxLength(50), singleLine())).check(z.maxLength(TASK_FILTER_VALUES_MAX)),
    ),
  ),
  priority: z.optional(
    z.pipe(
      z.transform((v: unknown) => listOf(v).map((s) => s.toLowerCase())),
      z.array(z.enum(TASK_PRIORITIES, taskQueryMessages.priority)).check(z.maxLength(TASK_PRIORITIES.length)),
    ),
  ),
  /** Workflow states (issue 29) by id: a product's board column, or a filter of a product's tasks. */
  stateId: z.optional(
    z.pipe(
      z.transform((v: unknown) => listOf(v).map((s) => s.toLowerCase())),
      z.array(z.uuid(taskQueryMessages.state)).check(z.maxLength(TASK_FILTER_VALUES_MAX)),
    ),
  ),
  due: oneOf(TASK_DUE_FILTERS, taskQueryMessages.due),
  /** The caller's own date, so "overdue", "today" and "week" (and due groups) follow their clock; UTC's date without it. */
  today: z.optional(isoDate('Today must be a valid date')),
  /** Due on or after / on or before these days (YYYY-MM-DD), inclusive. */
  dueFrom: z.optional(isoDate('Due from must be a valid date')),
  dueTo: z.optional(isoDate('Due to must be a valid date')),
  createdBy: peopleOf(taskQueryMessages.createdBy),
  /** 'none' (no team) or team ids. */
  teamId: z.optional(
    z.pipe(
      z.transform((v: unknown) => listOf(v).map((s) => s.toLowerCase())),
      z
        .array(z.string().check(z.refine((s) => s === 'none' || UUID.test(s), taskQueryMessages.team)))
        .check(z.maxLength(TASK_FILTER_VALUES_MAX)),
    ),
  ),
  /** Changed on or after this day or instant (ISO 8601). */
  updatedSince: z.optional(
    z.string().check(
      z.maxLength(40, taskQueryMessages.updatedSince),
      z.refine((s) => !Number.isNaN(Date.parse(s)), taskQueryMessages.updatedSince),
    ),
  ),
  sort: oneOf(TASK_SORTS, taskQueryMessages.sort),
  order: oneOf(['asc', 'desc'] as const, taskQueryMessages.order),
  group: oneOf(TASK_GROUPS, taskQueryMessages.group),
  /**
   * Custom field filters (issue 29), each `<field id>:<op>[:<value>]`, all ANDed: `is` (equals; a
   * select's option, a person ('me'), a checkbox's true or false; several options or people
   * comma-separated are ORed), `has` (text or URL contains), `gte`/`lte` (number or date),
   * `empty`, `set`. A filter on a field that no longer exists filters nothing.
   */
  field: z.optional(
    z.pipe(
      z.transform((v: unknown) => (Array.isArray(v) ? v : v === undefined || v === '' ? [] : [v])),
      z
        .array(
          z.string(taskQueryMessages.field).check(
            z.maxLength(TASK_FIELD_FILTER_MAX_LENGTH, taskQueryMessages.field),
            z.refine((s) => parseFieldFilter(s) !== undefined, taskQueryMessages.field),
          ),
        )
        .check(z.maxLength(TASK_FIELD_FILTERS_MAX)),
    ),
  ),
  /** With sort=field: the field whose values order the list (no value last). */
  sortField: z.optional(z.string().check(z.regex(UUID, taskQueryMessages.fieldId))),
  /** With group=field: a select, multi select (its first option), person or checkbox field. */
  groupField: z.optional(z.string().check(z.regex(UUID, taskQueryMessages.fieldId))),
  /** The `nextCursor` of the previous page: a sorted or grouped list's carries the row's sort values. */
  cursor: z.optional(z.string().check(z.maxLength(TASK_CURSOR_MAX), singleLine())),
});
export type TaskQuery = z.infer<typeof TaskQuerySchema>;
export type TaskQueryInput = z.input<typeof TaskQuerySchema>;

/**
 * The board's filters (GET /tasks/{productId}/board): the list's, without sort or grouping (the
 * board keeps its manual order; the product is the path's). With a `cursor` (a column's
 * `nextCursor`) and one status, the answer is that column's next cards, in rank order.
 * `groupField`: the field a board grouped by a custom field shows as swimlanes (issue 29); its
 * value rides on every card beside those of the fields shown on cards.
 */
export const TaskBoardQuerySchema = z.omit(TaskQuerySchema, {
  productId: true,
  limit: true,
  sort: true,
  order: true,
  group: true,
  sortField: true,
});
export type TaskBoardQuery = z.infer<typeof TaskBoardQuerySchema>;

// ---- Display options (a list's look; a saved view keeps them with its query) ----

/** What a row or card may show besides its title. */
export const TASK_DISPLAY_PROPERTIES = [
  'key',
  'status',
  'priority',
  'assignee',
  'due',
  'labels',
  'product',
  'team',
  'checklist',
] as const;
export type TaskDisplayProperty = (typeof TASK_DISPLAY_PROPERTIES)[number];

export const TaskDisplaySchema = z.object({
  /** Comfortable rows, or compact ones of about 36 px. */
  density: z._default(z.enum(['comfortable', 'compact']), 'comfortable'),
  properties: z._default(
    z.array(z.enum(TASK_DISPLAY_PROPERTIES)).check(z.maxLength(TASK_DISPLAY_PROPERTIES.length)),
    [...TASK_DISPLAY_PROPERTIES],
  ),
  /** A plain-text preview of the description under each title: off unless asked for. */
  preview: z._default(z.boolean(), false),
});
export type TaskDisplay = z.infer<typeof TaskDisplaySchema>;
