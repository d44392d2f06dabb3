import { canChangeTaskStatus, type Task, type TaskStatus } from '@shipyard/shared';
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { LoaderCircleIcon } from 'lucide-react';
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { BoardCard } from './task-board-card.tsx';
import type { Viewer } from './task-board-model.ts';

const CARD_ESTIMATE_PX = 132;
/** How close to a column's last loaded card its next page is asked for. */
const LOAD_MORE_WITHIN_CARDS = 10;

/**
 * A column's cards, virtualized: a product with thousands of tasks renders only the cards in
 * view. Memoized, so a card passing over the column (its highlight) re-renders none of them.
 */
export const ColumnCards = memo(function ColumnCards({
  tasks,
  viewer,
  onEdit,
  onChangeStatus,
  activeId,
  refocus,
  onRefocused,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  tasks: Task[];
  viewer: Viewer;
  onEdit: (task: Task) => void;
  onChangeStatus: (task: Task, status: TaskStatus) => void;
  activeId: string | undefined;
  refocus: string | undefined;
  onRefocused: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  // The dragged card and the one about to take the focus stay rendered even out of view.
  const pinned = useMemo(() => {
    const ids = [activeId, refocus].filter((id): id is string => id !== undefined);
    return ids.map((id) => tasks.findIndex((task) => task.id === id)).filter((index) => index >= 0);
  }, [tasks, activeId, refocus]);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      const extra = pinned.filter((index) => !indexes.includes(index));
      return extra.length > 0 ? [...indexes, ...extra].sort((a, b) => a - b) : indexes;
    },
    [pinned],
  );
  const virtualizer = useVirtualizer({
    count: tasks.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_ESTIMATE_PX,
    overscan: 4,
    getItemKey: (index) => tasks[index]?.id ?? index,
    rangeExtractor,
  });
  const items = virtualizer.getVirtualItems();
  const lastInView = virtualizer.range?.endIndex ?? -1;

  useEffect(() => {
    if (hasMore && lastInView >= tasks.length - LOAD_MORE_WITHIN_CARDS) onLoadMore();
  }, [hasMore, lastInView, tasks.length, onLoadMore]);

  return (
    <div
      ref={scrollRef}
      data-scroll-area=""
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-2"
    >
      <ul className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const task = tasks[item.index];
          if (!task) return null;
          return (
            <BoardCard
              key={item.key}
              measureRef={virtualizer.measureElement}
              index={item.index}
              start={item.start}
              task={task}
              viewer={viewer}
              canMove={canChangeTaskStatus(viewer, task)}
              onEdit={onEdit}
              onChangeStatus={onChangeStatus}
              takeFocus={refocus === task.id}
              onFocused={onRefocused}
            />
          );
        })}
      </ul>
      {loadingMore ? (
        <p
          role="status"
          className="flex items-center justify-center gap-2 py-2 text-muted-foreground text-xs"
        >
          <LoaderCircleIcon aria-hidden="true" className="size-3.5 animate-spin" />
          Loading more tasks...
        </p>
      ) : null}
    </div>
  );
});
