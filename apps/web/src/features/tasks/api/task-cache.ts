import type { Task } from '@shipyard/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { ApiRequestError, api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { type TaskListParams, type TaskPages, taskKeys } from './get-tasks.ts';

// Keeping every cached task list true to a change without refetching them all: a board of
// 2,000 tasks must not reload ten pages per drag. The server's answer then replaces the guess.

/** Whether a task belongs in a list with these filters (the server's rules, spec §5). */
function taskMatches(params: TaskListParams, task: Task): boolean {
  if (params.productId && task.projectId !== params.productId) return false;
  if (params.status.length > 0 && !params.status.includes(task.status)) return false;
  const stateIds = params.stateId ?? [];
  if (stateIds.length > 0 && !(task.stateId && stateIds.includes(task.stateId))) return false;
  if (params.phase.length > 0 && !(task.phase && (params.phase as string[]).includes(task.phase)))
    return false;
  if (params.assigneeId && task.assigneeId !== params.assigneeId) return false;
  const labelIds = params.labelId ?? [];
  if (labelIds.length > 0 && !task.labels.some((label) => labelIds.includes(label.id))) return false;
  const search = params.search.trim().toLowerCase();
  if (search && !`${task.title}\n${task.description}`.toLowerCase().includes(search)) return false;
  return true;
}

/** The order of every task list and board column: newest first, ties by id descending (the server's). */
export const newestFirst = (a: Task, b: Task) =>
  a.createdAt === b.createdAt ? (a.id > b.id ? -1 : 1) : a.createdAt > b.createdAt ? -1 : 1;

/** A board column's manual order (issue 28): by rank, ties by id (the server's, byte order). */
export const byRank = (a: Pick<Task, 'rank' | 'id'>, b: Pick<Task, 'rank' | 'id'>) =>
  a.rank === b.rank ? (a.id < b.id ? -1 : 1) : a.rank < b.rank ? -1 : 1;

/** The order a list keeps. */
const orderOf = (params: TaskListParams) => (params.sort === 'manual' ? byRank : newestFirst);

/**
 * The list with `task` put where it now belongs (replaced, moved in or out), or without the task
 * of `removedId`. A task that sorts after the last loaded one stays out until its page loads.
 * `previous` is the task as it was before the change, when known: if it matched the filters it
 * was already counted in the list's total, loaded or not (a one-row count list loads almost none).
 */
export function applyTaskChange(
  data: TaskPages,
  params: TaskListParams,
  change: { task: Task } | { removedId: string },
  previous?: Task,
): TaskPages {
  const id = 'task' in change ? change.task.id : change.removedId;
  const was = data.pages.some((page) => page.data.some((t) => t.id === id));
  const counted = was || (previous?.id === id && taskMatches(params, previous));
  const belongs = 'task' in change && taskMatches(params, change.task);
  if (!counted && !belongs) return data;

  let pages = data.pages.map((page) => ({ ...page, data: page.data.filter((t) => t.id !== id) }));
  const delta = (belongs ? 1 : 0) - (counted ? 1 : 0);
  if (belongs && 'task' in change) {
    const task = change.task;
    const order = orderOf(params);
    const pageIndex = pages.findIndex((page) => page.data.some((t) => order(task, t) < 0));
    const last = pages.length - 1;
    if (pageIndex >= 0) {
      pages = pages.map((page, i) => {
        if (i !== pageIndex) return page;
        const at = page.data.findIndex((t) => order(task, t) < 0);
        return { ...page, data: [...page.data.slice(0, at), task, ...page.data.slice(at)] };
      });
    } else if (last >= 0 && pages[last]?.nextCursor === null) {
      pages = pages.map((page, i) => (i === last ? { ...page, data: [...page.data, task] } : page));
    } // Else beyond the loaded pages: counted, shown when its page loads.
  }
  return { ...data, pages: pages.map((page) => ({ ...page, total: Math.max(0, page.total + delta) })) };
}

export type TaskListsSnapshot = Array<[QueryKey, TaskPages | undefined]>;

/**
 * Applies a change to every cached task list; answers what they held before, for a rollback.
 * `previous` (the task before the change) defaults to the task as cached in any list.
 */
export function changeCachedTasks(
  queryClient: QueryClient,
  change: { task: Task } | { removedId: string },
  previous: Task | undefined = findCachedTask(
    queryClient,
    'task' in change ? change.task.id : change.removedId,
  ),
): TaskListsSnapshot {
  const snapshot = queryClient.getQueriesData<TaskPages>({ queryKey: taskKeys.lists });
  for (const [key, data] of snapshot) {
    const params = key[2] as TaskListParams | undefined;
    if (data && params) {
      queryClient.setQueryData<TaskPages>(key, applyTaskChange(data, params, change, previous));
    }
  }
  return snapshot;
}

export function restoreCachedTasks(queryClient: QueryClient, snapshot: TaskListsSnapshot | undefined) {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}

/** The task as cached in any list (the optimistic status change starts from it). */
export function findCachedTask(queryClient: QueryClient, id: string): Task | undefined {
  for (const [, data] of queryClient.getQueriesData<TaskPages>({ queryKey: taskKeys.lists })) {
    const task = data?.pages.flatMap((p) => p.data).find((t) => t.id === id);
    if (task) return task;
  }
  return undefined;
}

/**
 * After a task change commits: the lists are marked stale without refetching the ones on screen
 * (they already show the change), and what is derived from tasks elsewhere is refreshed: product
 * progress and timelines (queryRoots.products), the dashboard's counts and the activity log.
 */
export function refreshAfterTaskChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: taskKeys.lists, refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: queryRoots.products }),
    queryClient.invalidateQueries({ queryKey: queryRoots.dashboard }),
    queryClient.invalidateQueries({ queryKey: queryRoots.activity }),
  ]);
}

/** A task change another screen (or this one) made, as the realtime event names it. */
export type TaskChangeEvent = { op: 'created' | 'updated' | 'deleted'; id: string; version: number };

const versionOf = (task: Task) => Date.parse(task.updatedAt);

/** GET /tasks/{id}: the task, or null when it is gone or out of this user's sight (404). */
export async function fetchTask(id: string): Promise<Task | null> {
  try {
    return await api.get<Task>(`/tasks/${encodeURIComponent(id)}`);
  } catch (err) {
    if (err instanceof ApiRequestError && err.status === 404) return null;
    throw err;
  }
}

/**
 * Brings every cached list up to a task change without refetching the lists (issue 8: a drag on
 * someone else's board must not reload ten pages of every board that shows the product). A
 * change the cache already holds (its version is not newer) costs nothing; otherwise the task is
 * read once and moved where it belongs, never replacing a newer state that landed meanwhile.
 * Answers false when that cannot be exact: an edit or deletion of a task no list has loaded may
 * move it between lists whose totals only the server knows, so the caller refetches them.
 */
export function syncCachedTask(queryClient: QueryClient, change: TaskChangeEvent): boolean {
  const cached = findCachedTask(queryClient, change.id);
  if (!cached && change.op !== 'created') return false;
  if (change.op === 'deleted') {
    putTask(queryClient, change.id, null);
    afterListReads(queryClient, () => putTask(queryClient, change.id, null));
    return true;
  }
  if (cached && versionOf(cached) >= change.version) {
    afterListReads(queryClient, () => putTask(queryClient, change.id, cached));
    return true;
  }
  fetchTask(change.id).then(
    (task) => {
      putTask(queryClient, change.id, task);
      afterListReads(queryClient, () => putTask(queryClient, change.id, task));
    },
    () => queryClient.invalidateQueries({ queryKey: taskKeys.lists }),
  );
  return true;
}

/** Puts the task where it belongs in every list (null: removes it), unless a newer state is cached. */
function putTask(queryClient: QueryClient, id: string, task: Task | null) {
  const now = findCachedTask(queryClient, id);
  if (task && now && versionOf(now) > versionOf(task)) return;
  changeCachedTasks(queryClient, task ? { task } : { removedId: id });
}

/**
 * Runs `again` once the task lists being read have landed, if any is. A read in flight may answer
 * from before the change just applied (a board across products reads each column on its own, so
 * two reads can straddle two writes) and put the card back where it was, or in no column, with no
 * later event to correct it: the change is applied again on top.
 */
function afterListReads(queryClient: QueryClient, again: () => void) {
  if (listsFetching(queryClient)) void listsSettled(queryClient).then(again);
}

const listsFetching = (queryClient: QueryClient) => queryClient.isFetching({ queryKey: taskKeys.lists }) > 0;

/** Resolves once no task list is being fetched. */
function listsSettled(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (listsFetching(queryClient)) return;
      unsubscribe();
      resolve();
    });
  });
}
