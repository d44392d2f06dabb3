import type { Task } from '@shipyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { taskKeys } from './get-tasks.ts';

/** GET /api/tasks/by-key/{key}: the task a key names, an old key too (issue 28). */
const taskByKeyQueryOptions = (key: string) =>
  queryOptions({
    queryKey: taskKeys.byKey(key),
    queryFn: ({ signal }) => api.get<Task>(`/tasks/by-key/${encodeURIComponent(key)}`, { signal }),
    // A key names one task for good (a moved task keeps its old one): no need to ask again.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useTaskByKey = (key: string) => useQuery(taskByKeyQueryOptions(key));
