import {
  hierarchyMessages,
  taskMessages as m,
  type Placement,
  relationMessages,
  type Task,
  type TaskMove,
  type TaskStatus,
} from '@shipyard/shared';
import { useCallback } from 'react';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { confirmAction } from '../../../lib/confirm.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateTaskStatus } from '../api/update-task-status.ts';
import { statusName } from './task-filter-model.ts';

/**
 * Spec §8.2 words a status change by the page it is made on: the tasks page (and the task's own
 * page) 'Task status updated' or 'Failed to update task status' with the server's message; a
 * product's Tasks tab 'Task updated' / 'Task status changed to …', or 'Failed to update task' with
 * the server's message or 'Something went wrong.'.
 */
const told = {
  tasks: {
    changed: (_status: TaskStatus, undo?: () => Promise<unknown>) =>
      undo
        ? toast.undoable(t(m.statusUpdated), { undo, undoFailed: t(m.statusUpdateFailed) })
        : toast.success(t(m.statusUpdated)),
    failed: (error: unknown) => {
      const description = getErrorMessage(error, '');
      toast.error(t(m.statusUpdateFailed), description ? { description } : undefined);
    },
  },
  product: {
    changed: (status: TaskStatus, undo?: () => Promise<unknown>) => {
      // The spec's m.statusChangedDescription(status), in the reader's language.
      const description = t('Task status changed to {{status}}.', { status: statusName(status) });
      if (undo) toast.undoable(t(m.updated), { description, undo, undoFailed: t(m.updateFailed) });
      else toast.success(t(m.updated), { description });
    },
    failed: (error: unknown) =>
      toast.error(t(m.updateFailed), { description: getErrorMessage(error, t(m.fallback)) }),
  },
} as const;

/** What a status change asks first (issue 29); tasks read from a list carry it. */
type Checked = Pick<Task, 'id' | 'status'> & Partial<Pick<Task, 'subtasks' | 'blocked' | 'blockedBy'>>;

/**
 * Completing a task with open sub-tasks, or starting or completing one an open task blocks, asks
 * first; true to go on.
 */
export async function confirmStatusChange(task: Checked, status: TaskStatus): Promise<boolean> {
  if (task.status === status) return true;
  const open = task.subtasks ? task.subtasks.total - task.subtasks.done : 0;
  if (status === 'Completed' && open > 0) {
    const ok = await confirmAction({
      title: t(hierarchyMessages.openSubtasksTitle),
      // The spec's hierarchyMessages.openSubtasks(open), in the reader's language.
      description: t('This task has {{count}} open sub-tasks. Complete it anyway?', { count: open }),
      confirm: t(hierarchyMessages.completeAnyway),
    });
    if (!ok) return false;
  }
  if (status !== 'Pending' && task.blocked) {
    const blockedBy = task.blockedBy ?? [];
    return confirmAction({
      title: t(relationMessages.blockedTitle),
      // The spec's relationMessages.blockedConfirm(keys), in the reader's language.
      description: blockedBy.length
        ? t('It is still blocked by {{keys}}. Change its status anyway?', { keys: blockedBy.join(', ') })
        : t('It is still blocked by an open task. Change its status anyway?'),
      confirm: t(relationMessages.continueAnyway),
    });
  }
  return true;
}

/** Where a status change is made, for its toasts. */
type StatusChangePlace = keyof typeof told;

/** What puts a moved task back: its status, its state and the cards it was between (a move's `previous`). */
const placeBefore = ({ previous }: TaskMove) => ({
  status: previous.status,
  ...(previous.stateId !== null && { stateId: previous.stateId }),
  ...(previous.afterId !== null && { afterId: previous.afterId }),
  ...(previous.beforeId !== null && { beforeId: previous.beforeId }),
});

/**
 * A task list's status change (row menu, board drag and the task's page): optimistic through the
 * cached lists, then the toast of the page it is made on, with an Undo for 10 s that puts the
 * task back in its status and place (issue 28). A board drop says where it landed (`place`),
 * in another column or its own. Answers whether the change stuck; never rejects.
 */
export function useTaskStatusChange(place: StatusChangePlace = 'tasks') {
  // mutateAsync, not mutate: its callbacks would fire for the latest of two quick moves only.
  const { mutateAsync } = useUpdateTaskStatus();
  return useCallback(
    async (task: Checked, status: TaskStatus, at?: Placement & { stateId?: string }): Promise<boolean> => {
      if (task.status === status && !at) return true;
      if (!(await confirmStatusChange(task, status))) return false;
      try {
        const moved = await mutateAsync({ id: task.id, status, ...at });
        const back = placeBefore(moved);
        told[place].changed(status, async () => {
          await mutateAsync({ id: task.id, ...back });
          told[place].changed(back.status);
        });
        return true;
      } catch (error) {
        told[place].failed(error);
        return false;
      }
    },
    [mutateAsync, place],
  );
}
