import { canChangeTaskStatus, type Task, type TaskStatus } from '@shipyard/shared';
import { defaultRangeExtractor, type Range } from '@tanstack/react-virtual';
import { memo, useCallback, useMemo, useRef } from 'react';
import { type NextPages, useInfiniteVirtualList } from '../../../hooks/use-infinite-virtual-list.ts';
import { BoardCard } from './task-board-card.tsx';
import type { Viewer } from './task-board-model.ts';
import { TasksLoadMore } from './tasks-load-more.tsx';

const CARD_ESTIMATE_PX = 132;
/** How close to a column's last loaded card its next page is asked for. */
const LOAD_MORE_WITHIN_CARDS = 10;

export type ColumnCardsProps = {
  tasks: Task[];
  viewer: Viewer;
  onEdit: (task: Task) => void;
  onChangeStatus: (task: Task, status: TaskStatus) => void;
  /** The dragged task: its card stays mounted however far its column scrolls. */
  activeId: string | undefined;
  /** The task whose card takes the focus once it shows in this column. */
  refocus: string | undefined;
  onRefocused: () => void;
} & NextPages;

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
  ...pages
}: ColumnCardsProps) {
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
  const { rows, totalSize, measureRow, loadMore, loadingMore, nextPageFailed } = useInfiniteVirtualList({
    items: tasks,
    getKey: (task) => task.id,
    pages,
    estimateSize: CARD_ESTIMATE_PX,
    overscan: 4,
    loadMoreWithin: LOAD_MORE_WITHIN_CARDS,
    rangeExtractor,
    scroll: { element: () => scrollRef.current },
  });

  return (
    <div
      ref={scrollRef}
      data-scroll-area=""
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-2"
    >
      <ul className="relative" style={{ height: totalSize }}>
        {rows.map((item) => {
          const task = tasks[item.index];
          if (!task) return null;
          return (
            <BoardCard
              key={item.key}
              measureRef={measureRow}
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
      <TasksLoadMore
        loading={loadingMore}
        failed={nextPageFailed}
        onRetry={loadMore}
        className="py-2 text-xs"
      />
    </div>
  );
});
