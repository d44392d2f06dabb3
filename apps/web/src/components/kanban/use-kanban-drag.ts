import type { DragEndEvent, DragStartEvent, DropAnimationFunction } from '@dnd-kit/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { boardDropAnimation, boardLandAnimation } from '../../lib/dnd.ts';
import {
  isCurrentPlace,
  type KanbanPlace,
  type PendingMove,
  placeAt,
  type ShownCard,
} from './kanban-moves.ts';
import { itemOf } from './kanban-texts.ts';

/** Where the focus goes back to after a keyboard move: the card's handle in that column. */
type Refocus = { id: string; column: string };

type KanbanMoveRule<T> = {
  /** Whether an id is one of the board's columns (a drop anywhere else changes nothing). */
  isColumn: (id: unknown) => id is string;
  getId: (item: T) => string;
  columnOf: (item: T) => string;
  /** The ids of a column's loaded cards, in their order. */
  orderOf: (columnId: string) => readonly string[];
  /** Moves the item to the column, at the place; answers whether the move stuck (never rejects). */
  onMove: (item: T, columnId: string, place: KanbanPlace) => Promise<boolean>;
};

/** The cards a column draws (a virtualized column: only those in view), where they are on screen. */
function shownCards(column: Element | null | undefined): ShownCard[] {
  if (!column) return [];
  return [...column.querySelectorAll<HTMLElement>('[data-kanban-card]')].map((node) => {
    const rect = node.getBoundingClientRect();
    return { id: node.dataset.kanbanCard ?? '', top: rect.top, bottom: rect.bottom };
  });
}

/**
 * A board's drag state: the card being dragged, the moves on their way (shown at once, undone
 * if refused), how a dropped card lands, and where the focus goes back to after a keyboard move.
 */
export function useKanbanDrag<T>(rule: KanbanMoveRule<T>) {
  // The handlers stay the same functions; they read the caller's latest rule.
  const latest = useRef(rule);
  useEffect(() => {
    latest.current = rule;
  });
  const boardRef = useRef<HTMLDivElement | null>(null);
  const [dragged, setDragged] = useState<T | null>(null);
  const [moves, setMoves] = useState<readonly PendingMove[]>([]);
  // After a keyboard drop the card remounts in its new column; its handle takes the focus back.
  const [refocus, setRefocus] = useState<Refocus | null>(null);
  const pendingRefocus = useRef<Refocus | null>(null);
  useEffect(() => {
    pendingRefocus.current = refocus;
  }, [refocus]);
  const refocused = useCallback(() => setRefocus(null), []);
  // A card that moves shows in its new column as it is dropped; flying it back to where it came
  // from first would look like a refusal, so it lands where it was dropped. A card dropped where
  // it was flies back to its place.
  const moved = useRef(false);
  const dropAnimation = useCallback<DropAnimationFunction>(
    (args) => (moved.current ? boardLandAnimation(args) : boardDropAnimation(args)),
    [],
  );

  const onDragStart = useCallback(({ active }: DragStartEvent) => {
    moved.current = false;
    setDragged(itemOf<T>(active.data.current) ?? null);
  }, []);
  const onDragCancel = useCallback(() => setDragged(null), []);
  const onDragEnd = useCallback(({ active, over, activatorEvent }: DragEndEvent) => {
    setDragged(null);
    const { isColumn, getId, columnOf, onMove, orderOf } = latest.current;
    const item = itemOf<T>(active.data.current);
    const to = over?.id;
    if (item === undefined || !isColumn(to)) return;
    // Where among the column's cards it was let go: by the middle of the card being dragged.
    const id = getId(item);
    const dropped = active.rect.current.translated;
    const order = orderOf(to);
    const place = dropped
      ? placeAt(
          order,
          id,
          shownCards(boardRef.current?.querySelector(`[data-column="${to}"]`)),
          dropped.top + dropped.height / 2,
        )
      : {};
    if (to === columnOf(item) && (!dropped || isCurrentPlace(order, id, place))) return;
    moved.current = true;
    const move: PendingMove = { id, from: columnOf(item), to, place };
    setMoves((current) => [...current.filter((other) => other.id !== move.id), move]);
    const keyboard = activatorEvent instanceof KeyboardEvent;
    if (keyboard) setRefocus({ id: move.id, column: to });
    // A rule that throws, at once or later, refuses the move.
    void new Promise<boolean>((resolve) => resolve(onMove(item, to, place)))
      .catch(() => false)
      .then((stuck) => {
        setMoves((current) => current.filter((other) => other !== move));
        if (!keyboard) return;
        if (!stuck) {
          // Refused: the card is back where it was, and so is the focus.
          setRefocus({ id: move.id, column: move.from });
        } else if (pendingRefocus.current?.id === move.id) {
          // The card sorts past the loaded part of its new column: the column takes the focus.
          setRefocus(null);
          boardRef.current?.querySelector<HTMLElement>(`[data-column="${to}"]`)?.focus();
        }
      });
  }, []);

  return {
    boardRef,
    dragged,
    moves,
    refocus,
    refocused,
    dropAnimation,
    onDragStart,
    onDragEnd,
    onDragCancel,
  };
}
