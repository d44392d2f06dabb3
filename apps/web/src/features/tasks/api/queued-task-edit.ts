import { TASK_CHANGED, type Task, type TaskMove, type TaskStatus, taskMessages } from '@shipyard/shared';
import { type QueryClient, useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, api, getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { putTaskIntoDetail } from './get-task-detail.ts';
import { taskKeys } from './get-tasks.ts';
import { changeCachedTasks, refreshAfterTaskChange } from './task-cache.ts';

// Issue 33: a change made on a task's page while offline waits in TanStack Query's paused
// mutations (kept on the device with the cache, so a reload keeps it) and is sent on reconnect
// with the task's version as the person saw it. If someone else changed the same field
// meanwhile, it is not applied: the page shows both values and the person picks
// (docs/decisions/052-offline-app.md).

export const queuedEditKey = [...queryRoots.tasks, 'queued-edit'] as const;

/** A change waiting to be sent: what to send, how it reads, and what it was made on. */
export type QueuedTaskEdit = {
  taskId: string;
  /** The edit call (PATCH /tasks/{id}/update) or the status call (a guest may make that one). */
  via: 'edit' | 'status';
  /** The body's fields, as the page sends them. */
  patch: Record<string, unknown>;
  /** The change in the task's own shape (what the page shows), field by field. */
  shown: Partial<Task>;
  /** The same fields as they were when the change was made. */
  base: Partial<Task>;
  /** The task's updatedAt when the change was made: the server refuses it if the task changed since. */
  since: string;
};

/** Someone else changed a field this change also changes: nothing was written. */
export class TaskEditConflict extends Error {
  override readonly name = 'TaskEditConflict';
  constructor(
    readonly edit: QueuedTaskEdit,
    readonly current: Task,
    readonly fields: Array<keyof Task>,
  ) {
    super('The task changed meanwhile');
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields of `edit` that someone else changed meanwhile to another value than this change's:
 * changed since `base` in `current`, and not already what this change sets.
 */
export function clashingFields(
  edit: Pick<QueuedTaskEdit, 'shown' | 'base'>,
  current: Task,
): Array<keyof Task> {
  return (Object.keys(edit.shown) as Array<keyof Task>).filter(
    (field) => !same(current[field], edit.base[field]) && !same(current[field], edit.shown[field]),
  );
}

/** The task a 409 TASK_CHANGED answered with. */
function changedTask(error: unknown): Task | undefined {
  if (!(error instanceof ApiRequestError) || error.status !== 409 || error.code !== TASK_CHANGED) return;
  const details = error.details as { current?: Task } | undefined;
  return details?.current;
}

async function send({ taskId, via, patch }: QueuedTaskEdit, since: string): Promise<Task> {
  const id = encodeURIComponent(taskId);
  const body = { ...patch, ifUnmodifiedSince: since };
  if (via === 'edit') return api.patch<Task>(`/tasks/${id}/update`, body);
  const { previous: _previous, ...task } = await api.patch<TaskMove>(`/tasks/${id}/task/update`, body);
  return task;
}

/**
 * Sends a queued change. Refused because the task changed (409): sent again on the new version
 * when none of its fields changed (someone commented, or changed another field), else a conflict.
 */
export async function sendQueuedEdit(edit: QueuedTaskEdit): Promise<Task> {
  let since = edit.since;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await send(edit, since);
    } catch (error) {
      const current = changedTask(error);
      if (!current) throw error;
      const fields = clashingFields(edit, current);
      if (fields.length > 0 || attempt >= 2) throw new TaskEditConflict(edit, current, fields);
      since = current.updatedAt;
    }
  }
}

/** Every list and the task's page show `task` as the server has it. */
function showTask(queryClient: QueryClient, task: Task) {
  changeCachedTasks(queryClient, { task });
  return Promise.all([refreshAfterTaskChange(queryClient), putTaskIntoDetail(queryClient, task)]);
}

const queuedEditOptions = (queryClient: QueryClient) => ({
  mutationKey: queuedEditKey,
  mutationFn: sendQueuedEdit,
  onSuccess: (task: Task) => showTask(queryClient, task),
  // A conflict is shown as one (TaskSync); any other refusal (the task is gone, the right was
  // taken away) is told, and the page reads the task again.
  onError: (error: Error, edit: QueuedTaskEdit) => {
    if (error instanceof TaskEditConflict) return;
    toast.error(t(taskMessages.updateFailed), {
      description: getErrorMessage(error, t(taskMessages.fallback)),
    });
    return queryClient.invalidateQueries({ queryKey: taskKeys.detail(edit.taskId) });
  },
  // A conflict waits for the person's choice (TaskSync), not for the garbage collector.
  gcTime: Number.POSITIVE_INFINITY,
  retry: false,
  // One after the other, in the order made: a second change of the same field builds on the first.
  scope: { id: 'queued-task-edits' },
});

/**
 * What sends a change queued before a reload (restored from the device): the app registers it
 * before it restores the cache.
 */
export function registerQueuedTaskEdits(queryClient: QueryClient) {
  queryClient.setMutationDefaults(queuedEditKey, queuedEditOptions(queryClient));
}

/** Queues a change of the task's page made offline; it is sent when the browser is back online. */
export function useQueueTaskEdit() {
  const queryClient = useQueryClient();
  return useMutation<Task, Error, QueuedTaskEdit>(queuedEditOptions(queryClient));
}

/** A queued change of a task's status (or its workflow state), from the task as the page shows it. */
export function statusEdit(task: Task, status: TaskStatus, stateId?: string): QueuedTaskEdit {
  const shown: Partial<Task> = stateId ? { status, stateId } : { status };
  return {
    taskId: task.id,
    via: 'status',
    patch: stateId ? { status, stateId } : { status },
    shown,
    base: stateId ? { status: task.status, stateId: task.stateId } : { status: task.status },
    since: task.updatedAt,
  };
}

/** A queued edit of some fields, from the task as the page shows it. */
export function fieldsEdit(task: Task, patch: Record<string, unknown>, shown: Partial<Task>): QueuedTaskEdit {
  const base = Object.fromEntries(Object.keys(shown).map((field) => [field, task[field as keyof Task]]));
  return { taskId: task.id, via: 'edit', patch, shown, base: base as Partial<Task>, since: task.updatedAt };
}

type QueuedState = { edit: QueuedTaskEdit; pending: boolean; conflict: TaskEditConflict | undefined };

/** The queued changes: waiting (or being sent), and those refused as conflicts, oldest first. */
export function useQueuedTaskEdits(taskId?: string) {
  const states = useMutationState<QueuedState>({
    filters: { mutationKey: queuedEditKey },
    select: (mutation) => ({
      edit: mutation.state.variables as QueuedTaskEdit,
      pending: mutation.state.status === 'pending',
      conflict: mutation.state.error instanceof TaskEditConflict ? mutation.state.error : undefined,
    }),
  });
  const mine = taskId ? states.filter((s) => s.edit?.taskId === taskId) : states;
  return {
    pending: mine.filter((s) => s.pending).length,
    conflicts: mine.flatMap((s) => (s.conflict ? [s.conflict] : [])),
  };
}

/**
 * The person's pick in a conflict: their change sent again on the current version, or the
 * current task kept (shown again everywhere). The conflict then leaves the queue.
 */
export function useResolveConflict() {
  const queryClient = useQueryClient();
  const queue = useQueueTaskEdit();
  const forget = (conflict: TaskEditConflict) => {
    const cache = queryClient.getMutationCache();
    for (const mutation of cache.findAll({ mutationKey: queuedEditKey }))
      if (mutation.state.error === conflict) cache.remove(mutation);
  };
  return {
    keepYours: async (conflict: TaskEditConflict) => {
      forget(conflict);
      const { current, edit } = conflict;
      const base = Object.fromEntries(Object.keys(edit.shown).map((f) => [f, current[f as keyof Task]]));
      return queue.mutateAsync({ ...edit, base: base as Partial<Task>, since: current.updatedAt });
    },
    keepCurrent: async (conflict: TaskEditConflict) => {
      forget(conflict);
      await showTask(queryClient, conflict.current);
    },
  };
}
