import {
  canEditTasks,
  taskMessages as m,
  type Role,
  TASK_STATUSES,
  type Task,
  type TaskStatus,
} from '@shipyard/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CalendarDays, ListTodo, Plus, Users } from 'lucide-react';
import { memo, type ReactNode, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ChecklistProgress } from '../../../components/checklist-progress.tsx';
import { EmptyState, EmptyStateButton } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { LabelChips } from '../../../components/label-chips.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { PriorityBadge } from '../../../components/priority-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { type NextPages, useInfiniteVirtualList } from '../../../hooks/use-infinite-virtual-list.ts';
import { useUrlState } from '../../../hooks/use-url-state.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import {
  loadedTasks,
  type TaskListParams,
  taskExportPath,
  tasksQueryOptions,
  totalTasks,
  useTasks,
} from '../api/get-tasks.ts';
import { useUpdateTaskStatus } from '../api/update-task-status.ts';
import { TaskActionsMenu } from './task-actions-menu.tsx';
import { TaskAssignee, teamLabel } from './task-assignee.tsx';
import { TaskFormDialog } from './task-form-dialog.tsx';
import { TaskLabelFilter } from './task-label-filter.tsx';
import { TaskLink } from './task-link.tsx';
import { labelParam } from './task-search-params.ts';
import { TaskStatusBadge } from './task-status-badge.tsx';

export const productTasksMessages = {
  loadFailed: 'Failed to load tasks',
  emptyHint: 'Create a task to plan the work on this product.',
  emptyHintReadOnly: 'Tasks added to this product will appear here.',
} as const;

/** Tasks per page; the next page loads as the list nears its end. */
export const PRODUCT_TASKS_PAGE_SIZE = 100;
/** Start loading the next page this many rows before the last loaded one comes into view (25 past the 8 rendered beyond it). */
const PREFETCH_ROWS = 33;
const ROW_ESTIMATE_PX = 84;

const LABEL_DEFAULTS = { label: '' } as const;

type Filter = 'all' | TaskStatus;
const FILTERS: ReadonlyArray<{ value: Filter; label: string }> = [
  { value: 'all', label: 'All Tasks' },
  ...TASK_STATUSES.map((status) => ({ value: status, label: status })),
];
const isFilter = (value: string): value is Filter => FILTERS.some((filter) => filter.value === value);

const listParams = (
  productId: string,
  filter: Filter,
  limit: number,
  labelId: string | undefined,
): TaskListParams => ({
  productId,
  search: '',
  phase: [],
  status: filter === 'all' ? [] : [filter],
  labelId: labelId ? [labelId] : [],
  limit,
});

type Viewer = { id: string; role: Role };

/**
 * Spec §2.11 Tasks tab: the product's tasks by status, with the row menu and the task dialog.
 * The list is virtualized against the window and loads page by page, so thousands stay smooth.
 */
export function ProductTasksTab({
  productId,
  viewer,
  actions,
}: {
  productId: string;
  viewer: Viewer;
  /** More buttons beside "Create Task" (the route puts the labels manager there). */
  actions?: ReactNode;
}) {
  // Callers pass a fresh object each render; the memoized rows should not redraw for that.
  const { id: viewerId, role } = viewer;
  const me = useMemo<Viewer>(() => ({ id: viewerId, role }), [viewerId, role]);
  const [filter, setFilter] = useState<Filter>('all');
  const [dialog, setDialog] = useState<{ open: boolean; task?: Task | undefined }>({ open: false });
  const canEdit = canEditTasks(role);
  // The label filter is kept in the URL (?label=…), so a reload or a shared link shows the same tasks.
  const { params: search, set: setSearch } = useUrlState(LABEL_DEFAULTS);
  const labelId = labelParam(search);
  const setLabel = useCallback(
    (label: string | undefined) => setSearch({ label }, { preventScrollReset: true }),
    [setSearch],
  );
  const params = useMemo(
    () => listParams(productId, filter, PRODUCT_TASKS_PAGE_SIZE, labelId),
    [productId, filter, labelId],
  );
  const list = useTasks(params);
  const tasks = useMemo(() => loadedTasks(list.data), [list.data]);
  const updateStatus = useUpdateTaskStatus();
  const { mutateAsync: moveTask } = updateStatus;

  const openCreate = useCallback(() => setDialog({ open: true }), []);
  const openEdit = useCallback((task: Task) => setDialog({ open: true, task }), []);
  // Each change toasts for itself: mutateAsync's promise settles even when a later change
  // (or the row leaving a filtered list) has replaced the mutation's observer.
  const changeStatus = useCallback(
    (task: Task, status: TaskStatus) => {
      moveTask({ id: task.id, status }).then(
        () => toast.success(m.updated, { description: m.statusChangedDescription(status) }),
        (error: unknown) => toast.error(m.updateFailed, { description: getErrorMessage(error, m.fallback) }),
      );
    },
    [moveTask],
  );

  let body: ReactNode;
  if (list.isPending) {
    body = <TaskRowsSkeleton />;
  } else if (list.isError) {
    body = (
      <ErrorState
        title={productTasksMessages.loadFailed}
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (tasks.length === 0) {
    body = (
      <EmptyState
        icon={ListTodo}
        title={m.emptyForStatus}
        description={canEdit ? productTasksMessages.emptyHint : productTasksMessages.emptyHintReadOnly}
        action={
          canEdit ? (
            <EmptyStateButton icon={Plus} onClick={openCreate}>
              Create Task
            </EmptyStateButton>
          ) : null
        }
        className="py-12"
      />
    );
  } else {
    body = (
      <VirtualTaskList
        tasks={tasks}
        total={Math.max(totalTasks(list.data), tasks.length)}
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        isFetchNextPageError={list.isFetchNextPageError}
        fetchNextPage={list.fetchNextPage}
        renderRow={(task) => (
          <TaskRow task={task} viewer={me} onEdit={openEdit} onChangeStatus={changeStatus} />
        )}
      />
    );
  }

  return (
    <Card className="gap-4 pb-0">
      <CardHeader>
        <CardTitle className="text-base">Tasks</CardTitle>
        {/* On a phone the toolbar takes its own row under the title and wraps, so nothing runs off screen. */}
        <CardAction className="col-span-2 col-start-1 row-span-1 row-start-2 flex flex-wrap items-center gap-2 justify-self-stretch sm:col-span-1 sm:col-start-2 sm:row-span-2 sm:row-start-1 sm:justify-self-end">
          <TaskLabelFilter
            productId={productId}
            value={labelId}
            onChange={setLabel}
            className="h-8 lg:w-36"
          />
          {actions}
          <ExportCsvButton
            size="sm"
            compact
            path={taskExportPath(params)}
            fileName="shipyard-product-tasks.csv"
          />
          {canEdit ? (
            <Button size="sm" onClick={openCreate}>
              <Plus aria-hidden="true" />
              Create Task
            </Button>
          ) : null}
        </CardAction>
      </CardHeader>
      <CardContent className="px-0">
        <Tabs value={filter} onValueChange={(value) => isFilter(value) && setFilter(value)} className="gap-0">
          <div className="border-b px-4 pb-3 sm:px-6">
            {/* Spec §2.11's labels at every width: on a phone the four take two rows, so none is cut (issue 14). */}
            <TabsList
              aria-label="Filter tasks by status"
              className="grid h-auto w-full grid-cols-2 gap-0.5 sm:inline-flex sm:h-9 sm:w-fit"
            >
              {FILTERS.map(({ value, label }) => (
                <TabsTrigger
                  key={value}
                  value={value}
                  className="min-h-8 px-2 sm:min-h-0 sm:flex-none sm:px-3"
                >
                  {label}
                  <StatusCount productId={productId} filter={value} labelId={labelId} />
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
          <TabsContent value={filter} className="rounded-none focus-visible:ring-inset">
            {body}
          </TabsContent>
        </Tabs>
      </CardContent>

      <TaskFormDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        task={dialog.task}
        productId={productId}
      />
    </Card>
  );
}

/**
 * How many tasks a filter holds: a one-row page's total. The cache patches it along with the
 * lists, so the counts move with every change at no extra request.
 */
function StatusCount({
  productId,
  filter,
  labelId,
}: {
  productId: string;
  filter: Filter;
  labelId: string | undefined;
}) {
  const count = useInfiniteQuery({
    ...tasksQueryOptions(listParams(productId, filter, 1, labelId)),
    select: totalTasks,
  });
  if (count.data === undefined) return null;
  return (
    <span
      data-slot="status-count"
      className="hidden rounded-full bg-muted-foreground/10 px-1.5 font-normal text-[11px] text-muted-foreground tabular-nums leading-4 sm:inline"
    >
      {formatNumber(count.data)}
    </span>
  );
}

type VirtualTaskListProps = {
  tasks: Task[];
  total: number;
  renderRow: (task: Task) => ReactNode;
} & NextPages;

function VirtualTaskList({ tasks, total, renderRow, ...pages }: VirtualTaskListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // The page scrolls, not the list: the virtualizer needs the list's distance from the top of
  // the document, which moves when what is above it changes height.
  useLayoutEffect(() => {
    const measure = () => {
      const list = listRef.current;
      if (list) setScrollMargin(Math.round(list.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const { rows, totalSize, measureRow, loadMore, loadingMore, nextPageFailed } = useInfiniteVirtualList({
    items: tasks,
    getKey: (task) => task.id,
    pages,
    estimateSize: ROW_ESTIMATE_PX,
    overscan: 8,
    loadMoreWithin: PREFETCH_ROWS,
    scroll: { window: true, margin: scrollMargin },
  });

  return (
    <>
      <ul ref={listRef} aria-label="Tasks" className="relative" style={{ height: totalSize }}>
        {rows.map((row) => {
          const task = tasks[row.index];
          if (!task) return null;
          return (
            <li
              key={row.key}
              ref={measureRow}
              data-index={row.index}
              aria-posinset={row.index + 1}
              aria-setsize={total}
              className="absolute inset-x-0 top-0"
              style={{ transform: `translateY(${row.start - scrollMargin}px)` }}
            >
              {renderRow(task)}
            </li>
          );
        })}
      </ul>
      <LoadMore
        noun="tasks"
        loading={loadingMore}
        failed={nextPageFailed}
        onRetry={loadMore}
        className="py-4 text-sm"
      />
    </>
  );
}

type TaskRowProps = {
  task: Task;
  viewer: Viewer;
  onEdit: (task: Task) => void;
  onChangeStatus: (task: Task, status: TaskStatus) => void;
};

/** One task: title and description, then status, priority, team, assignee and due date. */
const TaskRow = memo(function TaskRow({ task, viewer, onEdit, onChangeStatus }: TaskRowProps) {
  return (
    <article
      aria-label={task.title}
      className="relative flex items-start gap-2 border-b px-4 py-3 transition-colors hover:bg-muted/40 sm:px-6"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-2 lg:flex-row lg:items-center lg:gap-4">
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-medium text-sm">
            {/* The whole row opens the task's panel; its menu stays above the link. */}
            <TaskLink taskId={task.id} title={task.title} stretched>
              {task.title}
            </TaskLink>
          </h3>
          {task.description ? (
            <p className="line-clamp-2 break-words text-muted-foreground text-sm">{task.description}</p>
          ) : null}
          {task.labels.length > 0 || task.checklist.total > 0 ? (
            <div className="mt-1 flex min-w-0 flex-wrap items-center gap-2">
              <ChecklistProgress checklist={task.checklist} />
              <LabelChips labels={task.labels} />
            </div>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-muted-foreground text-xs lg:flex-nowrap">
          <span className="flex items-center gap-1.5 lg:w-44">
            <TaskStatusBadge status={task.status} />
            <PriorityBadge priority={task.priority} />
          </span>
          <span className="inline-flex min-w-0 items-center gap-1 lg:w-32">
            <Users className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate" title={teamLabel(task.team)}>
              {teamLabel(task.team)}
            </span>
          </span>
          <TaskAssignee assignee={task.assignee} className="text-foreground lg:w-36" />
          <span className="inline-flex items-center gap-1 lg:w-24">
            {task.dueDate ? (
              <>
                <CalendarDays className="size-3.5 shrink-0" aria-hidden="true" />
                <span className="sr-only">Due </span>
                <time dateTime={task.dueDate}>{formatDate(task.dueDate)}</time>
              </>
            ) : null}
          </span>
        </div>
      </div>
      <div className="relative z-10 -my-1 w-8 shrink-0">
        <TaskActionsMenu task={task} viewer={viewer} onEdit={onEdit} onChangeStatus={onChangeStatus} />
      </div>
    </article>
  );
});

function TaskRowsSkeleton() {
  return (
    <div>
      <span role="status" className="sr-only">
        Loading tasks
      </span>
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="flex items-start gap-3 border-b px-4 py-3 sm:px-6 lg:items-center">
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-2/5" />
            <Skeleton className="h-3.5 w-3/4" />
          </div>
          <Skeleton className="hidden h-4 w-44 lg:block" />
          <Skeleton className="hidden h-4 w-32 lg:block" />
          <Skeleton className="hidden h-4 w-36 lg:block" />
          <Skeleton className="size-8" />
        </div>
      ))}
    </div>
  );
}
