import { type Task, type TaskStatus, taskMessages } from '@shipyard/shared';
import { useCallback } from 'react';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateTaskStatus } from '../api/update-task-status.ts';

/**
 * The tasks page's status change (row menu and board): optimistic through the cached lists, then
 * spec §8.2 'Task status updated', or 'Failed to update task status' with the server's message.
 * Answers whether the change stuck; never rejects.
 */
export function useTaskStatusChange() {
  // mutateAsync, not mutate: its callbacks would fire for the latest of two quick moves only.
  const { mutateAsync } = useUpdateTaskStatus();
  return useCallback(
    async (task: Pick<Task, 'id' | 'status'>, status: TaskStatus): Promise<boolean> => {
      if (task.status === status) return true;
      try {
        await mutateAsync({ id: task.id, status });
        toast.success(taskMessages.statusUpdated);
        return true;
      } catch (error) {
        const description = getErrorMessage(error, '');
        toast.error(taskMessages.statusUpdateFailed, description ? { description } : undefined);
        return false;
      }
    },
    [mutateAsync],
  );
}
