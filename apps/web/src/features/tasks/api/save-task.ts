import type { CreateTask, Task, TaskLabels, UpdateTask } from '@shipyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { putTaskIntoDetail } from './get-task-detail.ts';
import { changeCachedTasks, refreshAfterTaskChange } from './task-cache.ts';

/** POST /api/tasks; the server fills `createdBy` from the session. */
function createTask(body: CreateTask): Promise<Task> {
  return api.post<Task>('/tasks', body);
}

/** PATCH /api/tasks/{id}/update with the changed fields (a new `projectId` moves the task). */
function updateTask({ id, ...body }: UpdateTask & { id: string }): Promise<Task> {
  return api.patch<Task>(`/tasks/${encodeURIComponent(id)}/update`, body);
}

/** DELETE /api/tasks/{id}. */
function deleteTask(id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/tasks/${encodeURIComponent(id)}`);
}

/** POST /api/trash/task/{id}/restore: the delete toast's Undo (issue 28). */
function restoreTask(id: string): Promise<{ message: string }> {
  return api.post<{ message: string }>(`/trash/task/${encodeURIComponent(id)}/restore`);
}

// The screens toast (their texts differ, spec §8.2); these keep the caches true.

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: (task) => {
      changeCachedTasks(queryClient, { task });
      return refreshAfterTaskChange(queryClient);
    },
  });
}

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTask,
    onSuccess: (task) => {
      changeCachedTasks(queryClient, { task });
      return Promise.all([refreshAfterTaskChange(queryClient), putTaskIntoDetail(queryClient, task)]);
    },
  });
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    onSuccess: (_answer, id) => {
      changeCachedTasks(queryClient, { removedId: id });
      return refreshAfterTaskChange(queryClient);
    },
  });
}

/** Undo of a delete: the task comes back from the trash into every list (and leaves the trash). */
export function useRestoreTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreTask,
    onSuccess: () =>
      Promise.all([
        refreshAfterTaskChange(queryClient),
        queryClient.invalidateQueries({ queryKey: queryRoots.trash }),
      ]),
  });
}

/**
 * PUT /api/tasks/{id}/labels: the labels the task dialog chose (issue 28), after the task is saved;
 * the cached lists show them at once.
 */
export function useSaveTaskLabels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ task, labelIds }: { task: Task; labelIds: string[] }) =>
      api.put<TaskLabels>(`/tasks/${encodeURIComponent(task.id)}/labels`, { labelIds }),
    onSuccess: ({ labels }, { task }) => {
      changeCachedTasks(queryClient, { task: { ...task, labels } });
    },
  });
}
