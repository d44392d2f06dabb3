import type { BulkTaskChange, BulkTaskResult } from '@shipyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { changeCachedTasks, refreshAfterTaskChange } from './task-cache.ts';

/** PATCH /api/tasks/bulk: one change on every task named, in one request (issue 30). */
const bulkUpdate = (body: { ids: string[]; change: BulkTaskChange }) =>
  api.patch<BulkTaskResult>('/tasks/bulk', body);

/** PATCH /api/tasks/bulk/restore: each task back to its previous value (a bulk change's Undo). */
const bulkRestore = (items: BulkTaskResult['previous']) =>
  api.patch<BulkTaskResult>('/tasks/bulk/restore', { items });

/** A bulk change and its Undo; both put the answered tasks into the cached lists. */
export function useBulkTaskChange() {
  const queryClient = useQueryClient();
  const settle = (result: BulkTaskResult) => {
    for (const task of result.tasks) changeCachedTasks(queryClient, { task });
    return refreshAfterTaskChange(queryClient);
  };
  const change = useMutation({ mutationFn: bulkUpdate, onSuccess: settle });
  const restore = useMutation({ mutationFn: bulkRestore, onSuccess: settle });
  return { change: change.mutateAsync, restore: restore.mutateAsync };
}
