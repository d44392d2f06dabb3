import type { TaskOptions } from '@shipyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { taskKeys } from './get-tasks.ts';

/** GET /api/tasks/{productId}/options: the product's teams and the people a task may be assigned to. */
function getTaskOptions(productId: string, signal?: AbortSignal): Promise<TaskOptions> {
  return api.get<TaskOptions>(`/tasks/${encodeURIComponent(productId)}/options`, { signal });
}

export const taskOptionsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: taskKeys.options(productId),
    queryFn: ({ signal }) => getTaskOptions(productId, signal),
  });

/** Loads only once a product is chosen (the /tasks dialog starts without one). */
export const useTaskOptions = (productId: string | undefined) =>
  useQuery({ ...taskOptionsQueryOptions(productId ?? ''), enabled: Boolean(productId) });
