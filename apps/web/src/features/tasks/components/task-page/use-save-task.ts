import {
  taskMessages as m,
  type Task,
  type TaskDetail,
  type TaskStatus,
  type UpdateTask,
} from '@shipyard/shared';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getErrorMessage } from '../../../../lib/api-client.ts';
import { t } from '../../../../lib/i18n/index.ts';
import { toast } from '../../../../lib/toast.ts';
import { taskKeys } from '../../api/get-tasks.ts';
import { fieldsEdit, statusEdit, useQueueTaskEdit } from '../../api/queued-task-edit.ts';
import { useUpdateTask } from '../../api/save-task.ts';
import { confirmStatusChange, useTaskStatusChange } from '../use-task-status-change.ts';

/**
 * The page's in-place edits: the change shows at once (`shown`, the fields as they will read),
 * is saved with PATCH /tasks/{id}/update (the status with the board's own call, the one a guest
 * may make), and is put back with 'Failed to update task' and the server's reason if refused.
 * Answers whether it was saved; never rejects.
 */
export function useSaveTask(taskId: string) {
  const queryClient = useQueryClient();
  const { mutateAsync: update } = useUpdateTask();
  const changeStatus = useTaskStatusChange();
  // Offline (issue 33): the change shows at once and waits, marked pending, to be sent on reconnect.
  const { mutate: queue } = useQueueTaskEdit();
  const offlineTask = useCallback(
    () =>
      onlineManager.isOnline()
        ? undefined
        : queryClient.getQueryData<TaskDetail>(taskKeys.detail(taskId))?.task,
    [queryClient, taskId],
  );

  const showing = useCallback(
    (shown: Partial<Task>) => {
      const key = taskKeys.detail(taskId);
      const before = queryClient.getQueryData<TaskDetail>(key);
      if (before)
        queryClient.setQueryData<TaskDetail>(key, { ...before, task: { ...before.task, ...shown } });
      return () => {
        if (before) queryClient.setQueryData(key, before);
      };
    },
    [queryClient, taskId],
  );

  const save = useCallback(
    async (patch: UpdateTask, shown: Partial<Task> = patch as Partial<Task>): Promise<boolean> => {
      const offline = offlineTask();
      const undo = showing(shown);
      if (offline) {
        queue(fieldsEdit(offline, patch, shown));
        return true;
      }
      try {
        // The mutation puts the server's task into the page (and every list) itself.
        await update({ id: taskId, ...patch });
        return true;
      } catch (error) {
        undo();
        toast.error(t(m.updateFailed), { description: getErrorMessage(error, t(m.fallback)) });
        return false;
      }
    },
    [showing, update, taskId, offlineTask, queue],
  );

  /** The status, or a workflow state (issue 29: `stateId`, whose category `status` is). */
  const saveStatus = useCallback(
    async (current: TaskStatus, status: TaskStatus, stateId?: string): Promise<boolean> => {
      // Asked before the page shows the new status (issue 29: open sub-tasks, open blockers).
      const detail = queryClient.getQueryData<TaskDetail>(taskKeys.detail(taskId));
      if (detail && !(await confirmStatusChange({ ...detail.task, status: current }, status))) return false;
      const offline = offlineTask();
      const undo = showing(stateId ? { status, stateId } : { status });
      if (offline) {
        queue(statusEdit(offline, status, stateId));
        return true;
      }
      const saved = await changeStatus(
        { id: taskId, status: current },
        status,
        stateId ? { stateId } : undefined,
      );
      if (!saved) undo();
      return saved;
    },
    [showing, changeStatus, taskId, queryClient, offlineTask, queue],
  );

  return { save, saveStatus };
}
