import { taskMessages as m, type Task, type TaskStatus } from '@shipyard/shared';
import { useCallback } from 'react';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateTaskStatus } from '../api/update-task-status.ts';

/**
 * Spec §8.2 words a status change by the page it is made on: the tasks page (and the task's own
 * page) 'Task status updated' or 'Failed to update task status' with the server's message; a
 * product's Tasks tab 'Task updated' / 'Task status changed to …', or 'Failed to update task' with
 * the server's message or 'Something went wrong.'.
 */
const told = {
  tasks: {
    changed: () => toast.success(m.statusUpdated),
    failed: (error: unknown) => {
      const description = getErrorMessage(error, '');
      toast.error(m.statusUpdateFailed, description ? { description } : undefined);
    },
  },
  product: {
    changed: (status: TaskStatus) =>
      toast.success(m.updated, { description: m.statusChangedDescription(status) }),
    failed: (error: unknown) =>
      toast.error(m.updateFailed, { description: getErrorMessage(error, m.fallback) }),
  },
} as const;

/** Where a status change is made, for its toasts. */
type StatusChangePlace = keyof typeof told;

/**
 * A task list's status change (row menu and board): optimistic through the cached lists, then
 * the toast of the page it is made on. Answers whether the change stuck; never rejects.
 */
export function useTaskStatusChange(place: StatusChangePlace = 'tasks') {
  // mutateAsync, not mutate: its callbacks would fire for the latest of two quick moves only.
  const { mutateAsync } = useUpdateTaskStatus();
  return useCallback(
    async (task: Pick<Task, 'id' | 'status'>, status: TaskStatus): Promise<boolean> => {
      if (task.status === status) return true;
      try {
        await mutateAsync({ id: task.id, status });
        told[place].changed(status);
        return true;
      } catch (error) {
        told[place].failed(error);
        return false;
      }
    },
    [mutateAsync, place],
  );
}
