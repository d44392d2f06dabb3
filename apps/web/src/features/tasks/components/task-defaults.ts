import {
  type TaskPhase,
  type TaskPriority,
  type TaskQuery,
  TaskQuerySchema,
  type TaskStatus,
} from '@shipyard/shared';
import type { ParentTask } from '../../../components/app-extensions.tsx';
import { filtersOf, readTasksSearch, type TaskFilterValues } from './task-search-params.ts';

// Defaults from where a task is created (issue 28): the product it is opened on, the column's
// status, and the filters of the list or view (a task made there should show there).

/** The filters a list may carry: the spec's and, once set, issue 28's by their TaskQuery names. */
export type TaskDefaultsSource = Partial<TaskFilterValues> &
  Partial<Pick<TaskQuery, 'assignee' | 'priority' | 'teamId' | 'label'>>;

/** The fields a new task starts with; labels by id (a product's) and by name (a view across products). */
export type TaskDefaults = {
  projectId?: string;
  status?: TaskStatus;
  /** One of the product's workflow states (issue 29): a board column's, or the one state filtered on. */
  stateId?: string;
  priority?: TaskPriority;
  phase?: TaskPhase;
  assigneeId?: string;
  teamId?: string;
  labelIds: string[];
  labelNames: string[];
  /** The task it is a sub-task of (issue 29): opened from that task's sub-tasks. */
  parent?: ParentTask;
};

const only = <T>(values: readonly T[] | undefined): T | undefined =>
  values?.length === 1 ? values[0] : undefined;

/**
 * A filter of exactly one value becomes the default ('assignee=me' → me, one label → that
 * label); 'none' and lists of several leave the field empty. `status` (a board column) wins over
 * the status filter.
 */
export function taskDefaultsFrom(
  source: TaskDefaultsSource,
  viewerId: string,
  status?: TaskStatus,
  stateId?: string,
): TaskDefaults {
  const defaults: TaskDefaults = {
    labelIds: [...(source.labelId ?? [])],
    labelNames: [...(source.label ?? [])],
  };
  if (source.productId) defaults.projectId = source.productId;
  const chosenStatus = status ?? only(source.status);
  if (chosenStatus) defaults.status = chosenStatus;
  const chosenState = stateId ?? (source.productId ? only(source.stateId) : undefined);
  if (chosenState) defaults.stateId = chosenState;
  const priority = only(source.priority);
  if (priority) defaults.priority = priority;
  const phase = only(source.phase);
  if (phase) defaults.phase = phase;
  const assignee = only(source.assignee);
  if (assignee && assignee !== 'none') defaults.assigneeId = assignee === 'me' ? viewerId : assignee;
  const team = only(source.teamId);
  if (team && team !== 'none') defaults.teamId = team;
  return defaults;
}

const PRODUCT_PAGE = /^\/products\/([^/]+)/;

/**
 * The defaults of a task created from anywhere (the `c` shortcut, the palette): on a product's
 * page (any tab) that product; on /tasks the filters of its URL, by the names TaskQuerySchema
 * reads (assignee=me → me, one label → that label). Nothing elsewhere.
 */
export function taskDefaultsForPlace(pathname: string, search: string, viewerId: string): TaskDefaults {
  const product = PRODUCT_PAGE.exec(pathname)?.[1];
  if (product) return { projectId: decodeURIComponent(product), labelIds: [], labelNames: [] };
  if (pathname !== '/tasks') return { labelIds: [], labelNames: [] };
  const params = new URLSearchParams(search);
  const query = TaskQuerySchema.safeParse(Object.fromEntries(params));
  const extra = query.success
    ? {
        assignee: query.data.assignee,
        priority: query.data.priority,
        teamId: query.data.teamId,
        label: query.data.label,
      }
    : {};
  return taskDefaultsFrom({ ...filtersOf(readTasksSearch(params)), ...extra }, viewerId);
}
