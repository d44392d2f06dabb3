import { TASK_STATUSES, type Task, type WorkflowState, type WorkflowStateList } from '@shipyard/shared';
import { type QueryObserverResult, useQueries } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { cn } from '../../../lib/cn.ts';
import { productStatesQueryOptions } from '../../../lib/product-states.ts';
import { TaskStatusBadge } from './task-status-badge.tsx';
import { statusName } from './task-texts.ts';

// Rows and cards name a task's workflow state (issue 29): "In review" with its colour where the
// spec's badge would say "In Progress". The states come from each shown product's states query
// (cached, shared with the board columns, the filter and the dialog's chip): one request a
// product, never one a row. A task whose state is one of the three first states (named as the
// statuses) or not known yet shows the spec's badge.

type KnownStates = {
  byId: ReadonlyMap<string, WorkflowState>;
  /** Each product's own states: those not named as a status (the three first states are). */
  ownOf: ReadonlyMap<string, readonly WorkflowState[]>;
};

const TaskStatesContext = createContext<KnownStates>({ byId: new Map(), ownOf: new Map() });

/** One of the product's own states: not named as a status (the three first states are). */
export const isOwnState = (state: Pick<WorkflowState, 'name'>) =>
  !(TASK_STATUSES as readonly string[]).includes(state.name);

const known = (results: QueryObserverResult<WorkflowStateList>[]): KnownStates => {
  const byId = new Map<string, WorkflowState>();
  const ownOf = new Map<string, WorkflowState[]>();
  for (const result of results) {
    for (const state of result.data?.data ?? []) {
      byId.set(state.id, state);
      if (isOwnState(state)) ownOf.set(state.productId, [...(ownOf.get(state.productId) ?? []), state]);
    }
  }
  return { byId, ownOf };
};

const noTasks: readonly Pick<Task, 'projectId'>[] = [];
const noIds: readonly string[] = [];

/** The states of the products of `tasks` (or of `productIds`), for the rows and cards inside. */
export function TaskStatesProvider({
  tasks = noTasks,
  productIds = noIds,
  children,
}: {
  tasks?: readonly Pick<Task, 'projectId'>[];
  productIds?: readonly string[];
  children: ReactNode;
}) {
  // Once per change of the tasks, not on every render (a long list renders as its pages load).
  const queries = useMemo(
    () =>
      [...new Set([...productIds, ...tasks.map((task) => task.projectId)])]
        .sort()
        .map((id) => productStatesQueryOptions(id)),
    [tasks, productIds],
  );
  const states = useQueries({ queries, combine: known });
  return <TaskStatesContext value={states}>{children}</TaskStatesContext>;
}

/** The task's state when it is one of its product's own (not named as its status). */
function useCustomState(task: Pick<Task, 'stateId' | 'status'>): WorkflowState | undefined {
  const { byId } = useContext(TaskStatesContext);
  const state = task.stateId ? byId.get(task.stateId) : undefined;
  return state && state.name !== task.status ? state : undefined;
}

const none: readonly WorkflowState[] = [];

/** The product's own states, in board order, for a row's menu; none outside a list or board. */
export const useOwnStates = (productId: string) => useContext(TaskStatesContext).ownOf.get(productId) ?? none;

export function StateDot({ color, className }: { color: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('size-2 shrink-0 rounded-full', className)}
      style={{ backgroundColor: color }}
    />
  );
}

/** A row's status: the state's colour and name (toned by its status, spec §4), else the spec's badge. */
export function TaskStateBadge({ task }: { task: Pick<Task, 'stateId' | 'status'> }) {
  const state = useCustomState(task);
  if (!state) return <TaskStatusBadge status={task.status} />;
  return (
    <TaskStatusBadge status={task.status} title={`${state.name} (${statusName(task.status)})`}>
      <StateDot color={state.color} />
      {state.name}
    </TaskStatusBadge>
  );
}

/** The state's badge without its icon or dot: a row's light form while its list is flung (use-fling.ts). */
export function TaskStateSketch({ task }: { task: Pick<Task, 'stateId' | 'status'> }) {
  const state = useCustomState(task);
  return <TaskStatusBadge status={task.status}>{state?.name ?? statusName(task.status)}</TaskStatusBadge>;
}

/** A card's state, when it is one of the product's own: its colour and name. */
export function TaskStateMark({ task }: { task: Pick<Task, 'stateId' | 'status'> }) {
  const state = useCustomState(task);
  if (!state) return null;
  return (
    <span
      data-slot="task-state"
      title={`${state.name} (${statusName(task.status)})`}
      className="inline-flex min-w-0 items-center gap-1 text-muted-foreground text-xs"
    >
      <StateDot color={state.color} />
      <span className="truncate">{state.name}</span>
    </span>
  );
}
