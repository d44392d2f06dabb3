import { DndContext, DragOverlay } from '@dnd-kit/core';
import { type ReactNode, useCallback, useEffect, useMemo, useRef } from 'react';
import { cn } from '../../lib/cn.ts';
import {
  boardAutoScroll,
  boardCollisionDetection,
  columnKeyboardCoordinates,
  useBoardSensors,
} from '../../lib/dnd.ts';
import { KanbanColumn, type KanbanHeight } from './kanban-column.tsx';
import { type KanbanColumnData, type KanbanPlace, withPendingMoves } from './kanban-moves.ts';
import {
  itemOf,
  type KanbanNoun,
  type KanbanSpeech,
  kanbanAnnouncements,
  kanbanInstructions,
} from './kanban-texts.ts';
import { useKanbanDrag } from './use-kanban-drag.ts';

export type KanbanBoardProps<T> = {
  /** The columns, left to right, each with its loaded cards (or a placeholder) and its count. */
  columns: readonly KanbanColumnData<T>[];
  /** What the cards are: 'product' gives 'Move …' handles, '2 products', 'No products'. */
  noun: KanbanNoun;
  getId: (item: T) => string;
  getName: (item: T) => string;
  /** The id of the column the item is in. */
  columnOf: (item: T) => string;
  /** Whether the viewer may move this card (a read-only viewer gets no handles). */
  canMove: (item: T) => boolean;
  /**
   * The move rule: moves the item to the column, at the place it was dropped among the column's
   * cards (issue 28: another column, or another place in its own), and answers once the data
   * shows it whether it stuck (never rejects). The board shows the card where it was dropped at
   * once and puts it back if it did not stick.
   */
  onMove: (item: T, columnId: string, place: KanbanPlace) => Promise<boolean>;
  /** A card's face; `overlay` is the copy that follows the pointer (no links, no handle). */
  renderCard: (item: T, overlay: boolean) => ReactNode;
  /** The columns' order, where a moved card shows before its data has it; else at the top. */
  compare?: (a: T, b: T) => number;
  height: KanbanHeight;
  /** The grid's column widths: Tailwind `auto-cols-…` classes per breakpoint. */
  columnWidths: string;
  /** Other filters: each column starts again from its top. */
  resetKey?: string;
  /** What shows at the foot of a column (an "Add …" line), by column id. */
  columnFooter?: (columnId: string) => ReactNode;
  /** The card the keyboard's focus ring is on (issue 30): rendered and scrolled into view. */
  focusedId?: string | undefined;
};

/**
 * A Kanban board (spec §2.9, §2.15): columns side by side, scrolling sideways on a phone; cards
 * move between columns by mouse, touch (long press) or keyboard (pick up with space or enter,
 * left and right arrows, drop), announced in a live region at each step. The callbacks and
 * `renderCard` should keep their identity across renders (the cards are memoized).
 */
export function KanbanBoard<T>({
  columns,
  noun,
  getId,
  getName,
  columnOf,
  canMove,
  onMove,
  renderCard,
  compare,
  height,
  columnWidths,
  resetKey,
  columnFooter,
  focusedId,
}: KanbanBoardProps<T>) {
  const latest = useRef({ columns, getName, columnOf });
  useEffect(() => {
    latest.current = { columns, getName, columnOf };
  });
  const ids = columns.map((column) => column.id);
  const idsKey = ids.join('\n');
  const isColumn = useMemo(() => {
    const known = new Set(idsKey.split('\n'));
    return (id: unknown): id is string => typeof id === 'string' && known.has(id);
  }, [idsKey]);
  const orderOf = useCallback(
    (columnId: string) =>
      latest.current.columns.find((column) => column.id === columnId)?.items.map(getId) ?? [],
    [getId],
  );
  const drag = useKanbanDrag({ isColumn, getId, columnOf, onMove, orderOf });
  const { dragged, refocus } = drag;

  // Stable for the whole life of the board: dnd-kit reads them from the latest props.
  const { one, other } = noun;
  const { accessibility, keyboardCoordinates } = useMemo(() => {
    const noun = { one, other };
    const speech = (): KanbanSpeech<T> => ({
      noun,
      nameOf: latest.current.getName,
      columnOf: latest.current.columnOf,
      titleOf: (id) => latest.current.columns.find((column) => column.id === id)?.title,
    });
    return {
      accessibility: {
        announcements: kanbanAnnouncements(speech),
        screenReaderInstructions: kanbanInstructions(noun),
      },
      keyboardCoordinates: columnKeyboardCoordinates(idsKey.split('\n'), (data) => {
        const item = itemOf<T>(data);
        return item === undefined ? undefined : latest.current.columnOf(item);
      }),
    };
  }, [one, other, idsKey]);
  const sensors = useBoardSensors(keyboardCoordinates);
  const shown = withPendingMoves(columns, drag.moves, getId, compare);
  const activeId = dragged === null ? undefined : getId(dragged);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={boardCollisionDetection}
      autoScroll={boardAutoScroll}
      accessibility={accessibility}
      onDragStart={drag.onDragStart}
      onDragEnd={drag.onDragEnd}
      onDragCancel={drag.onDragCancel}
    >
      <div
        ref={drag.boardRef}
        data-slot={`${noun.one}-board`}
        // While a card is dragged, the arrows, Space and Escape are the drag's (lib/keyboard.ts).
        data-dragging={dragged === null ? undefined : ''}
        className={cn(
          '-mx-4 grid min-w-0 scroll-px-4 snap-x snap-mandatory grid-flow-col gap-3 overflow-x-auto px-4 pb-2 md:mx-0 md:snap-none md:px-0',
          columnWidths,
        )}
      >
        {shown.map((column) => (
          <KanbanColumn
            key={resetKey === undefined ? column.id : `${column.id}|${resetKey}`}
            column={column}
            height={height}
            columnOf={columnOf}
            footer={columnFooter?.(column.id)}
            noun={noun}
            getId={getId}
            getName={getName}
            canMove={canMove}
            renderCard={renderCard}
            activeId={activeId}
            refocus={refocus?.column === column.id ? refocus.id : undefined}
            focused={
              focusedId !== undefined && column.items.some((item) => getId(item) === focusedId)
                ? focusedId
                : undefined
            }
            onRefocused={drag.refocused}
          />
        ))}
      </div>
      <DragOverlay dropAnimation={drag.dropAnimation}>
        {dragged === null ? null : renderCard(dragged, true)}
      </DragOverlay>
    </DndContext>
  );
}
