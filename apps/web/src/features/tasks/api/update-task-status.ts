import { type Task, type TaskStatus, toTaskStatus } from '@shipyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { putTaskIntoDetail } from './get-task-detail.ts';
import { taskKeys } from './get-tasks.ts';
import {
  changeCachedTasks,
  findCachedTask,
  refreshAfterTaskChange,
  restoreCachedTasks,
  type TaskListsSnapshot,
} from './task-cache.ts';

type TaskStatusChange = {
  id: string;
  /** Any casing or a board column id ('in progress'). */
  status: string;
};

/** PATCH /api/tasks/{id}/task/update; answers the task with its stored status. */
function updateTaskStatus({ id, status }: TaskStatusChange): Promise<Task> {
  return api.patch<Task>(`/tasks/${encodeURIComponent(id)}/task/update`, { status });
}

/**
 * Changes a task's status optimistically: every cached list shows it at once (a board card lands
 * in its new column); a refusal puts the lists back as they were. The caller toasts.
 */
export function useUpdateTaskStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTaskStatus,
    onMutate: async ({
      id,
      status,
    }): Promise<{ snapshot: TaskListsSnapshot | undefined; optimistic?: Task | undefined }> => {
      // A page in flight would land after the change and undo it.
      await queryClient.cancelQueries({ queryKey: taskKeys.lists });
      const task = findCachedTask(queryClient, id);
      const next: TaskStatus | undefined = toTaskStatus(status);
      if (!task || !next) return { snapshot: undefined };
      const completedAt = next === 'Completed' ? (task.completedAt ?? new Date().toISOString()) : null;
      const optimistic = { ...task, status: next, completedAt };
      return { snapshot: changeCachedTasks(queryClient, { task: optimistic }, task), optimistic };
    },
    onError: (_error, _change, context) => restoreCachedTasks(queryClient, context?.snapshot),
    onSuccess: (task, _change, context) => {
      // The lists already count the optimistic version (which may be cached in none of them).
      changeCachedTasks(queryClient, { task }, context?.optimistic);
      return putTaskIntoDetail(queryClient, task);
    },
    onSettled: () => refreshAfterTaskChange(queryClient),
  });
}
