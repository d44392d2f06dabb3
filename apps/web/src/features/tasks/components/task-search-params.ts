import {
  parseFieldFilter,
  TASK_PHASES,
  type TaskDueFilter,
  type TaskGroup,
  type TaskPhase,
  type TaskPreset,
  type TaskPriority,
  TaskQuerySchema,
  type TaskSort,
  type TaskStatus,
  toTaskStatus,
} from '@shipyard/shared';
import { z } from 'zod/mini';
import { type TaskQueryValues, writeTaskQuery } from '../api/task-query-params.ts';

// The filter model of the task lists, in one place: what narrows a list (TaskFilterValues, which
// the list, the board and the CSV export send), and how each place keeps it. The tasks page keeps
// its search, filters, sort, grouping and tab in the URL under the names of TaskQuerySchema (issue
// 28), so a reload, a shared link, a saved view and the back button all show the same tasks; 'All'
// and the other defaults are left out of the URL. Older links keep working: `product` (now
// `productId`), one `status`, `phase`, `search`, `view`, and `label=<label id>` of a chosen product
// (now `labelId`; `label` names labels). A product's Tasks tab fixes the product, keeps its label
// in the URL (?label=) and its status tab on screen. A new filter is a field here.

type TasksView = 'list' | 'board';

/** What narrows both views of the tasks page (and how they are sorted and grouped). */
export type TaskFilterValues = {
  search: string;
  productId: string | undefined;
  phase: TaskPhase[];
  status: TaskStatus[];
  /** Tasks carrying any of these labels (ids, of one product). */
  labelId?: string[];
} & TaskQueryValues;

export type TasksSearchState = {
  search: string;
  productId: string | undefined;
  phase: TaskPhase | undefined;
  status: TaskStatus[];
  /** One of the chosen product's labels (issue 15). */
  labelId: string | undefined;
  view: TasksView;
  preset: TaskPreset | undefined;
  assignee: string[];
  label: string[];
  priority: TaskPriority[];
  /** The chosen product's workflow states (issue 29). */
  stateId: string[];
  due: TaskDueFilter | undefined;
  dueFrom: string | undefined;
  dueTo: string | undefined;
  createdBy: string[];
  teamId: string[];
  updatedSince: string | undefined;
  sort: TaskSort | undefined;
  order: 'asc' | 'desc' | undefined;
  group: TaskGroup | undefined;
  /** Custom field filters (issue 29), and the field a sort or grouping by field names. */
  field: string[];
  sortField: string | undefined;
  groupField: string | undefined;
};

export const defaultTasksSearch: TasksSearchState = {
  search: '',
  productId: undefined,
  phase: undefined,
  status: [],
  labelId: undefined,
  preset: undefined,
  assignee: [],
  label: [],
  priority: [],
  stateId: [],
  due: undefined,
  dueFrom: undefined,
  dueTo: undefined,
  createdBy: [],
  teamId: [],
  updatedSince: undefined,
  sort: undefined,
  order: undefined,
  group: undefined,
  field: [],
  sortField: undefined,
  groupField: undefined,
  view: 'list',
};

/** 'In Progress' → 'in-progress': readable in a link, and read back by `toTaskStatus`. */
const statusParam = (status: TaskStatus) => status.toLowerCase().replace(' ', '-');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isPhase = (value: string): value is TaskPhase => (TASK_PHASES as readonly string[]).includes(value);

/** `?label=<uuid>`, or undefined for anything else. */
export function labelParam(params: URLSearchParams): string | undefined {
  const label = params.get('label')?.trim().toLowerCase();
  return label && UUID.test(label) ? label : undefined;
}

const shape = TaskQuerySchema.def.shape;

/** One param read by the shared schema's own field: undefined when missing or invalid. */
function field<K extends keyof typeof shape>(params: URLSearchParams, key: K) {
  const raw = params.get(key);
  if (raw === null) return undefined;
  const parsed = z.safeParse(shape[key], raw);
  return parsed.success ? (parsed.data as z.infer<(typeof shape)[K]>) : undefined;
}

function statusesOf(raw: string | null): TaskStatus[] {
  const statuses = (raw ?? '').split(',').map((s) => toTaskStatus(s.trim()));
  return [...new Set(statuses.filter((s): s is TaskStatus => s !== undefined))];
}

/** Grouping by state needs one product (its states); without one, no grouping. */
const groupOf = (group: TaskGroup | undefined, productId: string | undefined) =>
  group === 'state' && !productId ? undefined : group;

export function readTasksSearch(params: URLSearchParams): TasksSearchState {
  const rawProduct = (params.get('productId') ?? params.get('product'))?.trim();
  const productId = rawProduct && rawProduct !== 'all' ? rawProduct : undefined;
  const phase = params.get('phase')?.trim().toLowerCase() ?? '';
  // `label=<uuid>` is an older link's label of the chosen product; otherwise `label` names labels.
  const oldLabel = labelParam(params);
  const labelIds = field(params, 'labelId');
  return {
    search: (params.get('search') ?? '').trim(),
    productId,
    phase: isPhase(phase) ? phase : undefined,
    status: statusesOf(params.get('status')),
    // Labels by id belong to a product: without one the label is left out.
    labelId: productId ? (labelIds?.[0] ?? oldLabel) : undefined,
    preset: field(params, 'preset'),
    assignee: field(params, 'assignee') ?? [],
    label: oldLabel ? [] : (field(params, 'label') ?? []),
    priority: field(params, 'priority') ?? [],
    // A product's states (issue 29): without the product they are left out.
    stateId: productId ? (field(params, 'stateId') ?? []) : [],
    due: field(params, 'due'),
    dueFrom: field(params, 'dueFrom'),
    dueTo: field(params, 'dueTo'),
    createdBy: field(params, 'createdBy') ?? [],
    teamId: field(params, 'teamId') ?? [],
    updatedSince: field(params, 'updatedSince'),
    sort: field(params, 'sort'),
    order: field(params, 'order'),
    group: groupOf(field(params, 'group'), productId),
    field: params.getAll('field').filter((text) => parseFieldFilter(text) !== undefined),
    sortField: field(params, 'sortField'),
    groupField: field(params, 'groupField'),
    view: params.get('view') === 'board' ? 'board' : 'list',
  };
}

/** `?search=…&productId=…&status=…&priority=…&view=board` without the defaults ('' when all are). */
export function writeTasksSearch(state: TasksSearchState): string {
  const params = new URLSearchParams();
  const search = state.search.trim();
  if (search) params.set('search', search);
  if (state.productId) params.set('productId', state.productId);
  if (state.phase) params.set('phase', state.phase);
  if (state.status.length > 0) params.set('status', state.status.map(statusParam).join(','));
  if (state.productId && state.labelId) params.set('labelId', state.labelId);
  writeTaskQuery(params, state);
  if (state.view !== 'list') params.set('view', state.view);
  const query = params.toString().replaceAll('%2C', ',');
  return query ? `?${query}` : '';
}

/** The list filters the page's state stands for. */
export function filtersOf({ view: _view, phase, labelId, ...state }: TasksSearchState): TaskFilterValues {
  return { ...state, phase: phase ? [phase] : [], labelId: labelId ? [labelId] : [] };
}

/** Whether any filter, a preset or the search narrows the tasks (sort and grouping do not). */
export const isNarrowed = (state: TasksSearchState) =>
  state.search !== '' ||
  Boolean(state.productId) ||
  Boolean(state.phase) ||
  state.status.length > 0 ||
  Boolean(state.labelId) ||
  Boolean(state.preset) ||
  state.assignee.length > 0 ||
  state.label.length > 0 ||
  state.priority.length > 0 ||
  state.stateId.length > 0 ||
  Boolean(state.due || state.dueFrom || state.dueTo) ||
  state.createdBy.length > 0 ||
  state.teamId.length > 0 ||
  state.field.length > 0 ||
  Boolean(state.updatedSince);

/** A product's Tasks tab: its status tabs (All Tasks, Pending, In Progress, Completed). */
export type StatusTab = 'all' | TaskStatus;

/** The list filters of a product's Tasks tab: that product, the chosen status tab and label. */
export const productTaskFilters = (
  productId: string,
  status: StatusTab,
  labelId: string | undefined,
): TaskFilterValues => ({
  search: '',
  productId,
  phase: [],
  status: status === 'all' ? [] : [status],
  labelId: labelId ? [labelId] : [],
});
