import {
  canChangeTaskStatus,
  canEditTasks,
  taskMessages as m,
  type Role,
  TASK_STATUSES,
  type Task,
  type TaskStatus,
  trashMessages,
  type WorkflowState,
} from '@shipyard/shared';
import { GitBranch, Link2, Pencil, Trash2 } from 'lucide-react';
import { useAppExtensions } from '../../../components/app-extensions.tsx';
import {
  confirmedDelete,
  DeferredRowActionsMenu,
  type MenuStart,
  RowActionsMenu,
} from '../../../components/row-actions-menu.tsx';
import { shortcutHint, type TaskKeyPlace } from '../../../lib/task-shortcuts.ts';
import { useDeleteTask, useRestoreTask } from '../api/save-task.ts';
import { isOwnState, StateDot, useOwnStates } from './task-state.tsx';
import { TaskStatusIcon } from './task-status-badge.tsx';
import { useTaskCopy } from './use-task-copy.ts';

/** A status change from a menu or a drop; `stateId`, one of the product's own states (issue 29). */
export type ChangeTaskStatus = (task: Task, status: TaskStatus, stateId?: string) => void;

export type TaskActionsMenuProps = {
  task: Task;
  viewer: { id: string; role: Role };
  /** Where the menu's task is (a list's row, a board's card, its page): its items show that place's keys. */
  place: TaskKeyPlace;
  onEdit: (task: Task) => void;
  onChangeStatus: ChangeTaskStatus;
  /** After a confirmed deletion (the task's page goes back to the list). */
  onDeleted?: () => void;
  /**
   * The product's workflow states when the caller has them (the task's page reads them with the
   * task); otherwise those of the list or board around the menu (TaskStatesProvider).
   */
  states?: readonly Pick<WorkflowState, 'id' | 'name' | 'color' | 'category'>[] | undefined;
};

/**
 * The row menu of both task lists (spec §2.11): Edit, Mark as Pending, Mark as In Progress, Mark
 * as Completed (and as each of the product's own states, issue 29), and Delete; then Copy link and Copy branch name (issue 28), which everyone who
 * sees the task may use. A guest only moves the tasks assigned to them (ARCHITECTURE §5).
 * A plain "⋯" button until first used: its menu, dialog and hooks mount then (issue 28's scroll).
 */
export function TaskActionsMenu(props: TaskActionsMenuProps) {
  return (
    <DeferredRowActionsMenu
      label={actionsLabel(props.task)}
      menu={(start) => <TaskActions {...props} start={start} />}
    />
  );
}

const actionsLabel = (task: Pick<Task, 'title'>) => `Actions for ${task.title}`;

function TaskActions({
  task,
  viewer,
  place,
  onEdit,
  onChangeStatus,
  onDeleted,
  states,
  start,
}: TaskActionsMenuProps & { start: MenuStart }) {
  const canEdit = canEditTasks(viewer.role);
  const canMove = canChangeTaskStatus(viewer, task);
  const remove = useDeleteTask();
  const restore = useRestoreTask();
  const { copyLink, copyBranch } = useTaskCopy();
  // Other features' items (issue 29: Duplicate, Save as template), which the app composes.
  const extras = useAppExtensions().taskActions?.(task, viewer) ?? [];
  const around = useOwnStates(task.projectId);
  const ownStates = states ? states.filter(isOwnState) : around;

  return (
    <RowActionsMenu
      label={actionsLabel(task)}
      start={start}
      actions={[
        canEdit && {
          key: 'edit',
          label: 'Edit',
          icon: <Pencil aria-hidden="true" />,
          opensDialog: true,
          onSelect: () => onEdit(task),
        },
        ...(canMove
          ? TASK_STATUSES.map((status, index) => ({
              key: status,
              label: `Mark as ${status}`,
              icon: <TaskStatusIcon status={status} className="size-4" />,
              disabled: status === task.status,
              separated: index === 0,
              onSelect: () => onChangeStatus(task, status),
            }))
          : []),
        // Issue 29: the product's own states (those not named as a status) beside the spec's three.
        ...(canMove
          ? ownStates.map((state) => ({
              key: state.id,
              label: `Mark as ${state.name}`,
              icon: <StateDot color={state.color} className="mx-1" />,
              disabled: state.id === task.stateId,
              onSelect: () => onChangeStatus(task, state.category, state.id),
            }))
          : []),
        {
          key: 'copy-link',
          label: 'Copy link',
          icon: <Link2 aria-hidden="true" />,
          separated: canEdit || canMove,
          shortcut: shortcutHint('copyLink', place),
          onSelect: () => void copyLink(task),
        },
        {
          key: 'copy-branch',
          label: 'Copy branch name',
          icon: <GitBranch aria-hidden="true" />,
          onSelect: () => void copyBranch(task),
        },
        ...extras.map((action, index) => ({ ...action, separated: index === 0 })),
      ]}
      confirm={
        canEdit && {
          label: 'Delete',
          icon: <Trash2 aria-hidden="true" />,
          shortcut: shortcutHint('delete', place),
          title: 'Delete task',
          description: (
            <>
              Are you sure you want to delete "{task.title}"? It goes to the trash, where whoever manages the
              product can restore it for 30 days.
            </>
          ),
          pending: remove.isPending,
          onConfirm: confirmedDelete(
            () => remove.mutateAsync(task.id),
            {
              deleted: m.deleted,
              failed: m.deleteFailed,
              fallback: m.fallback,
              undo: () => restore.mutateAsync(task.id),
              undoFailed: trashMessages.restoreFailed,
            },
            onDeleted,
          ),
        }
      }
    />
  );
}
