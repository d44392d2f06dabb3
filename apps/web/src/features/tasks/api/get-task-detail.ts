import type { Task, TaskDetail, TaskHistory } from '@shipyard/shared';
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { taskKeys } from './get-tasks.ts';

/** GET /api/tasks/{id}/detail: all the task's page shows but its conversation, in one request. */
function getTaskDetail(id: string, signal?: AbortSignal): Promise<TaskDetail> {
  return api.get<TaskDetail>(`/tasks/${encodeURIComponent(id)}/detail`, { signal });
}

export const taskDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: taskKeys.detail(id),
    queryFn: ({ signal }) => getTaskDetail(id, signal),
  });

export const useTaskDetail = (id: string) => useQuery(taskDetailQueryOptions(id));

/** After a save: the page shows the server's task at once; its history is read again behind it. */
export function putTaskIntoDetail(queryClient: QueryClient, task: Task) {
  queryClient.setQueryData<TaskDetail>(taskKeys.detail(task.id), (detail) =>
    detail ? { ...detail, task } : detail,
  );
  return queryClient.invalidateQueries({ queryKey: taskKeys.detail(task.id) });
}

/** GET /api/tasks/{id}/history?cursor: the entries older than the cursor. */
function getTaskHistory(id: string, cursor: string, signal?: AbortSignal): Promise<TaskHistory> {
  return api.get<TaskHistory>(
    `/tasks/${encodeURIComponent(id)}/history?cursor=${encodeURIComponent(cursor)}`,
    { signal },
  );
}

/**
 * The history beyond the detail's first page, fetched only when asked ("Show more"). Keyed by the
 * cursor the first page ended at: when the first page changes (a new entry), the older pages start
 * again from its new end rather than leave a gap.
 */
const olderHistoryQueryOptions = (id: string, from: string) =>
  infiniteQueryOptions({
    queryKey: taskKeys.history(id, from),
    queryFn: ({ pageParam, signal }) => getTaskHistory(id, pageParam, signal),
    initialPageParam: from,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useOlderHistory = (id: string, from: string | null, enabled: boolean) =>
  useInfiniteQuery({ ...olderHistoryQueryOptions(id, from ?? ''), enabled: enabled && from !== null });
