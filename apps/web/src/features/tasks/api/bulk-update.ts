import type {
  BulkTaskChange,
  BulkTaskLabels,
  BulkTaskLabelsResult,
  BulkTaskResult,
  Task,
  TaskDetail,
} from '@shipyard/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client.ts';
import { putTaskIntoDetail } from './get-task-detail.ts';
import { taskKeys } from './get-tasks.ts';
import { changeCachedTasks, findCachedTask, refreshAfterTaskChange } from './task-cache.ts';

// Bulk changes (issue 30): one request for every task named, and one more for its Undo.

/** PATCH /api/tasks/bulk: one change on every task named. */
const bulkUpdate = (body: { ids: string[]; change: BulkTaskChange }) =>
  api.patch<BulkTaskResult>('/tasks/bulk', body);

/** PATCH /api/tasks/bulk/restore: each task back to its previous value. */
const bulkRestore = (items: BulkTaskResult['previous']) =>
  api.patch<BulkTaskResult>('/tasks/bulk/restore', { items });

/** PATCH /api/tasks/bulk/labels: labels put on and taken off every task named. */
const bulkLabels = (body: BulkTaskLabels) => api.patch<BulkTaskLabelsResult>('/tasks/bulk/labels', body);

/** PATCH /api/tasks/bulk/labels/restore: each task's labels as they were. */
const bulkLabelsRestore = (items: BulkTaskLabelsResult['previous']) =>
  api.patch<BulkTaskLabelsResult>('/tasks/bulk/labels/restore', { items });

/** A change of every target: one field, or labels added and removed. */
export type BulkChange = BulkTaskChange | { labels: BulkTaskLabels['change'] };

/** The lists and, where it is open, the task's page (issue 30: its action keys use the bulk calls). */
function putTasks(queryClient: QueryClient, tasks: Task[]) {
  for (const task of tasks) changeCachedTasks(queryClient, { task });
  return Promise.all([
    refreshAfterTaskChange(queryClient),
    ...tasks.map((task) => putTaskIntoDetail(queryClient, task)),
  ]);
}

function putLabels(queryClient: QueryClient, { tasks }: BulkTaskLabelsResult) {
  const changed = tasks.flatMap(({ taskId, labels }) => {
    const cached =
      findCachedTask(queryClient, taskId) ??
      queryClient.getQueryData<TaskDetail>(taskKeys.detail(taskId))?.task;
    return cached ? [{ ...cached, labels }] : [];
  });
  return putTasks(queryClient, changed);
}

/** Applies a bulk change; answers its Undo (one more request). Both keep the cached lists true. */
export function useBulkTaskChange() {
  const queryClient = useQueryClient();
  const settle = (result: BulkTaskResult) => putTasks(queryClient, result.tasks);
  const settleLabels = (result: BulkTaskLabelsResult) => putLabels(queryClient, result);
  const { mutateAsync: update } = useMutation({ mutationFn: bulkUpdate, onSuccess: settle });
  const { mutateAsync: restore } = useMutation({ mutationFn: bulkRestore, onSuccess: settle });
  const { mutateAsync: label } = useMutation({ mutationFn: bulkLabels, onSuccess: settleLabels });
  const { mutateAsync: unlabel } = useMutation({ mutationFn: bulkLabelsRestore, onSuccess: settleLabels });
  return useCallback(
    async (ids: string[], change: BulkChange): Promise<() => Promise<unknown>> => {
      if ('labels' in change) {
        const { previous } = await label({ ids, change: change.labels });
        return () => unlabel(previous);
      }
      const { previous } = await update({ ids, change });
      return () => restore(previous);
    },
    [update, restore, label, unlabel],
  );
}
