import type {
  BulkTaskChange,
  BulkTaskIdsResult,
  BulkTaskLabels,
  BulkTaskLabelsResult,
  BulkTaskMoveResult,
  BulkTaskResult,
  Task,
  TaskDetail,
} from '@shipyard/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
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

/** PATCH /api/tasks/bulk/move: every task named to another product. */
const bulkMove = (body: { ids: string[]; productId: string }) =>
  api.patch<BulkTaskMoveResult>('/tasks/bulk/move', body);

/** PATCH /api/tasks/bulk/move/restore: each task back where it was (its labels aside). */
const bulkMoveRestore = (previous: BulkTaskMoveResult['previous']) =>
  api.patch<BulkTaskMoveResult>('/tasks/bulk/move/restore', {
    items: previous.map(({ labelIds: _labels, ...item }) => item),
  });

/** POST /api/tasks/bulk/delete: every task named to the trash. */
const bulkDelete = (ids: string[]) => api.post<BulkTaskIdsResult>('/tasks/bulk/delete', { ids });

/** POST /api/trash/tasks/restore: the delete's Undo. */
const bulkUndelete = (ids: string[]) => api.post<BulkTaskIdsResult>('/trash/tasks/restore', { ids });

/**
 * A change of every target: one field, labels added and removed, a move to another product
 * (`moveTo`, its id), or to the trash.
 */
export type BulkChange =
  | BulkTaskChange
  | { labels: BulkTaskLabels['change'] }
  | { moveTo: string }
  | { trash: true };

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
  const settle = (result: BulkTaskResult | BulkTaskMoveResult) => putTasks(queryClient, result.tasks);
  const settleLabels = (result: BulkTaskLabelsResult) => putLabels(queryClient, result);
  const { mutateAsync: update } = useMutation({ mutationFn: bulkUpdate, onSuccess: settle });
  const { mutateAsync: restore } = useMutation({ mutationFn: bulkRestore, onSuccess: settle });
  const { mutateAsync: label } = useMutation({ mutationFn: bulkLabels, onSuccess: settleLabels });
  const { mutateAsync: unlabel } = useMutation({ mutationFn: bulkLabelsRestore, onSuccess: settleLabels });
  const { mutateAsync: move } = useMutation({ mutationFn: bulkMove, onSuccess: settle });
  const { mutateAsync: moveBack } = useMutation({ mutationFn: bulkMoveRestore, onSuccess: settle });
  const { mutateAsync: trash } = useMutation({
    mutationFn: bulkDelete,
    onSuccess: ({ ids }) => {
      for (const id of ids) changeCachedTasks(queryClient, { removedId: id });
      return refreshAfterTaskChange(queryClient);
    },
  });
  const { mutateAsync: untrash } = useMutation({
    mutationFn: bulkUndelete,
    onSuccess: () =>
      Promise.all([
        refreshAfterTaskChange(queryClient),
        queryClient.invalidateQueries({ queryKey: queryRoots.trash }),
      ]),
  });
  return useCallback(
    async (ids: string[], change: BulkChange): Promise<() => Promise<unknown>> => {
      if ('labels' in change) {
        const { previous } = await label({ ids, change: change.labels });
        return () => unlabel(previous);
      }
      if ('moveTo' in change) {
        const { previous } = await move({ ids, productId: change.moveTo });
        // The labels the move took off (a product's own) go back with the labels' Undo.
        const labelled = previous
          .filter((p) => p.labelIds.length > 0)
          .map((p) => ({ id: p.id, labelIds: p.labelIds }));
        return async () => {
          await moveBack(previous);
          if (labelled.length > 0) await unlabel(labelled);
        };
      }
      if ('trash' in change) {
        await trash(ids);
        return () => untrash(ids);
      }
      const { previous } = await update({ ids, change });
      return () => restore(previous);
    },
    [update, restore, label, unlabel, move, moveBack, trash, untrash],
  );
}
