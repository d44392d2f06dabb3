import { canChangeTaskStatus, type Task } from '@shipyard/shared';
import { GripVerticalIcon } from 'lucide-react';
import { memo } from 'react';
import { ChecklistProgress } from '../../../components/checklist-progress.tsx';
import { KanbanHandle } from '../../../components/kanban/kanban-card.tsx';
import { LabelChips } from '../../../components/label-chips.tsx';
import { PriorityBadge } from '../../../components/priority-badge.tsx';
import { RepeatMark } from '../../../components/repeat-mark.tsx';
import { cn } from '../../../lib/cn.ts';
import { isGuessedTask } from '../api/quick-create.ts';
import { type ChangeTaskStatus, TaskActionsMenu } from './task-actions-menu.tsx';
import type { Viewer } from './task-board-model.ts';
import { TaskFieldChips, useFieldChips } from './task-field-chips.tsx';
import { AssigneeAvatar, TaskDueDate } from './task-fields.tsx';
import { TaskHierarchyMarks } from './task-hierarchy-marks.tsx';
import { TaskKey } from './task-key.tsx';
import { useTaskRowKeys } from './task-keyboard-state.tsx';
import { TaskLink } from './task-link.tsx';
import { TaskStateMark } from './task-state.tsx';

/** Stops a press on the card's own controls from also starting a drag of the card. */
const stopDragStart = {
  onPointerDown: (event: { stopPropagation: () => void }) => event.stopPropagation(),
  onTouchStart: (event: { stopPropagation: () => void }) => event.stopPropagation(),
};

/** A task's card on the board: its face, and the drag handle over its top right corner. */
export const TaskBoardCard = memo(function TaskBoardCard({
  task,
  viewer,
  onEdit,
  onChangeStatus,
  showProduct = true,
}: {
  task: Task;
  viewer: Viewer;
  onEdit: (task: Task) => void;
  onChangeStatus: ChangeTaskStatus;
  showProduct?: boolean;
}) {
  return (
    <>
      <CardFace
        task={task}
        viewer={viewer}
        onEdit={onEdit}
        onChangeStatus={onChangeStatus}
        movable={canChangeTaskStatus(viewer, task)}
        showProduct={showProduct}
      />
      <KanbanHandle className="absolute top-2.5 end-2" />
    </>
  );
});

/**
 * A card's face: title, labels, its fields shown on cards, key, product, its own workflow state (issue 29), priority, checklist progress, assignee, due date. No
 * description (issue 17: a board of 400 cards loads the compact card, the task's panel has it).
 */
export const CardFace = memo(function CardFace({
  task,
  viewer,
  onEdit,
  onChangeStatus,
  movable = false,
  overlay = false,
  showProduct = true,
}: {
  task: Task;
  viewer: Viewer;
  onEdit?: (task: Task) => void;
  onChangeStatus?: ChangeTaskStatus;
  /** Room for the drag handle laid over the top right corner. */
  movable?: boolean;
  /** The copy that follows the pointer while dragging. */
  overlay?: boolean;
  /** Its product's name: not on one product's board, where every card would repeat it (issue 28). */
  showProduct?: boolean;
}) {
  // Just created, waiting for the server's answer (issue 28): no link or menu until it has an id.
  const pending = isGuessedTask(task);
  const fieldChips = useFieldChips(task);
  // Issue 30: the keyboard's focus ring and selection, as a list's rows show them; not on the
  // copy that follows the pointer.
  const keys = useTaskRowKeys(task);
  const checkbox = overlay || pending ? null : keys.checkbox;
  return (
    <article
      data-card={task.id}
      aria-busy={pending || undefined}
      {...(overlay ? {} : keys.rowProps)}
      className={cn(
        'relative grid select-none gap-2 rounded-lg border bg-card p-3 text-card-foreground shadow-xs transition-shadow',
        overlay
          ? 'cursor-grabbing shadow-lg ring-1 ring-ring/30'
          : 'hover:shadow-sm focus-within:border-ring/60',
        !overlay && [keys.rowClass, 'data-[selected]:border-ring/60'],
      )}
    >
      <div className={cn('flex items-start gap-1', (movable || overlay) && 'pe-6')}>
        {/* Above the card's stretched link; only while it is focused or cards are selected (no room to spare). */}
        {checkbox && keys.shown ? (
          <div className="relative z-10 flex h-6 items-center pe-1" {...stopDragStart}>
            {checkbox}
          </div>
        ) : null}
        <h3 className="min-w-0 flex-1 break-words py-0.5 font-medium text-sm leading-snug">
          {overlay || pending ? (
            task.title
          ) : (
            // The whole card opens the task's panel; its menu and drag handle stay above the link.
            <TaskLink taskId={task.id} stretched>
              {task.title}
            </TaskLink>
          )}
        </h3>
        {overlay ? (
          <GripVerticalIcon
            aria-hidden="true"
            className="absolute top-3 end-3 size-4 text-muted-foreground"
          />
        ) : onEdit && onChangeStatus && !pending ? (
          <div className="relative z-10 -my-1 shrink-0" {...stopDragStart}>
            <TaskActionsMenu
              task={task}
              viewer={viewer}
              place="board"
              onEdit={onEdit}
              onChangeStatus={onChangeStatus}
            />
          </div>
        ) : null}
      </div>
      <LabelChips labels={task.labels} />
      <TaskFieldChips chips={fieldChips} />
      <p className="flex min-w-0 items-baseline gap-2 text-muted-foreground text-xs">
        <TaskKey taskKey={task.key} />
        {showProduct ? <span className="truncate">{task.project.name}</span> : null}
        <TaskStateMark task={task} />
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <PriorityBadge priority={task.priority} />
        <ChecklistProgress checklist={task.checklist} />
        <RepeatMark recurring={task.recurring} />
        <TaskHierarchyMarks task={task} />
        <TaskDueDate task={task} withIcon className="text-muted-foreground text-xs" />
        <AssigneeAvatar task={task} className="ms-auto" />
      </div>
    </article>
  );
});
