import type { ChangeEvent, ChangeKind } from '@shipyard/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checklistKeys } from '../../features/checklists/api/keys.ts';
import { labelKeys } from '../../features/labels/api/keys.ts';
import { taskFileKeys } from '../../features/task-files/api/keys.ts';
import { type TaskListParams, taskKeys } from '../../features/tasks/api/get-tasks.ts';
import { createTestQueryClient } from '../../test/render.tsx';
import { CHANGE_BATCH_MS, createChangeApplier } from './apply-change.ts';

// Issue 15: a tick, a label change or a file in one browser shows in another's.

const params = (productId?: string): TaskListParams => ({
  productId,
  search: '',
  phase: [],
  status: [],
  limit: 50,
});
const caches = {
  checklistT1: checklistKeys.ofTask('t-1'),
  checklistT2: checklistKeys.ofTask('t-2'),
  taskLabelsT1: labelKeys.ofTask('t-1'),
  taskLabelsT2: labelKeys.ofTask('t-2'),
  labelsP1: labelKeys.product('p-1'),
  filesT1: taskFileKeys.ofTask('t-1'),
  tasksP1: taskKeys.list(params('p-1')),
  tasksP2: taskKeys.list(params('p-2')),
  tasksAll: taskKeys.list(params()),
} satisfies Record<string, QueryKey>;
type Cache = keyof typeof caches;

let queryClient: QueryClient;
let applier: ReturnType<typeof createChangeApplier>;
const page = { pages: [{ data: [], total: 0, nextCursor: null }], pageParams: [null] };

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 404 })),
  );
  queryClient = createTestQueryClient();
  applier = createChangeApplier(queryClient);
  for (const [name, key] of Object.entries(caches))
    queryClient.setQueryData(key, name.startsWith('tasks') ? page : {});
});
afterEach(() => {
  applier.dispose();
  queryClient.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const change = (kind: ChangeKind, id: string, productId: string | null): ChangeEvent => ({
  type: 'change',
  kind,
  op: 'updated',
  id,
  productId,
  version: 1,
});
function invalidated(): Cache[] {
  vi.advanceTimersByTime(CHANGE_BATCH_MS);
  return (Object.keys(caches) as Cache[])
    .filter((name) => queryClient.getQueryState(caches[name])?.isInvalidated)
    .sort();
}

describe('task details in realtime', () => {
  it('a task change refreshes that task’s checklist and labels, not another’s', () => {
    applier.apply(change('task', 't-1', 'p-1'));
    // (No list has loaded t-1, so its product's lists are read again too.)
    expect(invalidated()).toEqual(['checklistT1', 'taskLabelsT1', 'tasksAll', 'tasksP1']);
  });

  it('a label change refreshes the labels and the task lists of its product and /tasks', () => {
    applier.apply(change('label', 'l-1', 'p-1'));
    expect(invalidated()).toEqual(['labelsP1', 'taskLabelsT1', 'taskLabelsT2', 'tasksAll', 'tasksP1']);
  });

  it('a document change refreshes the task files', () => {
    applier.apply(change('document', 'd-1', 'p-1'));
    expect(invalidated()).toContain('filesT1');
  });
});
