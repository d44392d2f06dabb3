import type { DragEndEvent, DragStartEvent, DropAnimationFunction } from '@dnd-kit/core';
import type { Task, TaskStatus } from '@shipyard/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { boardDropAnimation, boardLandAnimation } from '../../../lib/dnd.ts';
import { type ColumnId, columnOfStatus, statusForDrop, taskOf } from './task-board-model.ts';
import { useTaskStatusChange } from './use-task-status-change.ts';

/** Where the focus goes back to after a keyboard move: the card's handle in its column. */
export type Refocus = { id: string; column: ColumnId };

/**
 * The board's drag state: the card being dragged, what a drop changes, how the dropped card
 * lands, and where the focus goes back to after a keyboard move.
 */
export function useBoardDrag() {
  const changeStatus = useTaskStatusChange();
  const onChangeStatus = useCallback(
    (task: Task, status: TaskStatus) => void changeStatus(task, status),
    [changeStatus],
  );
  const boardRef = useRef<HTMLDivElement | null>(null);
  const [dragged, setDragged] = useState<Task | null>(null);
  // After a keyboard drop the card remounts in its new column; its handle takes the focus back.
  const [refocus, setRefocus] = useState<Refocus | null>(null);
  const pendingRefocus = useRef<Refocus | null>(null);
  useEffect(() => {
    pendingRefocus.current = refocus;
  }, [refocus]);
  const refocused = useCallback(() => setRefocus(null), []);
  // A card that moves shows in its new column a moment after the drop (the optimistic change);
  // flying it back to where it came from first would look like a refusal, so it lands where it
  // was dropped. A card dropped where it was flies back to its place.
  const moved = useRef(false);
  const dropAnimation = useCallback<DropAnimationFunction>(
    (args) => (moved.current ? boardLandAnimation(args) : boardDropAnimation(args)),
    [],
  );

  const onDragStart = useCallback(({ active }: DragStartEvent) => {
    moved.current = false;
    setDragged(taskOf(active.data.current) ?? null);
  }, []);
  const onDragCancel = useCallback(() => setDragged(null), []);
  const onDragEnd = useCallback(
    ({ active, over, activatorEvent }: DragEndEvent) => {
      setDragged(null);
      const task = taskOf(active.data.current);
      const status = task ? statusForDrop(task, over?.id) : null;
      const column = columnOfStatus(status ?? undefined);
      if (!task || !status || !column) return;
      moved.current = true;
      const keyboard = activatorEvent instanceof KeyboardEvent;
      if (keyboard) setRefocus({ id: task.id, column });
      void changeStatus(task, status).then((changed) => {
        if (!keyboard) return;
        const back = columnOfStatus(task.status);
        if (!changed) {
          // Refused: the card is back where it was, and so is the focus.
          if (back) setRefocus({ id: task.id, column: back });
        } else if (pendingRefocus.current?.id === task.id) {
          // The card sorts past the loaded part of its new column: the column takes the focus.
          setRefocus(null);
          boardRef.current?.querySelector<HTMLElement>(`[data-column="${column}"]`)?.focus();
        }
      });
    },
    [changeStatus],
  );

  return {
    boardRef,
    dragged,
    refocus,
    refocused,
    onChangeStatus,
    dropAnimation,
    onDragStart,
    onDragEnd,
    onDragCancel,
  };
}
