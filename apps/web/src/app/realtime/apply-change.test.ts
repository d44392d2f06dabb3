import type { ChangeEvent, ChangeKind, ChangeOp, Task } from '@shipyard/shared';
import { MutationObserver, type QueryClient, type QueryKey, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  loadedTasks,
  type TaskListParams,
  type TaskPages,
  taskKeys,
} from '../../features/tasks/api/get-tasks.ts';
import { changeCachedTasks } from '../../features/tasks/api/task-cache.ts';
import { makeTask, PRODUCT_ID, taskList } from '../../features/tasks/components/test-tasks.ts';
import { type ChangeListener, prefix } from '../../lib/realtime-changes.ts';
import { apiError, deferred, jsonResponse, mockFetch } from '../../test/fetch-stubs.ts';
import { createTestQueryClient } from '../../test/render.tsx';
import { CHANGE_BATCH_MS, createChangeApplier, MUTATION_WAIT_MAX_MS } from './apply-change.ts';
import { changeListeners } from './listeners.ts';

// The applier's batching and dispatch, and the task lists the tasks feature patches through it
// (features/tasks/api/changes.ts, syncCachedTask); what each change touches is in
// listeners.test.ts and in each feature's api/changes.test.ts.

const params: TaskListParams = { productId: 'p-1', search: '', phase: [], status: [], limit: 50 };
const boardKey = taskKeys.list(params);
const emptyList = { pages: [{ data: [], total: 0, nextCursor: null }], pageParams: [null] };

let queryClient: QueryClient;
let applier: ReturnType<typeof createChangeApplier>;

const change = (kind: ChangeKind, id: string, version = 1): ChangeEvent => ({
  type: 'change',
  kind,
  op: 'updated',
  id,
  productId: 'p-1',
  version,
});

/** An observed query (as on screen) holding `data`, that counts its fetches. */
function watch(queryKey: QueryKey, data: unknown = {}) {
  queryClient.setQueryData(queryKey, data);
  const queryFn = vi.fn(async () => queryClient.getQueryData(queryKey) ?? {});
  new QueryObserver(queryClient, { queryKey, queryFn, staleTime: Infinity }).subscribe(() => {});
  return queryFn;
}

beforeEach(() => {
  vi.useFakeTimers();
  queryClient = createTestQueryClient();
  applier = createChangeApplier(queryClient, changeListeners);
});

afterEach(() => {
  applier.dispose();
  queryClient.clear();
  vi.useRealTimers();
});

describe('applying server changes in batches', () => {
  it('refetches the list on screen once for a burst of changes', () => {
    const board = watch(boardKey, emptyList);
    for (let i = 0; i < 20; i += 1) {
      applier.apply(change('task', `n-${i}`));
      vi.advanceTimersByTime(2);
    }
    expect(board).not.toHaveBeenCalled();
    vi.advanceTimersByTime(CHANGE_BATCH_MS);
    expect(board).toHaveBeenCalledTimes(1);
  });

  it('waits for a mutation in flight before refetching, but not for ever', async () => {
    const board = watch(boardKey, emptyList);
    const answer = deferred<void>();
    void new MutationObserver(queryClient, { mutationFn: () => answer.promise }).mutate();
    applier.apply(change('task', 'n-1'));
    vi.advanceTimersByTime(CHANGE_BATCH_MS * 3);
    expect(board).not.toHaveBeenCalled();

    answer.resolve();
    await vi.advanceTimersByTimeAsync(CHANGE_BATCH_MS);
    expect(board).toHaveBeenCalledTimes(1);

    void new MutationObserver(queryClient, { mutationFn: () => new Promise(() => {}) }).mutate();
    applier.apply(change('task', 'n-1'));
    vi.advanceTimersByTime(MUTATION_WAIT_MAX_MS + CHANGE_BATCH_MS);
    expect(board).toHaveBeenCalledTimes(2);
  });

  it('drops what is pending when disposed', () => {
    const board = watch(boardKey, emptyList);
    applier.apply(change('task', 'n-1'));
    applier.dispose();
    vi.advanceTimersByTime(CHANGE_BATCH_MS * 2);
    expect(board).not.toHaveBeenCalled();
  });
});

describe('dispatching a change to the features’ listeners', () => {
  const a = ['a', 'x'];
  const b = ['b', 'x'];

  it('refetches what any listener names for the change’s kind, and marks stale-only targets', () => {
    const fetchesA = watch(a);
    const fetchesB = watch(b);
    applier.dispose();
    applier = createChangeApplier(queryClient, [
      { on: { team: () => [prefix(a)] } },
      { on: { team: () => [{ ...prefix(b), stale: true }], task: () => [prefix(b)] } },
    ]);
    applier.apply(change('team', 'team-1'));
    vi.advanceTimersByTime(CHANGE_BATCH_MS);
    expect(fetchesA).toHaveBeenCalledTimes(1);
    expect(fetchesB).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(b)?.isInvalidated).toBe(true);
  });

  it('hands a patcher the newest event of each changed object once per batch, and refetches what it answers', () => {
    const fetchesA = watch(a);
    const patched: Array<[string, number]> = [];
    const listener: ChangeListener = {
      on: {},
      patch: {
        task: (_client, { id, version }) => {
          patched.push([id, version]);
          return id === 't-2' ? [prefix(a)] : [];
        },
      },
    };
    applier.dispose();
    applier = createChangeApplier(queryClient, [listener]);
    applier.apply(change('task', 't-1', 1));
    applier.apply(change('task', 't-2', 1));
    applier.apply(change('task', 't-1', 2));
    applier.apply(change('team', 't-1', 3));
    expect(patched).toEqual([]);
    vi.advanceTimersByTime(CHANGE_BATCH_MS);
    expect(patched).toEqual([
      ['t-1', 2],
      ['t-2', 1],
    ]);
    expect(fetchesA).toHaveBeenCalledTimes(1);
  });
});

describe('task lists follow a task change without being refetched', () => {
  const P = PRODUCT_ID;
  const v0 = '2025-03-01T10:00:00.000Z';
  const v1 = '2025-03-01T10:00:05.000Z';
  const v2 = '2025-03-01T10:00:09.000Z';
  const column = (status: Task['status']) =>
    taskKeys.list({ productId: P, search: '', phase: [], status: [status], limit: 50 });
  const pendingKey = column('Pending');
  const completedKey = column('Completed');
  const event = (op: ChangeOp, version: string, id = 't-7') =>
    ({
      type: 'change',
      kind: 'task',
      op,
      id,
      productId: P,
      version: Date.parse(version),
    }) satisfies ChangeEvent;
  const pagesOf = (tasks: Task[]) => ({ pages: [taskList(tasks)], pageParams: [null] });
  const ids = (key: QueryKey) => loadedTasks(queryClient.getQueryData<TaskPages>(key)).map((t) => t.id);
  const total = (key: QueryKey) => queryClient.getQueryData<TaskPages>(key)?.pages[0]?.total;

  /** Two board columns on screen; `t-7` is Pending as of v0. */
  function board() {
    queryClient.setQueryData(pendingKey, pagesOf([makeTask({ id: 't-7', updatedAt: v0 })]));
    queryClient.setQueryData(completedKey, pagesOf([]));
    const refetches = [pendingKey, completedKey].map((queryKey) => {
      const queryFn = vi.fn(async () => pagesOf([]));
      new QueryObserver(queryClient, { queryKey, queryFn, staleTime: Infinity }).subscribe(() => {});
      return queryFn;
    });
    return { refetched: () => refetches.reduce((n, fn) => n + fn.mock.calls.length, 0) };
  }

  const settle = () => vi.advanceTimersByTimeAsync(CHANGE_BATCH_MS * 2);

  it('reads the changed task once and moves its card to the column it now belongs in', async () => {
    const { refetched } = board();
    const fetchMock = mockFetch(
      jsonResponse(200, makeTask({ id: 't-7', status: 'Completed', updatedAt: v1 })),
    );
    applier.apply(event('updated', v1));
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/tasks/t-7');
    expect(ids(pendingKey)).toEqual([]);
    expect(ids(completedKey)).toEqual(['t-7']);
    expect([total(pendingKey), total(completedKey)]).toEqual([0, 1]);
    expect(refetched()).toBe(0);
  });

  it('does nothing for a change the cache already holds (this screen’s own drag)', async () => {
    const { refetched } = board();
    const fetchMock = mockFetch(jsonResponse(500));
    applier.apply(event('updated', v0));
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(ids(pendingKey)).toEqual(['t-7']);
    expect(refetched()).toBe(0);
  });

  it('removes a deleted task, and one the user may no longer see (404), without refetching', async () => {
    const { refetched } = board();
    applier.apply(event('deleted', v1));
    await settle();
    expect(ids(pendingKey)).toEqual([]);
    expect(total(pendingKey)).toBe(0);

    queryClient.setQueryData(pendingKey, pagesOf([makeTask({ id: 't-8', updatedAt: v0 })]));
    mockFetch(apiError(404, 'TASK_NOT_FOUND', 'Task not found'));
    applier.apply(event('updated', v1, 't-8'));
    await settle();
    expect(ids(pendingKey)).toEqual([]);
    expect(refetched()).toBe(0);
  });

  it('never replaces a newer state that landed while the task was being read', async () => {
    board();
    const answer = deferred<Response>();
    mockFetch(() => answer.promise);
    applier.apply(event('updated', v1));
    await settle();
    // Meanwhile this screen's own change (v2, In Progress → Completed) came back from the server.
    changeCachedTasks(queryClient, { task: makeTask({ id: 't-7', status: 'Completed', updatedAt: v2 }) });
    answer.resolve(jsonResponse(200, makeTask({ id: 't-7', status: 'In Progress', updatedAt: v1 })));
    await settle();
    expect(ids(completedKey)).toEqual(['t-7']);
    expect(ids(pendingKey)).toEqual([]);
  });

  it('applies the change again after a column read that started before it lands with an older state', async () => {
    board();
    // The Completed column is being read again (a refetch on focus) from before the change.
    const stale = deferred<TaskPages>();
    const reading = queryClient.fetchQuery({ queryKey: completedKey, queryFn: () => stale.promise });
    mockFetch(jsonResponse(200, makeTask({ id: 't-7', status: 'Completed', updatedAt: v1 })));
    applier.apply(event('updated', v1));
    await settle();
    expect(ids(completedKey)).toEqual(['t-7']);
    // The read lands without the card (it was still Pending then): the change goes on top again.
    stale.resolve(pagesOf([]));
    await reading;
    await settle();
    expect(ids(completedKey)).toEqual(['t-7']);
    expect(ids(pendingKey)).toEqual([]);
  });

  it('keeps this screen’s own change on top of a column read that lands after it with an older state', async () => {
    board();
    const stale = deferred<TaskPages>();
    const reading = queryClient.fetchQuery({ queryKey: pendingKey, queryFn: () => stale.promise });
    // This screen's drag (v1, Pending → Completed) came back from the server; then its event.
    changeCachedTasks(queryClient, { task: makeTask({ id: 't-7', status: 'Completed', updatedAt: v1 }) });
    const fetchMock = mockFetch(jsonResponse(500));
    applier.apply(event('updated', v1));
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    // The Pending column's read, begun before the drag, still has the card as it was.
    stale.resolve(pagesOf([makeTask({ id: 't-7', updatedAt: v0 })]));
    await reading;
    await settle();
    expect(ids(pendingKey)).toEqual([]);
    expect(ids(completedKey)).toEqual(['t-7']);
  });
});
