import { canEditTasks, taskMessages as m, type Task, type TaskDisplay } from '@shipyard/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ListTodoIcon } from 'lucide-react';
import { type ComponentType, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { DEFAULT_TASK_DISPLAY } from '../../../hooks/task-display-scope.tsx';
import { useTaskListMeta } from '../../../hooks/task-list-meta.tsx';
import { k, t } from '../../../lib/i18n/index.ts';
import { loadedTasks, localToday, taskListQuery, tasksQueryOptions, totalTasks } from '../api/get-tasks.ts';
import { InlineTaskCreate } from './inline-task-create.tsx';
import type { ChangeTaskStatus } from './task-actions-menu.tsx';
import type { Viewer } from './task-board-model.ts';
import { taskDefaultsFrom } from './task-defaults.ts';
import { peopleOfPages, TaskFieldsProvider } from './task-field-chips.tsx';
import { TasksEmptyState } from './task-fields.tsx';
import { groupedItems, type TaskListItem } from './task-groups.ts';
import { TaskKeyboardProvider } from './task-keyboard.tsx';
import type { TaskRowsProps } from './task-list-display.tsx';
import { TaskRowList, TaskRowsSkeleton } from './task-rows.tsx';
import type { TaskFilterValues } from './task-search-params.ts';
import { TaskStatesProvider } from './task-state.tsx';
import { TaskTable, TaskTableSkeleton } from './task-table.tsx';
import { useTaskStatusChange } from './use-task-status-change.ts';

/** Tasks per page; the next page loads as the end of the list comes near. */
export const LIST_LIMIT = 100;

// Issue 33: marked with k(), translated with t() where shown.
const productTasksMessages = {
  loadFailed: k('Failed to load tasks'),
  emptyHint: k('Create a task to plan the work on this product.'),
  emptyHintReadOnly: k('Tasks added to this product will appear here.'),
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
  /** How its rows look unless the page gives a display. */
  display: TaskDisplay;
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
    display: DEFAULT_TASK_DISPLAY,
    empty: (narrowed, action) => <TasksEmptyState narrowed={narrowed} action={action} />,
  },
  product: {
    Rows: TaskRowList,
    Skeleton: TaskRowsSkeleton,
    // Another status tab shows its own tasks or a skeleton, never the last tab's.
    keepPrevious: false,
    // A product's rows show each description's plain-text preview (spec §2.11).
    display: { ...DEFAULT_TASK_DISPLAY, preview: true },
    failedTitle: productTasksMessages.loadFailed,
    empty: (_narrowed, action) => (
      <EmptyState
        icon={ListTodoIcon}
        title={t(m.emptyForStatus)}
        description={t(action ? productTasksMessages.emptyHint : productTasksMessages.emptyHintReadOnly)}
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
  /** How the rows look (the page's display options); the place's own look without it. */
  display?: TaskDisplay | undefined;
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
  display,
}: TaskListProps) {
  const { Rows, Skeleton, box, keepPrevious, failedTitle, empty, ...look } = PLACES[place];
  const params = useMemo(() => ({ ...filters, limit: LIST_LIMIT }), [filters]);
  const filterKey = useMemo(() => JSON.stringify(filters), [filters]);
  const query = useInfiniteQuery({
    ...tasksQueryOptions(params),
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
  const { data, merging } = useShownPages(query.data);
  const tasks = useMemo(() => loadedTasks(data), [data]);
  const items = useGroupedItems(tasks, filters, data?.pages[0]?.groups);
  const changeStatus = useTaskStatusChange(place);
  const onChangeStatus = useCallback<ChangeTaskStatus>(
    (task, status, stateId) => void changeStatus(task, status, stateId ? { stateId } : undefined),
    [changeStatus],
  );

  const people = useMemo(() => peopleOfPages(data?.pages), [data]);

  // What the route adds to the list's header (issue 31: the time logged on its tasks), from the
  // list's own query.
  const listMeta = useTaskListMeta();
  const meta = useMemo(() => {
    if (!listMeta) return null;
    const query = taskListQuery(params, null);
    return listMeta(params.productId ? `productId=${encodeURIComponent(params.productId)}&${query}` : query);
  }, [listMeta, params]);

  // Issue 28: an "Add task" line at the end of the list, with the list's filters as defaults. The
  // same element while they stay, so the list's renders as pages load leave it alone.
  const canAdd = canEditTasks(viewer.role);
  const addLine = useMemo(
    () =>
      canAdd ? (
        <InlineTaskCreate
          defaults={taskDefaultsFrom(filters, viewer.id)}
          className={place === 'product' ? 'mx-4 my-2' : 'mt-2'}
        />
      ) : null,
    [canAdd, filters, viewer.id, place],
  );

  if (query.isPending) return <Skeleton />;
  if (query.isError && !query.data) {
    return (
      <div className={box}>
        <ErrorState
          title={failedTitle ? t(failedTitle) : undefined}
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
    <TaskStatesProvider tasks={tasks}>
      <TaskFieldsProvider tasks={tasks} people={people}>
        <TaskKeyboardProvider tasks={items.shown} viewer={viewer}>
          <Rows
            resetKey={filterKey}
            tasks={tasks}
            items={items.items}
            onToggleGroup={items.toggle}
            display={display ?? look.display}
            total={totalTasks(query.data)}
            estimateSum={query.data?.pages[0]?.estimateSum}
            meta={meta}
            stale={query.isPlaceholderData}
            updating={query.isFetching && !query.isFetchingNextPage}
            viewer={viewer}
            onEdit={onEdit}
            onChangeStatus={onChangeStatus}
            hasNextPage={query.hasNextPage}
            // A page not shown yet is still on its way: the list neither asks for it again nor says it failed.
            isFetchingNextPage={query.isFetchingNextPage || merging}
            isFetchNextPageError={query.isFetchNextPageError}
            fetchNextPage={query.fetchNextPage}
          />
        </TaskKeyboardProvider>
      </TaskFieldsProvider>
      {addLine}
    </TaskStatesProvider>
  );
}

/**
 * The pages the rows show. A next page that arrives (the same pages and one more) is merged in a
 * task of its own right after the next frame is painted, so that the render which adds its rows
 * to the list never shares a frame with a scroll's; until then the list keeps the rows it has.
 * (useDeferredValue was tried: its transition yielded to every scroll render and a fast scroll
 * kept the page out for up to a second.) The first page, other filters and a refresh show at
 * once (issue 28's scroll measure).
 */
function useShownPages<T extends { pages: readonly unknown[] }>(latest: T | undefined) {
  const [shown, setShown] = useState(latest);
  const merging =
    latest !== undefined &&
    shown !== undefined &&
    shown !== latest &&
    shown.pages[0] === latest.pages[0] &&
    shown.pages.length < latest.pages.length;
  // Anything but a page added shows as it is (state from the render before, as React suggests).
  if (!merging && shown !== latest) setShown(latest);
  useEffect(() => {
    if (!merging) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setShown(latest), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [merging, latest]);
  return { data: merging ? shown : latest, merging };
}

/**
 * The rows of a list: its tasks, or in a grouped list (issue 28) each group's header and count
 * followed by its tasks; a group collapses and opens on screen.
 */
function useGroupedItems(
  tasks: Task[],
  { group, groupField }: TaskFilterValues,
  counts: Parameters<typeof groupedItems>[2],
) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback(
    (key: string) =>
      setCollapsed((current) => {
        const next = new Set(current);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );
  const items = useMemo<TaskListItem[]>(
    () =>
      group
        ? groupedItems(tasks, group, counts, collapsed, localToday(), groupField)
        : tasks.map((task) => ({ kind: 'task', task })),
    [tasks, group, groupField, counts, collapsed],
  );
  // What the keyboard moves over: the tasks shown, in order (a collapsed group's are not).
  const shown = useMemo(() => items.flatMap((item) => (item.kind === 'task' ? [item.task] : [])), [items]);
  return { items, toggle, shown };
}
