import type { Task, TaskDisplay } from '@shipyard/shared';
import type { ReactNode } from 'react';
import { LoadMore } from '../../../components/load-more.tsx';
import {
  type InfiniteVirtualListOptions,
  type NextPages,
  useInfiniteVirtualList,
} from '../../../hooks/use-infinite-virtual-list.ts';
import type { ChangeTaskStatus } from './task-actions-menu.tsx';
import type { Viewer } from './task-board-model.ts';
import type { TaskListItem } from './task-groups.ts';
import { useScrollToFocused } from './task-keyboard-state.tsx';

/**
 * What a task list hands the rows it shows (a display: the tasks page's table, a product's stacked
 * rows): the loaded tasks and how many match in all, whether they are the previous filters' or
 * being refreshed, the row menu's actions, and the next pages.
 */
export type TaskRowsProps = {
  /** Changes with the filters: the rows start again from their top. */
  resetKey: string;
  tasks: Task[];
  /** The rows in order: the tasks, and in a grouped list each group's header before its own. */
  items: TaskListItem[];
  /** Opens or collapses a group (a grouped list). */
  onToggleGroup?: (key: string) => void;
  /** How the rows look (issue 28): density, the properties shown, the description preview. */
  display: TaskDisplay;
  total: number;
  /** The matching tasks' estimates summed (issue 29), for the list's header. */
  estimateSum?: number | undefined;
  /** What the route adds to the header (issue 31: the time logged on the list's tasks). */
  meta?: ReactNode;
  /** Still the previous filters' tasks, while the new ones load. */
  stale: boolean;
  /** Refreshing in the background (not a next page). */
  updating: boolean;
  viewer: Viewer;
  onEdit: (task: Task) => void;
  onChangeStatus: ChangeTaskStatus;
} & NextPages;

const taskIdOf = (item: TaskListItem) => (item.kind === 'task' ? item.task.id : undefined);
const itemKey = (item: TaskListItem) => (item.kind === 'task' ? item.task.id : `group:${item.group.key}`);

/**
 * A display's rows, virtualized (8 rendered beyond each edge of the view) and loaded page by page:
 * the rows to render now, each with its task, and the footer that says a next page loads, or
 * failed with a "Try again".
 */
export function useVirtualTasks({
  items,
  pages,
  footerClassName,
  ...options
}: { items: TaskListItem[]; pages: NextPages; footerClassName: string } & Pick<
  InfiniteVirtualListOptions<Task>,
  'estimateSize' | 'loadMoreWithin' | 'scroll'
>) {
  const { rows, loadMore, loadingMore, nextPageFailed, ...list } = useInfiniteVirtualList({
    items,
    getKey: itemKey,
    pages,
    overscan: 8,
    ...options,
  });
  // Issue 30: j/k keep the focused row in view, rendered or not yet.
  useScrollToFocused(items, taskIdOf, (index) => list.virtualizer.scrollToIndex(index, { align: 'auto' }));
  return {
    ...list,
    rows: rows.flatMap((row) => {
      const item = items[row.index];
      return item ? [{ row, item }] : [];
    }),
    footer: (
      <LoadMore
        noun="tasks"
        loading={loadingMore}
        failed={nextPageFailed}
        onRetry={loadMore}
        className={footerClassName}
      />
    ),
  };
}
