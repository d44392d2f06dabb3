import {
  canChangeTaskStatus,
  canEditTasks,
  type Role,
  TASK_STATUSES,
  type Task,
  type TaskStatus,
  taskMessages,
  type WorkflowState,
} from '@shipyard/shared';
import {
  CalendarIcon,
  CircleDashedIcon,
  CircleDotIcon,
  CopyIcon,
  FolderInputIcon,
  GitBranch,
  HashIcon,
  Link2,
  Pencil,
  SignalHighIcon,
  TagIcon,
  TextCursorInputIcon,
  Trash2,
  UserCheckIcon,
  UserIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useAppExtensions } from '../../../components/app-extensions.tsx';
import {
  confirmedDelete,
  DeferredRowActionsMenu,
  type MenuStart,
  type RowAction,
  RowActionsMenu,
} from '../../../components/row-actions-menu.tsx';
import { k, t } from '../../../lib/i18n/index.ts';
import { shortcutHint, type TaskKeyPlace, type TaskShortcutAction } from '../../../lib/task-shortcuts.ts';
import { useDeleteTask, useRestoreTask } from '../api/save-task.ts';
import { useTaskMenuActions } from './task-keyboard-state.tsx';
import { isOwnState, StateDot, useOwnStates } from './task-state.tsx';
import { TaskStatusIcon } from './task-status-badge.tsx';
import { pageTexts, statusName } from './task-texts.ts';
import { useTaskCopy } from './use-task-copy.ts';

/** A status change from a menu or a drop; `stateId`, one of the product's own states (issue 29). */
export type ChangeTaskStatus = (task: Task, status: TaskStatus, stateId?: string) => void;

export type TaskActionsMenuProps = {
  task: Task;
  viewer: { id: string; role: Role };
  /**
   * Where the menu's task is (a list's row, a board's card, its page): its items show that place's
   * keys; none where the keys do not act (the task beside the inbox).
   */
  place?: TaskKeyPlace | undefined;
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
 * The menu of a task's row, card and page (spec §2.11): Edit, Mark as Pending, Mark as In Progress,
 * Mark as Completed, flat as the spec has them (the product's own states, issue 29, in an "Other
 * states" submenu), and Delete; a Copy submenu of Copy link, Copy key and Copy branch name (issues
 * 28, 30), which everyone who sees the task may use. A guest only moves the tasks assigned to them
 * (ARCHITECTURE §5). Issue 30: an item for every action key (`KEYED`), each opening what its key
 * opens (TaskKeyboardProvider's pickers) for this task, with the key beside it. A plain "⋯" button
 * until first used: its menu, dialog and hooks mount then (issue 28's scroll).
 */
export function TaskActionsMenu(props: TaskActionsMenuProps) {
  return (
    <DeferredRowActionsMenu
      label={actionsLabel(props.task)}
      menu={(start) => <TaskActions {...props} start={start} />}
    />
  );
}

const actionsLabel = (task: Pick<Task, 'title'>) => t('Actions for {{title}}', { title: task.title });

/** The items that do what a key does, in groups; `opensDialog`: a popover takes the focus. */
const KEYED = {
  editTitle: { label: k('Edit title…'), icon: <TextCursorInputIcon aria-hidden="true" />, opensDialog: true },
  status: { label: k('Change status…'), icon: <CircleDotIcon aria-hidden="true" />, opensDialog: true },
  assignee: { label: k('Assign to…'), icon: <UserIcon aria-hidden="true" />, opensDialog: true },
  assignMe: { label: k('Assign to me'), icon: <UserCheckIcon aria-hidden="true" />, opensDialog: false },
  labels: { label: k('Labels…'), icon: <TagIcon aria-hidden="true" />, opensDialog: true },
  priority: { label: k('Set priority…'), icon: <SignalHighIcon aria-hidden="true" />, opensDialog: true },
  due: { label: k('Set due date…'), icon: <CalendarIcon aria-hidden="true" />, opensDialog: true },
  move: { label: k('Move to…'), icon: <FolderInputIcon aria-hidden="true" />, opensDialog: true },
} satisfies Partial<Record<TaskShortcutAction, { label: string; icon: ReactNode; opensDialog: boolean }>>;

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
  const { copyLink, copyKey, copyBranch } = useTaskCopy();
  // The keys' pickers, where a list, a board or the page provides them; the same check as the keys'.
  const actOn = useTaskMenuActions();
  const keyed = (action: keyof typeof KEYED, more: Partial<RowAction> = {}): RowAction | false =>
    canEdit &&
    actOn !== undefined && {
      key: action,
      ...KEYED[action],
      label: t(KEYED[action].label),
      shortcut: place && shortcutHint(action, place),
      onSelect: () => actOn(action, task),
      ...more,
    };
  // Other features' items (issue 29: Duplicate, Save as template), which the app composes.
  const extras = useAppExtensions().taskActions?.(task, viewer) ?? [];
  const around = useOwnStates(task.projectId);
  const ownStates = states ? states.filter(isOwnState) : around;

  return (
    <RowActionsMenu
      label={actionsLabel(task)}
      start={start}
      // Room for the keys beside the items ('Ctrl/⌘ Shift C'); rows a little denser than other
      // menus', as it holds every action (a screen of 900 px shows it whole beside most rows).
      contentClassName="w-60 [&_[role=menuitem]]:py-1"
      actions={[
        canEdit && {
          key: 'edit',
          label: t('Edit'),
          icon: <Pencil aria-hidden="true" />,
          opensDialog: true,
          onSelect: () => onEdit(task),
        },
        keyed('editTitle'),
        // The spec's three (§2.11), flat and in its order, as the spec names the row menu; the
        // product's own states (issue 29) one level down, so that however many there are the
        // menu stays as long.
        ...(canMove
          ? TASK_STATUSES.map((status, index) => ({
              key: status,
              label: t('Mark as {{status}}', { status: statusName(status) }),
              icon: <TaskStatusIcon status={status} className="size-4" />,
              disabled: status === task.status,
              separated: index === 0,
              onSelect: () => onChangeStatus(task, status),
            }))
          : []),
        canMove &&
          ownStates.length > 0 && {
            key: 'other-states',
            label: t('Other states'),
            icon: <CircleDashedIcon aria-hidden="true" />,
            items: ownStates.map((state) => ({
              key: state.id,
              label: t('Mark as {{status}}', { status: state.name }),
              icon: <StateDot color={state.color} className="mx-1" />,
              disabled: state.id === task.stateId,
              onSelect: () => onChangeStatus(task, state.category, state.id),
            })),
          },
        keyed('status', { separated: !canMove }),
        keyed('assignee', { separated: true }),
        keyed('assignMe', { disabled: task.assigneeId === viewer.id }),
        keyed('labels'),
        keyed('priority'),
        keyed('due'),
        keyed('move'),
        // Copying in a submenu, as Linear has it: three items less in a long menu.
        {
          key: 'copy',
          label: t('Copy'),
          icon: <CopyIcon aria-hidden="true" />,
          separated: true,
          items: [
            {
              key: 'copy-link',
              label: t('Copy link'),
              icon: <Link2 aria-hidden="true" />,
              shortcut: place && shortcutHint('copyLink', place),
              onSelect: () => void copyLink(task),
            },
            {
              key: 'copy-key',
              label: t('Copy key'),
              icon: <HashIcon aria-hidden="true" />,
              shortcut: place && shortcutHint('copyKey', place),
              onSelect: () => void copyKey(task),
            },
            {
              key: 'copy-branch',
              label: t('Copy branch name'),
              icon: <GitBranch aria-hidden="true" />,
              onSelect: () => void copyBranch(task),
            },
          ],
        },
        ...extras.map((action, index) => ({ ...action, separated: index === 0 })),
      ]}
      confirm={
        canEdit && {
          label: t('Delete'),
          icon: <Trash2 aria-hidden="true" />,
          shortcut: place && shortcutHint('delete', place),
          title: t('Delete task'),
          description: t(
            'Are you sure you want to delete "{{title}}"? It goes to the trash, where whoever manages the product can restore it for 30 days.',
            { title: task.title },
          ),
          pending: remove.isPending,
          onConfirm: confirmedDelete(
            () => remove.mutateAsync(task.id),
            {
              deleted: t(taskMessages.deleted),
              failed: t(taskMessages.deleteFailed),
              fallback: t(taskMessages.fallback),
              undo: () => restore.mutateAsync(task.id),
              undoFailed: t(pageTexts.restoreFailed),
            },
            onDeleted,
          ),
        }
      }
    />
  );
}
