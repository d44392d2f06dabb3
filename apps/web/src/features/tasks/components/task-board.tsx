import {
  canChangeTaskStatus,
  canEditTasks,
  STATES_PER_PRODUCT_MAX,
  TASK_COLUMNS,
  type Task,
} from '@shipyard/shared';
import { type ReactNode, useCallback, useMemo } from 'react';
import { KanbanBoard } from '../../../components/kanban/kanban-board.tsx';
import { KanbanNote } from '../../../components/kanban/kanban-column.tsx';
import type { KanbanColumnData, KanbanPlace } from '../../../components/kanban/kanban-moves.ts';
import { KanbanCardsSkeleton, KanbanSkeleton } from '../../../components/kanban/kanban-skeleton.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { useProductStates } from '../../../lib/product-states.ts';
import { toast } from '../../../lib/toast.ts';
import { isBoardCard } from '../api/get-board.ts';
import { totalTasks } from '../api/get-tasks.ts';
import { isGuessedTask } from '../api/quick-create.ts';
import { byRank, fetchTask, newestFirst } from '../api/task-cache.ts';
import { InlineTaskCreate } from './inline-task-create.tsx';
import type { ChangeTaskStatus } from './task-actions-menu.tsx';
import { CardFace, TaskBoardCard } from './task-board-card.tsx';
import { type BoardColumnSpec, columnOfStatus, statusForDrop, type Viewer } from './task-board-model.ts';
import { TaskSwimlanes, useSwimlanes } from './task-board-swimlanes.tsx';
import { taskDefaultsFrom } from './task-defaults.ts';
import { peopleOfPages, TaskFieldsProvider } from './task-field-chips.tsx';
import { TasksEmptyState, TasksErrorState } from './task-fields.tsx';
import { EstimateSum } from './task-hierarchy-marks.tsx';
import { TaskKeyboardProvider } from './task-keyboard.tsx';
import { useFocusedTaskId } from './task-keyboard-state.tsx';
import type { TaskFilterValues } from './task-search-params.ts';
import { TaskStatesProvider } from './task-state.tsx';
import { TaskStatusIcon } from './task-status-badge.tsx';
import { stateName, statusName } from './task-texts.ts';
import { type ColumnQuery, useColumnTasks } from './use-column-tasks.ts';
import { useTaskStatusChange } from './use-task-status-change.ts';

export { statusForDrop } from './task-board-model.ts';
export { BOARD_COLUMN_LIMIT } from './use-column-tasks.ts';

const NOUN = { one: 'task', other: 'tasks' };
const COLUMN_WIDTHS = 'auto-cols-[minmax(16rem,85%)] sm:auto-cols-[minmax(16rem,1fr)]';

const taskId = (task: Task) => task.id;
const taskTitle = (task: Task) => task.title;
const columnOf = (task: Task) => columnOfStatus(task.status);
/** On one product's board a column is a workflow state (issue 29). */
const columnOfState = (task: Task) => task.stateId ?? columnOfStatus(task.status);

let statusColumns: BoardColumnSpec[] | undefined;
/** The board across products: the spec's three status columns (named once the language is known). */
function statusColumnSpecs(): BoardColumnSpec[] {
  statusColumns ??= TASK_COLUMNS.map((column) => ({
    id: column.id,
    title: statusName(column.status),
    status: column.status,
  }));
  return statusColumns;
}

/**
 * The columns' queries: one per column, in a fixed number of slots (the most states a product may
 * have), so that the hooks are the same on every render whatever the product's states.
 */
function useColumnQueries(filters: TaskFilterValues, specs: readonly BoardColumnSpec[] | undefined) {
  return Array.from({ length: STATES_PER_PRODUCT_MAX }, (_, index) => {
    const spec = specs?.[index];
    // biome-ignore lint/correctness/useHookAtTopLevel: always STATES_PER_PRODUCT_MAX calls, in the same order
    return useColumnTasks(filters, spec && { status: spec.status, stateId: spec.stateId });
  });
}

export type TaskBoardProps = {
  filters: TaskFilterValues;
  viewer: Viewer;
  onEdit: (task: Task) => void;
  /** Whether a search or a filter narrows the board (the empty state says so). */
  narrowed: boolean;
  /** The empty state's next action (clear the filters, or add a task). */
  emptyAction?: ReactNode;
};

/** Whether nothing but the product narrows the board (every other filter empty). */
const onlyProduct = (filters: TaskFilterValues) =>
  Object.entries(filters).every(
    ([key, value]) =>
      key === 'productId' ||
      value === undefined ||
      value === '' ||
      (Array.isArray(value) && value.length === 0),
  );

/** One column as the board shows it: its loaded cards, or why there are none yet. */
function columnData(column: BoardColumnSpec, { query, enabled, tasks }: ColumnQuery): KanbanColumnData<Task> {
  let placeholder: ReactNode;
  if (!enabled) {
    placeholder = (
      <KanbanNote>
        {column.stateId ? t('Hidden by the state or status filter') : t('Hidden by the status filter')}
      </KanbanNote>
    );
  } else if (query.isPending) placeholder = <KanbanCardsSkeleton />;
  else if (query.isError && !query.data) {
    placeholder = (
      <TasksErrorState error={query.error} onRetry={() => void query.refetch()} className="px-3 py-6" />
    );
  }
  return {
    id: column.id,
    title: column.title,
    icon: column.color ? (
      <span
        aria-hidden="true"
        className="size-2.5 shrink-0 rounded-full"
        style={{ backgroundColor: column.color }}
      />
    ) : (
      <TaskStatusIcon status={column.status} className="size-4 text-muted-foreground" />
    ),
    items: tasks,
    total: enabled ? totalTasks(query.data) : 0,
    meta: enabled ? <EstimateSum sum={query.data?.pages[0]?.estimateSum} /> : null,
    placeholder,
    stale: query.isPlaceholderData,
    pages: {
      hasNextPage: query.hasNextPage,
      isFetchingNextPage: query.isFetchingNextPage,
      isFetchNextPageError: query.isFetchNextPageError,
      fetchNextPage: query.fetchNextPage,
    },
  };
}

/**
 * Spec §2.15 Kanban Board: the columns pending, in progress and completed, each its own list
 * loaded page by page; dragging a card to another column sets the task's status to it. One
 * product's board has a column per workflow state of the product (issue 29), in order, the first
 * pages of all in one request; a drop sets the task's state (and so its status).
 */
export function TaskBoard({ filters, viewer, onEdit, narrowed, emptyAction }: TaskBoardProps) {
  const manual = filters.productId !== undefined;
  const states = useProductStates(filters.productId);
  const specs: readonly BoardColumnSpec[] | undefined = manual
    ? states.data?.data.map((state) => ({
        id: state.id,
        title: stateName(state.name),
        status: state.category,
        stateId: state.id,
        color: state.color,
      }))
    : statusColumnSpecs();
  const slots = useColumnQueries(filters, specs);
  const queries = slots.slice(0, specs?.length ?? 0);
  const changeStatus = useTaskStatusChange();
  const onChangeStatus = useCallback<ChangeTaskStatus>(
    (task, status, stateId) => void changeStatus(task, status, stateId ? { stateId } : undefined),
    [changeStatus],
  );
  // The status change moves the card in every cached list at once, puts it back and toasts a
  // refusal. One product's board keeps a manual order (issue 28): a card lands where it was
  // dropped, in another column (state) or its own; across products, a drop only changes the status.
  const onMove = useCallback(
    (task: Task, column: string, place: KanbanPlace) => {
      if (manual) {
        const spec = specs?.find((candidate) => candidate.id === column);
        return spec
          ? changeStatus(task, spec.status, { ...place, ...(spec.stateId && { stateId: spec.stateId }) })
          : Promise.resolve(false);
      }
      const status = statusForDrop(task, column);
      return status ? changeStatus(task, status) : Promise.resolve(false);
    },
    [changeStatus, manual, specs],
  );
  // A card from the board's one request is compact (no description): the edit dialog gets the
  // whole task, read first.
  const edit = useCallback(
    (task: Task) => {
      if (!isBoardCard(task)) return onEdit(task);
      fetchTask(task.id).then(
        (full) => {
          if (full) onEdit(full);
          else toast.error(t('This task no longer exists or is out of your sight.'));
        },
        (err: unknown) => toast.error(getErrorMessage(err)),
      );
    },
    [onEdit],
  );
  // One product's board names its product once, in the page; each card on it would repeat it.
  const showProduct = !filters.productId;
  const renderCard = useCallback(
    (task: Task, overlay: boolean) =>
      overlay ? (
        <CardFace task={task} viewer={viewer} overlay showProduct={showProduct} />
      ) : (
        <TaskBoardCard
          task={task}
          viewer={viewer}
          onEdit={edit}
          onChangeStatus={onChangeStatus}
          showProduct={showProduct}
        />
      ),
    [viewer, edit, onChangeStatus, showProduct],
  );
  // A card still waiting for the server's answer does not move yet.
  const canMove = useCallback(
    (task: Task) => !isGuessedTask(task) && canChangeTaskStatus(viewer, task),
    [viewer],
  );
  // Issue 28: an "Add task" line at the foot of each shown column, with its status and the filters.
  const canAdd = canEditTasks(viewer.role);
  const columnFooter = useCallback(
    (columnId: string) => {
      const index = specs?.findIndex((column) => column.id === columnId) ?? -1;
      const column = specs?.[index];
      if (!canAdd || !column || !queries[index]?.enabled) return null;
      return (
        <InlineTaskCreate
          defaults={taskDefaultsFrom(filters, viewer.id, column.status, column.stateId)}
          label={t('Add task to {{column}}', { column: column.title })}
        />
      );
    },
    [canAdd, filters, viewer.id, queries, specs],
  );

  // biome-ignore lint/style/noNonNullAssertion: one query per column, in the same order
  const columns = (specs ?? []).map((column, index) => columnData(column, queries[index]!));
  const lanes = useSwimlanes(columns, filters.group, filters.groupField);
  // Issue 30: the keys walk the cards lane by lane, column by column.
  const laneCards = useMemo(
    () => (lanes ?? [{ columns }]).map((lane) => lane.columns.map((column) => column.items)),
    [lanes, columns],
  );
  const cards = useMemo(() => laneCards.flat(2), [laneCards]);

  // The product's states name its columns: without them there is no board to draw, but a retry.
  if (manual && states.isError && !states.data) {
    return <TasksErrorState error={states.error} onRetry={() => void states.refetch()} className="py-12" />;
  }
  const shown = queries.filter(({ enabled }) => enabled);
  const loading = !specs || (shown.length > 0 && shown.every(({ query }) => query.isPending));
  const empty = queries.every(
    ({ query, enabled }) => !enabled || (query.isSuccess && totalTasks(query.data) === 0),
  );
  if (loading) {
    return (
      <KanbanSkeleton
        columns={specs?.length ?? TASK_COLUMNS.length}
        height="scroll"
        columnWidths={COLUMN_WIDTHS}
        status={
          <p role="status" className="sr-only">
            {t('Loading tasks...')}
          </p>
        }
      />
    );
  }
  // An empty board still shows its columns to whoever may add a task there, when at most its
  // product narrows it (other filters that empty it say so instead).
  if (empty && (!canAdd || (narrowed && !(filters.productId && onlyProduct(filters))))) {
    return (
      <div className="rounded-xl border bg-card">
        <TasksEmptyState narrowed={narrowed} action={emptyAction} />
      </div>
    );
  }

  const board = {
    noun: NOUN,
    getId: taskId,
    getName: taskTitle,
    columnOf: manual ? columnOfState : columnOf,
    canMove,
    onMove,
    renderCard,
    compare: manual ? byRank : newestFirst,
    columnWidths: COLUMN_WIDTHS,
  };
  // Cards name their own workflow state (issue 29): one product's states, or those of the cards' products.
  return (
    <TaskStatesProvider
      productIds={filters.productId ? [filters.productId] : []}
      tasks={filters.productId ? undefined : columns.flatMap((column) => column.items)}
    >
      <TaskFieldsProvider
        tasks={columns.flatMap((column) => column.items)}
        people={queries.flatMap((column) => peopleOfPages(column.query.data?.pages))}
      >
        <TaskKeyboardProvider tasks={cards} viewer={viewer} layout={{ kind: 'board', lanes: laneCards }}>
          {lanes ? (
            <FocusedBoard>
              {(focusedId) => (
                <TaskSwimlanes lanes={lanes} columns={columns} {...board} focusedId={focusedId} />
              )}
            </FocusedBoard>
          ) : (
            <FocusedBoard>
              {(focusedId) => (
                <KanbanBoard
                  columns={columns}
                  {...board}
                  height="scroll"
                  // Other filters: each column starts again from its top.
                  resetKey={JSON.stringify(filters)}
                  columnFooter={columnFooter}
                  focusedId={focusedId}
                />
              )}
            </FocusedBoard>
          )}
        </TaskKeyboardProvider>
      </TaskFieldsProvider>
    </TaskStatesProvider>
  );
}

/** The board under the keyboard's provider, told which card has the focus ring (kept in view). */
function FocusedBoard({ children }: { children: (focusedId: string | undefined) => ReactNode }) {
  return children(useFocusedTaskId());
}
