import type { WatcherList } from '@shipyard/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { commentKeys } from './keys.ts';

const watchersPath = (taskId: string) => `/tasks/${encodeURIComponent(taskId)}`;

const watchersQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: commentKeys.watchers(taskId),
    queryFn: ({ signal }) => api.get<WatcherList>(`${watchersPath(taskId)}/watchers`, { signal }),
  });

export const useWatchers = (taskId: string) => useQuery(watchersQueryOptions(taskId));

/** PUT (watch) or DELETE (unwatch) /api/tasks/{id}/watch; both answer the watcher list. */
export function useSetWatching(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (watch: boolean) =>
      watch
        ? api.put<WatcherList>(`${watchersPath(taskId)}/watch`)
        : api.delete<WatcherList>(`${watchersPath(taskId)}/watch`),
    onSuccess: (list) => queryClient.setQueryData(commentKeys.watchers(taskId), list),
  });
}
