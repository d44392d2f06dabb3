import type { ChangeEvent } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { change, itTouchesOnEveryKind, touched } from '../../../test/changes.ts';
import { createTestQueryClient } from '../../../test/render.tsx';
import { makeTask } from '../components/test-tasks.ts';
import { taskChanges } from './changes.ts';
import { boardKey } from './get-board.ts';
import type { TaskListParams } from './get-tasks.ts';
import { taskKeys } from './keys.ts';

const params = (productId?: string): TaskListParams => ({
  productId,
  search: '',
  phase: [],
  status: [],
  limit: 50,
});
const caches = {
  listP1: taskKeys.list(params('p-1')),
  listP2: taskKeys.list(params('p-2')),
  listAll: taskKeys.list(params()),
  optionsP1: taskKeys.options('p-1'),
  optionsP2: taskKeys.options('p-2'),
  pageT1: taskKeys.detail('t-1'),
  pageT2: taskKeys.detail('t-2'),
  historyT1: taskKeys.history('t-1', 'c-1'),
  historyT2: taskKeys.history('t-2', 'c-1'),
  board: boardKey({ productId: 'p-1', search: '', phase: [], status: [] }),
};
type Cache = keyof typeof caches;
const listsOfP1: Cache[] = ['listP1', 'listAll'];

describe('what a server change means for tasks', () => {
  itTouchesOnEveryKind(taskChanges, caches, {
    // The lists are patched, not refetched (below).
    task: ['pageT1', 'historyT1'],
    // Rows name their product; a task's page shows it.
    product: [...listsOfP1, 'pageT1', 'pageT2'],
    team: ['optionsP1', ...listsOfP1],
    member: ['optionsP1', ...listsOfP1],
    label: listsOfP1,
    // Rows and cards show the values of the fields shown on cards (issue 29).
    field: listsOfP1,
    comment: ['pageT1'],
    user: ['optionsP1', 'optionsP2'],
  });

  it.each<[string, ChangeEvent, Cache[]]>([
    ['a product created: nothing yet', change('product', { op: 'created' }), []],
    [
      'a product deleted: also its task form choices',
      change('product', { op: 'deleted' }),
      [...listsOfP1, 'pageT1', 'pageT2', 'optionsP1'],
    ],
    [
      'a team created: only the form’s choices (no card shows it yet)',
      change('team', { op: 'created' }),
      ['optionsP1'],
    ],
    [
      'a label of no product named: every list',
      change('label', { productId: null }),
      [...listsOfP1, 'listP2'],
    ],
  ])('%s', (_name, event, expected) => {
    expect(touched(taskChanges, caches, event)).toEqual([...expected].sort());
  });
});

describe('patching the task lists', () => {
  const pageOf = (ids: string[]) => ({
    pages: [{ data: ids.map((id) => makeTask({ id })), total: ids.length, nextCursor: null }],
    pageParams: [null],
  });

  /** The caches the patcher asks to refetch; p-1's list holds t-1. */
  function refetchedAfter(event: ChangeEvent) {
    const queryClient = createTestQueryClient();
    for (const [name, key] of Object.entries(caches)) {
      queryClient.setQueryData<unknown>(key, name.startsWith('list') ? pageOf([]) : {});
    }
    queryClient.setQueryData(caches.listP1, pageOf(['t-1']));
    const refetch = taskChanges.patch?.task?.(queryClient, event) ?? [];
    return (Object.keys(caches) as Cache[])
      .filter((name) => {
        const query = queryClient.getQueryCache().find({ queryKey: caches[name], exact: true });
        return query && refetch.some((target) => target.match(query));
      })
      .sort();
  }

  it('asks for nothing to be refetched when the change is one a list already holds', () => {
    // Version 1 is older than the cached task's.
    expect(refetchedAfter(change('task'))).toEqual([]);
  });

  it('has the lists of its product and /tasks refetched for a change to a task no list has loaded', () => {
    expect(refetchedAfter(change('task', { id: 't-404' }))).toEqual(['listAll', 'listP1']);
  });
});
