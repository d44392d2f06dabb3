import {
  canChangeTaskStatus,
  canEditTasks,
  taskMessages as m,
  type Role,
  TASK_STATUSES,
  type Task,
  type TaskStatus,
} from '@shipyard/shared';
import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { useAfterMenuClose } from '../../../hooks/use-after-menu-close.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteTask } from '../api/save-task.ts';
import { TaskStatusIcon } from './task-status-badge.tsx';

export type TaskActionsMenuProps = {
  task: Task;
  viewer: { id: string; role: Role };
  onEdit: (task: Task) => void;
  onChangeStatus: (task: Task, status: TaskStatus) => void;
};

/**
 * The row menu of both task lists (spec §2.11): Edit, Mark as Pending, Mark as In Progress, Mark
 * as Completed, and Delete. A guest only moves the tasks assigned to them (ARCHITECTURE §5);
 * a viewer who may do nothing gets no menu at all.
 */
export function TaskActionsMenu({ task, viewer, onEdit, onChangeStatus }: TaskActionsMenuProps) {
  const canEdit = canEditTasks(viewer.role);
  const canMove = canChangeTaskStatus(viewer, task);
  const remove = useDeleteTask();
  const [confirming, setConfirming] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { runAfterClose, onCloseAutoFocus } = useAfterMenuClose(triggerRef);

  if (!canEdit && !canMove) return null;

  function confirmDelete() {
    remove.mutateAsync(task.id).then(
      () => {
        toast.success(m.deleted);
        setConfirming(false);
      },
      (error: unknown) => {
        toast.error(m.deleteFailed, { description: getErrorMessage(error, m.fallback) });
      },
    );
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            ref={triggerRef}
            variant="ghost"
            size="icon"
            className="size-8 text-muted-foreground data-[state=open]:bg-accent"
            aria-label={`Actions for ${task.title}`}
          >
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-48" onCloseAutoFocus={onCloseAutoFocus}>
          {canEdit ? (
            <DropdownMenuItem onSelect={() => runAfterClose(() => onEdit(task))}>
              <Pencil aria-hidden="true" />
              Edit
            </DropdownMenuItem>
          ) : null}
          {canEdit && canMove ? <DropdownMenuSeparator /> : null}
          {canMove
            ? TASK_STATUSES.map((status) => (
                <DropdownMenuItem
                  key={status}
                  disabled={status === task.status}
                  onSelect={() => onChangeStatus(task, status)}
                >
                  <TaskStatusIcon status={status} className="size-4" />
                  Mark as {status}
                </DropdownMenuItem>
              ))
            : null}
          {canEdit ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem
                variant="destructive"
                onSelect={() => runAfterClose(() => setConfirming(true))}
              >
                <Trash2 aria-hidden="true" />
                Delete
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>

      <ConfirmDialog
        open={confirming}
        onOpenChange={() => setConfirming(false)}
        title="Delete task"
        description={<>Are you sure you want to delete "{task.title}"? This action cannot be undone.</>}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
        returnFocusRef={triggerRef}
      />
    </>
  );
}
