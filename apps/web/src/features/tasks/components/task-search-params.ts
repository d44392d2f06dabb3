import { TASK_PHASES, type TaskPhase, type TaskStatus, toTaskStatus } from '@shipyard/shared';

// The filter model of the task lists, in one place: what narrows a list (TaskFilterValues, which
// the list, the board and the CSV export send), and how each place keeps it. The tasks page keeps
// its search, filters and tab in the URL, so a reload, a shared link and the back button all show
// the same tasks; 'All' (a disabled filter, spec §5) and the other defaults are left out of the
// URL. A product's Tasks tab fixes the product, keeps its label in the URL (?label=) and its
// status tab on screen. A new filter is a field here, read and written with the others.

type TasksView = 'list' | 'board';

/** What narrows both views of the tasks page: one product, phase and status at most. */
export type TaskFilterValues = {
  search: string;
  productId: string | undefined;
  phase: TaskPhase[];
  status: TaskStatus[];
  /** Tasks carrying any of these labels. */
  labelId?: string[];
};

export type TasksSearchState = {
  search: string;
  productId: string | undefined;
  phase: TaskPhase | undefined;
  status: TaskStatus | undefined;
  /** One of the chosen product's labels (issue 15). */
  labelId: string | undefined;
  view: TasksView;
};

export const defaultTasksSearch: TasksSearchState = {
  search: '',
  productId: undefined,
  phase: undefined,
  status: undefined,
  labelId: undefined,
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

export function readTasksSearch(params: URLSearchParams): TasksSearchState {
  const productId = params.get('product')?.trim();
  const phase = params.get('phase')?.trim().toLowerCase() ?? '';
  return {
    search: (params.get('search') ?? '').trim(),
    productId: productId && productId !== 'all' ? productId : undefined,
    phase: isPhase(phase) ? phase : undefined,
    status: toTaskStatus(params.get('status')),
    // Labels belong to a product: without one the label is left out.
    labelId: productId && productId !== 'all' ? labelParam(params) : undefined,
    view: params.get('view') === 'board' ? 'board' : 'list',
  };
}

/** `?search=…&product=…&phase=…&status=…&label=…&view=board` without the defaults ('' when all are). */
export function writeTasksSearch(state: TasksSearchState): string {
  const params = new URLSearchParams();
  const search = state.search.trim();
  if (search) params.set('search', search);
  if (state.productId) params.set('product', state.productId);
  if (state.phase) params.set('phase', state.phase);
  if (state.status) params.set('status', statusParam(state.status));
  if (state.productId && state.labelId) params.set('label', state.labelId);
  if (state.view !== 'list') params.set('view', state.view);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The list filters the page's state stands for. */
export function filtersOf(state: TasksSearchState): TaskFilterValues {
  return {
    search: state.search,
    productId: state.productId,
    phase: state.phase ? [state.phase] : [],
    status: state.status ? [state.status] : [],
    labelId: state.labelId ? [state.labelId] : [],
  };
}

/** Whether any filter or the search narrows the tasks. */
export const isNarrowed = (state: TasksSearchState) =>
  state.search !== '' ||
  Boolean(state.productId) ||
  Boolean(state.phase) ||
  Boolean(state.status) ||
  Boolean(state.labelId);

/** A product's Tasks tab: its status tabs (All Tasks, Pending, In Progress, Completed). */
export type StatusTab = 'all' | TaskStatus;

/** The list filters of a product's Tasks tab: that product, the chosen status tab and label. */
export const productTaskFilters = (
  productId: string,
  status: StatusTab,
  labelId: string | undefined,
): TaskFilterValues =>
  filtersOf({ ...defaultTasksSearch, productId, status: status === 'all' ? undefined : status, labelId });
