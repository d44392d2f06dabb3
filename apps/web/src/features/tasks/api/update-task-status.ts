import { type Placement, type Task, type TaskMove, type TaskStatus, toTaskStatus } from '@shipyard/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { generateKeyBetween } from 'fractional-indexing';
import { api } from '../../../lib/api-client.ts';
import { putTaskIntoDetail } from './get-task-detail.ts';
import { type TaskListParams, type TaskPages, taskKeys } from './get-tasks.ts';
import {
  byRank,
  changeCachedTasks,
  findCachedTask,
  refreshAfterTaskChange,
  restoreCachedTasks,
  type TaskListsSnapshot,
} from './task-cache.ts';

type TaskStatusChange = Placement & {
  id: string;
  /** Any casing or a board column id ('in progress'). */
  status: string;
  /** A product's workflow state (issue 29): its board column; the status is then its category. */
  stateId?: string | undefined;
};

/**
 * PATCH /api/tasks/{id}/task/update, with where in the column it was dropped (issue 28);
 * answers the task with its stored status and rank, and where it was before (for an Undo).
 */
function updateTaskStatus({ id, ...body }: TaskStatusChange): Promise<TaskMove> {
  return api.patch<TaskMove>(`/tasks/${encodeURIComponent(id)}/task/update`, body);
}

/** A board column: a product's state (issue 29), or a status. */
type Column = { status: TaskStatus; stateId: string | null };

/** The cached cards of a product's board column, in their order (a manual-order list). */
function cachedColumn(queryClient: QueryClient, productId: string, column: Column): Task[] {
  for (const [key, data] of queryClient.getQueriesData<TaskPages>({ queryKey: taskKeys.lists })) {
    const params = key[2] as TaskListParams | undefined;
    if (params?.sort !== 'manual' || params.productId !== productId) continue;
    const same = column.stateId
      ? params.stateId?.join() === column.stateId
      : params.status.join() === column.status;
    if (!same) continue;
    if (data) return data.pages.flatMap((page) => page.data);
  }
  return [];
}

/**
 * The rank the server will give a card dropped at `place` (the key between its neighbours'; on
 * top without a place), guessed from the cached column so the card shows there at once; the
 * task's own when the neighbours are not cached.
 */
function guessRank(queryClient: QueryClient, task: Task, to: Column, place: Placement): string {
  const column = cachedColumn(queryClient, task.projectId, to)
    .filter((t) => t.id !== task.id)
    .sort(byRank);
  const at = (id: string | undefined) => column.findIndex((t) => t.id === id);
  let above: Task | undefined;
  let below: Task | undefined;
  if (place.afterId !== undefined) {
    above = column[at(place.afterId)];
    below = above ? column[at(place.afterId) + 1] : undefined;
  } else if (place.beforeId !== undefined) {
    below = column[at(place.beforeId)];
    above = below ? column[at(place.beforeId) - 1] : undefined;
  } else {
    below = column[0];
  }
  if (!above && !below && (place.afterId !== undefined || place.beforeId !== undefined)) return task.rank;
  try {
    return generateKeyBetween(above?.rank ?? null, below?.rank ?? null);
  } catch {
    // Equal or disordered keys: the server renumbers the column; its answer places the card.
    return task.rank;
  }
}

/** The task of a move's answer, as the lists keep it. */
const taskOf = ({ previous: _previous, ...task }: TaskMove): Task => task;

/**
 * Changes a task's status optimistically: every cached list shows it at once (a board card lands
 * in its new column); a refusal puts the lists back as they were. The caller toasts.
 */
export function useUpdateTaskStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTaskStatus,
    onMutate: async ({
      id,
      status,
      stateId,
      ...place
    }): Promise<{ snapshot: TaskListsSnapshot | undefined; optimistic?: Task | undefined }> => {
      // A page in flight would land after the change and undo it.
      await queryClient.cancelQueries({ queryKey: taskKeys.lists });
      const task = findCachedTask(queryClient, id);
      const next: TaskStatus | undefined = toTaskStatus(status);
      if (!task || !next) return { snapshot: undefined };
      const completedAt = next === 'Completed' ? (task.completedAt ?? new Date().toISOString()) : null;
      // The state named, else the task's own while the status stays, else the server's to pick.
      const state = stateId ?? (next === task.status ? task.stateId : null);
      const rank = guessRank(queryClient, task, { status: next, stateId: state }, place);
      const optimistic = { ...task, status: next, stateId: state, completedAt, rank };
      return { snapshot: changeCachedTasks(queryClient, { task: optimistic }, task), optimistic };
    },
    onError: (_error, _change, context) => restoreCachedTasks(queryClient, context?.snapshot),
    onSuccess: (answer, _change, context) => {
      const task = taskOf(answer);
      // The lists already count the optimistic version (which may be cached in none of them).
      changeCachedTasks(queryClient, { task }, context?.optimistic);
      return putTaskIntoDetail(queryClient, task);
    },
    onSettled: () => refreshAfterTaskChange(queryClient),
  });
}
