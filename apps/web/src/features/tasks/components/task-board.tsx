import { DndContext, DragOverlay } from '@dnd-kit/core';
import { TASK_COLUMNS, type Task } from '@shipyard/shared';
import { type ReactNode, useCallback, useMemo } from 'react';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { boardAutoScroll, boardCollisionDetection, useBoardSensors } from '../../../lib/dnd.ts';
import { toast } from '../../../lib/toast.ts';
import { isBoardCard } from '../api/get-board.ts';
import { totalTasks } from '../api/get-tasks.ts';
import { fetchTask } from '../api/task-cache.ts';
import { announcements, keyboardCoordinates, screenReaderInstructions } from './task-board-accessibility.ts';
import { CardFace } from './task-board-card.tsx';
import { BoardColumn } from './task-board-column.tsx';
import type { Viewer } from './task-board-model.ts';
import { BoardSkeleton } from './task-board-skeleton.tsx';
import { TasksEmptyState } from './task-fields.tsx';
import type { TaskFilterValues } from './task-search-params.ts';
import { useBoardDrag } from './use-board-drag.ts';
import { useColumnTasks } from './use-column-tasks.ts';

export { statusForDrop } from './task-board-model.ts';
export { BOARD_COLUMN_LIMIT } from './use-column-tasks.ts';

export const boardMessages = {
  editGone: 'This task no longer exists or is out of your sight.',
} as const;

export type TaskBoardProps = {
  filters: TaskFilterValues;
  viewer: Viewer;
  onEdit: (task: Task) => void;
  /** Whether a search or a filter narrows the board (the empty state says so). */
  narrowed: boolean;
  /** The empty state's next action (clear the filters, or add a task). */
  emptyAction?: ReactNode;
};

/**
 * Spec §2.15 Kanban Board: the columns pending, in progress and completed, each its own list
 * loaded page by page (one product's board: the first pages of all three in one request); dragging a card to another column sets the task's status to it.
 */
export function TaskBoard({ filters, viewer, onEdit, narrowed, emptyAction }: TaskBoardProps) {
  const columns = [
    useColumnTasks(filters, 'Pending'),
    useColumnTasks(filters, 'In Progress'),
    useColumnTasks(filters, 'Completed'),
  ] as const;
  const filterKey = useMemo(() => JSON.stringify(filters), [filters]);
  const drag = useBoardDrag();
  const { dragged, refocus } = drag;
  const sensors = useBoardSensors(keyboardCoordinates);
  // A card from the board's one request is compact (no description): the edit dialog gets the
  // whole task, read first.
  const edit = useCallback(
    (task: Task) => {
      if (!isBoardCard(task)) return onEdit(task);
      fetchTask(task.id).then(
        (full) => {
          if (full) onEdit(full);
          else toast.error(boardMessages.editGone);
        },
        (err: unknown) => toast.error(getErrorMessage(err)),
      );
    },
    [onEdit],
  );

  const shown = columns.filter(({ enabled }) => enabled);
  const loading = shown.length > 0 && shown.every(({ query }) => query.isPending);
  const empty = columns.every(
    ({ query, enabled }) => !enabled || (query.isSuccess && totalTasks(query.data) === 0),
  );
  if (loading) return <BoardSkeleton />;
  if (empty) {
    return (
      <div className="rounded-xl border bg-card">
        <TasksEmptyState narrowed={narrowed} action={emptyAction} />
      </div>
    );
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={boardCollisionDetection}
      autoScroll={boardAutoScroll}
      accessibility={{ announcements, screenReaderInstructions }}
      onDragStart={drag.onDragStart}
      onDragEnd={drag.onDragEnd}
      onDragCancel={drag.onDragCancel}
    >
      <div
        ref={drag.boardRef}
        data-slot="task-board"
        className="-mx-4 grid min-w-0 scroll-px-4 snap-x snap-mandatory auto-cols-[minmax(16rem,85%)] grid-flow-col gap-3 overflow-x-auto px-4 pb-2 sm:auto-cols-[minmax(16rem,1fr)] md:mx-0 md:snap-none md:px-0"
      >
        {TASK_COLUMNS.map((column, index) => (
          <BoardColumn
            // Other filters: each column starts again from its top.
            key={`${column.id}|${filterKey}`}
            column={column}
            // biome-ignore lint/style/noNonNullAssertion: one query per column, in the same order
            query={columns[index]!}
            viewer={viewer}
            onEdit={edit}
            onChangeStatus={drag.onChangeStatus}
            activeId={dragged?.id}
            refocus={refocus?.column === column.id ? refocus.id : undefined}
            onRefocused={drag.refocused}
          />
        ))}
      </div>
      <DragOverlay dropAnimation={drag.dropAnimation}>
        {dragged ? <CardFace task={dragged} viewer={viewer} overlay /> : null}
      </DragOverlay>
    </DndContext>
  );
}
