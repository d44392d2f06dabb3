import type { Task, TaskGroupCount, TaskList, TaskPhase, TaskStatus } from '@shipyard/shared';
import { type InfiniteData, infiniteQueryOptions } from '@tanstack/react-query';
import { format } from 'date-fns';
import { api } from '../../../lib/api-client.ts';
import { queryRoots, sharedKeys } from '../../../lib/query-keys.ts';
import { type TaskQueryValues, writeTaskQuery } from './task-query-params.ts';

/** What narrows a task list (spec §5 Filters): empty values disable a filter. */
export type TaskListParams = {
  /** One product's tasks (GET /tasks/{productId}/tasks); unset: every visible task (GET /tasks/all). */
  productId?: string | undefined;
  search: string;
  phase: TaskPhase[];
  status: TaskStatus[];
  assigneeId?: string | undefined;
  /** Tasks carrying any of these labels (of the product: labels belong to one). */
  labelId?: string[] | undefined;
  /** Tasks per page; the next page is fetched as the list scrolls (keyset cursor). */
  limit: number;
} & TaskQueryValues;

/** A page of a list; a grouped list's first page also counts each group (issue 28). */
type TaskListPage = TaskList & { groups?: TaskGroupCount[] };

export type TaskPages = InfiniteData<TaskListPage, string | null>;

export const taskKeys = {
  all: queryRoots.tasks,
  /** Every cached list, whatever its filters: the prefix a change patches. */
  lists: sharedKeys.taskLists,
  list: (params: TaskListParams) => [...sharedKeys.taskLists, params] as const,
  options: (productId: string) => [...sharedKeys.taskOptions, productId] as const,
  /** One task's page (GET /tasks/{id}/detail). */
  detail: (id: string) => [...queryRoots.tasks, 'detail', id] as const,
  /** The task a key names (`ATL-12`, issue 28). */
  byKey: (key: string) => [...queryRoots.tasks, 'by-key', key] as const,
  /** The older history of a task's page, from the cursor its detail ended at. */
  history: (id: string, from: string) => [...queryRoots.tasks, 'history', id, from] as const,
};

/** The browser's local date (YYYY-MM-DD): what "overdue", "today" and "this week" count from. */
export const localToday = () => format(new Date(), 'yyyy-MM-dd');

/**
 * The query string: trimmed search, each filter as one comma list, issue 28's filters, sort and
 * grouping in TaskQuerySchema's names, the caller's `today`, the page size and cursor.
 */
export function taskListQuery(params: TaskListParams, cursor: string | null): string {
  const parts = [`limit=${params.limit}`];
  const search = params.search.trim();
  if (search) parts.push(`search=${encodeURIComponent(search)}`);
  if (params.phase.length > 0) parts.push(`phase=${encodeURIComponent(params.phase.join(','))}`);
  if (params.status.length > 0) parts.push(`status=${encodeURIComponent(params.status.join(','))}`);
  if (params.assigneeId) parts.push(`assigneeId=${encodeURIComponent(params.assigneeId)}`);
  if (params.labelId?.length) parts.push(`labelId=${encodeURIComponent(params.labelId.join(','))}`);
  const query = new URLSearchParams();
  writeTaskQuery(query, params);
  query.set('today', localToday());
  parts.push(query.toString());
  if (cursor) parts.push(`cursor=${encodeURIComponent(cursor)}`);
  return parts.join('&');
}

/**
 * The CSV export of the list these params show (issue 20): GET /tasks/{productId}/tasks.csv for
 * one product, /tasks/export.csv otherwise, with the same filters (the page size is ignored).
 */
export function taskExportPath(params: TaskListParams): string {
  const path = params.productId
    ? `/tasks/${encodeURIComponent(params.productId)}/tasks.csv`
    : '/tasks/export.csv';
  return `${path}?${taskListQuery(params, null)}`;
}

function getTasks(params: TaskListParams, cursor: string | null, signal?: AbortSignal) {
  const path = params.productId ? `/tasks/${encodeURIComponent(params.productId)}/tasks` : '/tasks/all';
  return api.get<TaskListPage>(`${path}?${taskListQuery(params, cursor)}`, { signal });
}

export const tasksQueryOptions = (params: TaskListParams) =>
  infiniteQueryOptions({
    queryKey: taskKeys.list(params),
    queryFn: ({ pageParam, signal }) => getTasks(params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/**
 * Every loaded task of a list, in order. These two read only the pages, as a list query's `data` is
 * typed InfiniteData<TaskList, unknown>.
 */
export const loadedTasks = (data: Pick<TaskPages, 'pages'> | undefined): Task[] =>
  data?.pages.flatMap((p) => p.data) ?? [];

/** How many tasks match the list's filters in all (not only the loaded ones). */
export const totalTasks = (data: Pick<TaskPages, 'pages'> | undefined): number => data?.pages[0]?.total ?? 0;
