import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type DropAnimationFunction,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
  useDraggable,
  useDroppable,
} from '@dnd-kit/core';
import {
  canChangeTaskStatus,
  canEditTasks,
  type Role,
  TASK_COLUMNS,
  type Task,
  type TaskStatus,
} from '@shipyard/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { GripVerticalIcon, LoaderCircleIcon } from 'lucide-react';
import { memo, type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { PriorityBadge } from '../../../components/priority-badge.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  boardAutoScroll,
  boardCollisionDetection,
  boardDropAnimation,
  boardLandAnimation,
  columnKeyboardCoordinates,
  useBoardSensors,
} from '../../../lib/dnd.ts';
import { loadedTasks, tasksQueryOptions, totalTasks } from '../api/get-tasks.ts';
import { TaskActionsMenu } from './task-actions-menu.tsx';
import { AssigneeAvatar, TaskDueDate, TasksEmptyState, TasksErrorState, taskCount } from './task-fields.tsx';
import type { TaskFilterValues } from './task-search-params.ts';
import { TaskStatusIcon } from './task-status-badge.tsx';
import { useTaskStatusChange } from './use-task-status-change.ts';

/** Tasks per page in each column; the next page loads as the column scrolls. */
export const BOARD_COLUMN_LIMIT = 100;
const CARD_ESTIMATE_PX = 132;
/** How close to a column's last loaded card its next page is asked for. */
const LOAD_MORE_WITHIN_CARDS = 10;

type Viewer = { id: string; role: Role };
type Column = (typeof TASK_COLUMNS)[number];
type ColumnId = Column['id'];

const COLUMN_IDS: readonly ColumnId[] = TASK_COLUMNS.map((column) => column.id);

const columnOfStatus = (status: TaskStatus | undefined): ColumnId | undefined =>
  TASK_COLUMNS.find((column) => column.status === status)?.id;
const columnById = (id: UniqueIdentifier | null | undefined): Column | undefined =>
  TASK_COLUMNS.find((column) => column.id === id);

type CardData = { task: Task };
const taskOf = (data: unknown): Task | undefined => (data as CardData | undefined)?.task;

/**
 * What a drop means (spec §2.15): on another column, the status that column stands for; in the
 * task's own column, or outside every column, nothing.
 */
export function statusForDrop(
  task: Pick<Task, 'status'>,
  overId: UniqueIdentifier | null | undefined,
): TaskStatus | null {
  const column = columnById(overId);
  return column && column.status !== task.status ? column.status : null;
}

/** Left and right arrows move a picked-up card between the columns (ARCHITECTURE §6). */
const keyboardCoordinates = columnKeyboardCoordinates(COLUMN_IDS, (data) =>
  columnOfStatus(taskOf(data)?.status),
);

const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    'To move a task to another status, press space or enter to pick it up, use the left and right arrow keys to choose a column, then press space or enter to drop it, or escape to cancel.',
};

const announcements: Announcements = {
  onDragStart({ active }) {
    const task = taskOf(active.data.current);
    return task ? `Picked up ${task.title}, in the ${task.status} column.` : undefined;
  },
  onDragOver({ active, over }) {
    const task = taskOf(active.data.current);
    if (!task) return undefined;
    const column = columnById(over?.id);
    return column
      ? `${task.title} is over the ${column.status} column.`
      : `${task.title} is not over a column.`;
  },
  onDragEnd({ active, over }) {
    const task = taskOf(active.data.current);
    if (!task) return undefined;
    const column = columnById(over?.id);
    if (!column) return `${task.title} was dropped outside the columns. Its status is unchanged.`;
    if (column.status === task.status)
      return `${task.title} was dropped back in ${column.status}. Its status is unchanged.`;
    return `${task.title} was moved to ${column.status}.`;
  },
  onDragCancel({ active }) {
    const task = taskOf(active.data.current);
    return task ? `Moving ${task.title} was cancelled. It stays in ${task.status}.` : undefined;
  },
};

/** One column's tasks: the filters with the column's status, unless the status filter leaves it out. */
function useColumnTasks(filters: TaskFilterValues, status: TaskStatus) {
  const enabled = filters.status.length === 0 || filters.status.includes(status);
  const params = { ...filters, status: [status], limit: BOARD_COLUMN_LIMIT };
  const query = useInfiniteQuery({
    ...tasksQueryOptions(params),
    enabled,
    placeholderData: keepPreviousData,
  });
  return { query, enabled };
}
type ColumnQuery = ReturnType<typeof useColumnTasks>;

/** Where the focus goes back to after a keyboard move: the card's handle in its column. */
type Refocus = { id: string; column: ColumnId };

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
 * loaded page by page; dragging a card to another column sets the task's status to it.
 */
export function TaskBoard({ filters, viewer, onEdit, narrowed, emptyAction }: TaskBoardProps) {
  const columns = [
    useColumnTasks(filters, 'Pending'),
    useColumnTasks(filters, 'In Progress'),
    useColumnTasks(filters, 'Completed'),
  ] as const;
  const filterKey = useMemo(() => JSON.stringify(filters), [filters]);
  const changeStatus = useTaskStatusChange();
  const onChangeStatus = useCallback(
    (task: Task, status: TaskStatus) => void changeStatus(task, status),
    [changeStatus],
  );
  const sensors = useBoardSensors(keyboardCoordinates);
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
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
    >
      <div
        ref={boardRef}
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
            onEdit={onEdit}
            onChangeStatus={onChangeStatus}
            activeId={dragged?.id}
            refocus={refocus?.column === column.id ? refocus.id : undefined}
            onRefocused={refocused}
          />
        ))}
      </div>
      <DragOverlay dropAnimation={dropAnimation}>
        {dragged ? <CardFace task={dragged} viewer={viewer} overlay /> : null}
      </DragOverlay>
    </DndContext>
  );
}

type ColumnProps = {
  column: Column;
  query: ColumnQuery;
  viewer: Viewer;
  onEdit: (task: Task) => void;
  onChangeStatus: (task: Task, status: TaskStatus) => void;
  /** The dragged task: its card stays mounted however far its column scrolls. */
  activeId: string | undefined;
  /** The task whose card takes the focus once it shows in this column. */
  refocus: string | undefined;
  onRefocused: () => void;
};

function BoardColumn({
  column,
  query: { query, enabled },
  viewer,
  onEdit,
  onChangeStatus,
  activeId,
  refocus,
  onRefocused,
}: ColumnProps) {
  const headingId = useId();
  const { setNodeRef, isOver, active } = useDroppable({ id: column.id });
  const isSource = active !== null && taskOf(active.data.current)?.status === column.status;
  const tasks = useMemo(() => loadedTasks(query.data), [query.data]);
  const total = enabled ? totalTasks(query.data) : 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  let body: ReactNode;
  if (!enabled) {
    body = <ColumnNote>Hidden by the status filter</ColumnNote>;
  } else if (query.isPending) {
    body = <ColumnSkeleton />;
  } else if (query.isError && !query.data) {
    body = <TasksErrorState error={query.error} onRetry={() => void query.refetch()} className="px-3 py-6" />;
  } else if (tasks.length === 0) {
    body = <ColumnNote>No tasks</ColumnNote>;
  } else {
    body = (
      <ColumnCards
        tasks={tasks}
        viewer={viewer}
        onEdit={onEdit}
        onChangeStatus={onChangeStatus}
        activeId={activeId}
        refocus={refocus}
        onRefocused={onRefocused}
        hasMore={Boolean(hasNextPage)}
        loadingMore={isFetchingNextPage}
        onLoadMore={loadMore}
      />
    );
  }

  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-column={column.id}
      tabIndex={-1}
      className={cn(
        'flex h-[max(26rem,calc(100dvh-17rem))] min-w-0 snap-start flex-col rounded-xl border bg-muted/40 outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-muted/20',
        isOver && !isSource && 'border-ring/60 bg-accent ring-2 ring-ring/30 dark:bg-accent/60',
        query.isPlaceholderData && 'opacity-60',
      )}
    >
      <header className="flex items-center justify-between gap-2 px-3 pt-3 pb-2">
        <h2 id={headingId} className="flex items-center gap-2 font-semibold text-sm">
          <TaskStatusIcon status={column.status} className="size-4 text-muted-foreground" />
          {column.status}
        </h2>
        <span className="text-muted-foreground text-xs tabular-nums">{taskCount(total)}</span>
      </header>
      {body}
    </section>
  );
}

function ColumnNote({ children }: { children: string }) {
  return (
    <p className="mx-2 mb-2 flex flex-1 items-center justify-center rounded-lg border border-dashed px-3 py-6 text-center text-muted-foreground text-xs">
      {children}
    </p>
  );
}

/**
 * A column's cards, virtualized: a product with thousands of tasks renders only the cards in
 * view. Memoized, so a card passing over the column (its highlight) re-renders none of them.
 */
const ColumnCards = memo(function ColumnCards({
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

/** Stops a press on the card's own controls from also starting a drag of the card. */
const stopDragStart = {
  onPointerDown: (event: { stopPropagation: () => void }) => event.stopPropagation(),
  onTouchStart: (event: { stopPropagation: () => void }) => event.stopPropagation(),
};

const BoardCard = memo(function BoardCard({
  measureRef,
  index,
  start,
  task,
  viewer,
  canMove,
  onEdit,
  onChangeStatus,
  takeFocus,
  onFocused,
}: {
  measureRef: (node: HTMLElement | null) => void;
  index: number;
  start: number;
  task: Task;
  viewer: Viewer;
  canMove: boolean;
  onEdit: (task: Task) => void;
  onChangeStatus: (task: Task, status: TaskStatus) => void;
  takeFocus: boolean;
  onFocused: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: task.id,
    data: { task } satisfies CardData,
    disabled: !canMove,
    attributes: { roleDescription: 'draggable task' },
  });
  const handle = useRef<HTMLButtonElement | null>(null);
  const ref = useCallback(
    (node: HTMLLIElement | null) => {
      setNodeRef(node);
      measureRef(node);
    },
    [setNodeRef, measureRef],
  );
  useEffect(() => {
    if (!takeFocus) return;
    handle.current?.focus();
    onFocused();
  }, [takeFocus, onFocused]);

  return (
    <li
      ref={ref}
      {...(canMove ? listeners : undefined)}
      data-index={index}
      data-task-id={task.id}
      style={{ transform: `translateY(${start}px)` }}
      className={cn('absolute top-0 left-0 w-full touch-manipulation pb-2', isDragging && 'opacity-40')}
    >
      <CardFace
        task={task}
        viewer={viewer}
        onEdit={onEdit}
        onChangeStatus={onChangeStatus}
        movable={canMove}
      />
      {canMove ? (
        <button
          ref={(node) => {
            setActivatorNodeRef(node);
            handle.current = node;
          }}
          type="button"
          {...attributes}
          aria-label={`Move ${task.title}`}
          className="absolute top-2.5 right-2 flex size-6 cursor-grab items-center justify-center rounded text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 active:cursor-grabbing"
        >
          <GripVerticalIcon aria-hidden="true" className="size-4" />
        </button>
      ) : null}
    </li>
  );
});

/** A card's face: title, two lines of description, product, priority, assignee, due date. */
const CardFace = memo(function CardFace({
  task,
  viewer,
  onEdit,
  onChangeStatus,
  movable = false,
  overlay = false,
}: {
  task: Task;
  viewer: Viewer;
  onEdit?: (task: Task) => void;
  onChangeStatus?: (task: Task, status: TaskStatus) => void;
  /** Room for the drag handle laid over the top right corner. */
  movable?: boolean;
  /** The copy that follows the pointer while dragging. */
  overlay?: boolean;
}) {
  const canEdit = canEditTasks(viewer.role) && onEdit !== undefined;
  return (
    <article
      data-card={task.id}
      className={cn(
        'relative grid select-none gap-2 rounded-lg border bg-card p-3 text-card-foreground shadow-xs transition-shadow',
        overlay
          ? 'cursor-grabbing shadow-lg ring-1 ring-ring/30'
          : 'hover:shadow-sm focus-within:border-ring/60',
      )}
    >
      <div className={cn('flex items-start gap-1', (movable || overlay) && 'pr-6')}>
        <h3 className="min-w-0 flex-1 break-words py-0.5 font-medium text-sm leading-snug">
          {canEdit && !overlay ? (
            <button
              type="button"
              onClick={() => onEdit?.(task)}
              className="rounded-sm text-left outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {task.title}
            </button>
          ) : (
            task.title
          )}
        </h3>
        {overlay ? (
          <GripVerticalIcon
            aria-hidden="true"
            className="absolute top-3 right-3 size-4 text-muted-foreground"
          />
        ) : onEdit && onChangeStatus ? (
          <div className="-my-1 shrink-0" {...stopDragStart}>
            <TaskActionsMenu task={task} viewer={viewer} onEdit={onEdit} onChangeStatus={onChangeStatus} />
          </div>
        ) : null}
      </div>
      {task.description ? (
        <p className="line-clamp-2 break-words text-muted-foreground text-xs leading-relaxed">
          {task.description}
        </p>
      ) : null}
      <p className="truncate text-muted-foreground text-xs">{task.project.name}</p>
      <div className="flex flex-wrap items-center gap-2">
        <PriorityBadge priority={task.priority} />
        <TaskDueDate task={task} withIcon className="text-muted-foreground text-xs" />
        <AssigneeAvatar task={task} className="ml-auto" />
      </div>
    </article>
  );
});

function ColumnSkeleton() {
  return (
    <div className="grid content-start gap-2 px-2 pb-2">
      {[0, 1, 2].map((card) => (
        <Skeleton key={card} className="h-28 w-full rounded-lg" />
      ))}
    </div>
  );
}

function BoardSkeleton() {
  return (
    <div className="grid gap-3">
      <p role="status" className="sr-only">
        Loading tasks...
      </p>
      <div className="-mx-4 grid auto-cols-[minmax(16rem,85%)] grid-flow-col gap-3 overflow-x-hidden px-4 sm:auto-cols-[minmax(16rem,1fr)] md:mx-0 md:px-0">
        {TASK_COLUMNS.map((column) => (
          <div
            key={column.id}
            className="flex h-[max(26rem,calc(100dvh-17rem))] flex-col gap-2 rounded-xl border bg-muted/40 p-3 dark:bg-muted/20"
          >
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-28 w-full rounded-lg" />
            <Skeleton className="h-28 w-full rounded-lg" />
          </div>
        ))}
      </div>
    </div>
  );
}
