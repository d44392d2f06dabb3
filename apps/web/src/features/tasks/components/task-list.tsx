import { canEditTasks, taskMessages as m, type Task, type TaskStatus } from '@shipyard/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ListTodoIcon } from 'lucide-react';
import { type ComponentType, type ReactNode, useCallback, useMemo } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { loadedTasks, tasksQueryOptions, totalTasks } from '../api/get-tasks.ts';
import { InlineTaskCreate } from './inline-task-create.tsx';
import type { Viewer } from './task-board-model.ts';
import { taskDefaultsFrom } from './task-defaults.ts';
import { TasksEmptyState } from './task-fields.tsx';
import type { TaskRowsProps } from './task-list-display.tsx';
import { TaskRowList, TaskRowsSkeleton } from './task-rows.tsx';
import type { TaskFilterValues } from './task-search-params.ts';
import { TaskTable, TaskTableSkeleton } from './task-table.tsx';
import { useTaskStatusChange } from './use-task-status-change.ts';

/** Tasks per page; the next page loads as the end of the list comes near. */
export const LIST_LIMIT = 100;

const productTasksMessages = {
  loadFailed: 'Failed to load tasks',
  emptyHint: 'Create a task to plan the work on this product.',
  emptyHintReadOnly: 'Tasks added to this product will appear here.',
} as const;

/** Where a list is: /tasks (every task the viewer may see), or a product's Tasks tab. */
type TaskListPlace = 'tasks' | 'product';

type Place = {
  /** How its rows look, and their skeleton. */
  Rows: ComponentType<TaskRowsProps>;
  Skeleton: ComponentType;
  /** The box its states sit in (the page's list has its own; a product's is the tab's card). */
  box?: string;
  /** Whether other filters show the previous ones' rows, dimmed, until theirs load. */
  keepPrevious: boolean;
  /** What a failed load is called. */
  failedTitle?: string;
  empty: (narrowed: boolean, action: ReactNode) => ReactNode;
};

const PLACES: Record<TaskListPlace, Place> = {
  tasks: {
    Rows: TaskTable,
    Skeleton: TaskTableSkeleton,
    box: 'rounded-xl border bg-card',
    keepPrevious: true,
    empty: (narrowed, action) => <TasksEmptyState narrowed={narrowed} action={action} />,
  },
  product: {
    Rows: TaskRowList,
    Skeleton: TaskRowsSkeleton,
    // Another status tab shows its own tasks or a skeleton, never the last tab's.
    keepPrevious: false,
    failedTitle: productTasksMessages.loadFailed,
    empty: (_narrowed, action) => (
      <EmptyState
        icon={ListTodoIcon}
        title={m.emptyForStatus}
        description={action ? productTasksMessages.emptyHint : productTasksMessages.emptyHintReadOnly}
        action={action}
        className="py-12"
      />
    ),
  },
};

export type TaskListProps = {
  /** What narrows the list (a product's tab fixes its product). */
  filters: TaskFilterValues;
  viewer: Viewer;
  onEdit: (task: Task) => void;
  /** Where it is: how its rows look, what its states and the status change's toasts say. */
  place?: TaskListPlace;
  /** Whether a search or a filter narrows the list (the empty state says so). */
  narrowed?: boolean;
  /** The empty state's next action (clear the filters, or add a task). */
  emptyAction?: ReactNode;
};

/**
 * The task list of /tasks (spec §2.15 List View) and of a product's Tasks tab (§2.11): every
 * matching task, newest first, loaded page by page as it scrolls, with its loading, failed and
 * empty states and each row's menu (Edit, the status moves, Delete).
 */
export function TaskList({
  filters,
  viewer,
  onEdit,
  place = 'tasks',
  narrowed = false,
  emptyAction,
}: TaskListProps) {
  const { Rows, Skeleton, box, keepPrevious, failedTitle, empty } = PLACES[place];
  const params = useMemo(() => ({ ...filters, limit: LIST_LIMIT }), [filters]);
  const filterKey = useMemo(() => JSON.stringify(filters), [filters]);
  const query = useInfiniteQuery({
    ...tasksQueryOptions(params),
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
  const tasks = useMemo(() => loadedTasks(query.data), [query.data]);
  const changeStatus = useTaskStatusChange(place);
  const onChangeStatus = useCallback(
    (task: Task, status: TaskStatus) => void changeStatus(task, status),
    [changeStatus],
  );

  // Issue 28: an "Add task" line at the end of the list, with the list's filters as defaults.
  const addLine = canEditTasks(viewer.role) ? (
    <InlineTaskCreate
      defaults={taskDefaultsFrom(filters, viewer.id)}
      className={place === 'product' ? 'mx-4 my-2' : 'mt-2'}
    />
  ) : null;

  if (query.isPending) return <Skeleton />;
  if (query.isError && !query.data) {
    return (
      <div className={box}>
        <ErrorState
          title={failedTitle}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  }
  if (tasks.length === 0) {
    return (
      <>
        <div className={box}>{empty(narrowed, emptyAction)}</div>
        {addLine}
      </>
    );
  }
  return (
    <>
      <Rows
        resetKey={filterKey}
        tasks={tasks}
        total={totalTasks(query.data)}
        stale={query.isPlaceholderData}
        updating={query.isFetching && !query.isFetchingNextPage}
        viewer={viewer}
        onEdit={onEdit}
        onChangeStatus={onChangeStatus}
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        isFetchNextPageError={query.isFetchNextPageError}
        fetchNextPage={query.fetchNextPage}
      />
      {addLine}
    </>
  );
}
