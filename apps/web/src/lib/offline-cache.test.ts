import 'fake-indexeddb/auto';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { createStore, get, keys } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cacheKeyOf,
  forgetOfflineData,
  keepOfflineCache,
  keptData,
  keptOnDevice,
  restoreOfflineCache,
  userCachePersister,
} from './offline-cache.ts';
import { offlineOwner } from './offline-owner.ts';
import { queryRoots } from './query-keys.ts';

// Issue 33: the signed-in user's cache on the device, keyed by their id, never another user's,
// gone at sign-out; and the security screens' answers never written there.

const store = createStore('shipyard-offline', 'keyval');
const stored = () => keys(store);
/** Past the one-second pause between writes, and the write itself. */
const afterSave = () => new Promise((resolve) => setTimeout(resolve, 1300));

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const user = (id: string) => ({ id, name: id });
let stops: Array<() => void> = [];

beforeEach(async () => {
  await forgetOfflineData();
});
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

describe('keptOnDevice', () => {
  it('keeps lists and tasks, never the account, admin, sign-in or search answers', () => {
    expect(keptOnDevice(['tasks', 'detail', 't-1'])).toBe(true);
    expect(keptOnDevice(queryRoots.session)).toBe(true);
    for (const root of ['account', 'admin', 'auth', 'search']) expect(keptOnDevice([root, 'x'])).toBe(false);
  });
});

describe('keepOfflineCache', () => {
  it('writes the signed-in user’s cache under their id, without the security screens, and remembers them', async () => {
    const queryClient = client();
    queryClient.setQueryData(queryRoots.session, user('ann'));
    queryClient.setQueryData(['tasks', 'detail', 't-1'], { title: 'Read offline' });
    queryClient.setQueryData(['account', 'tokens'], [{ secret: 'never-stored' }]);
    stops.push(keepOfflineCache(queryClient, 'build-1'));
    await afterSave();

    expect(await stored()).toEqual([cacheKeyOf('ann')]);
    const text = JSON.stringify(await get(cacheKeyOf('ann'), store));
    expect(text).toContain('Read offline');
    expect(text).not.toContain('never-stored');
    expect(offlineOwner()).toBe('ann');

    // And it comes back into a new client (a reload), of the same build only.
    const next = client();
    await restoreOfflineCache(next, 'ann', 'build-1');
    expect(next.getQueryData(['tasks', 'detail', 't-1'])).toEqual({ title: 'Read offline' });
    // Shown, but stale: a screen that mounts fetches it again (a reload shows what changed since).
    expect(next.getQueryState(['tasks', 'detail', 't-1'])?.isInvalidated).toBe(true);
    const newer = client();
    await restoreOfflineCache(newer, 'ann', 'build-2');
    expect(newer.getQueryData(['tasks', 'detail', 't-1'])).toBeUndefined();
  });

  it('keeps a list read page by page to its first page, so a write stays small', async () => {
    expect(keptData({ title: 'One' })).toEqual({ title: 'One' });
    expect(keptData({ pages: [['a']], pageParams: [null] })).toEqual({ pages: [['a']], pageParams: [null] });
    const queryClient = client();
    queryClient.setQueryData(queryRoots.session, user('ann'));
    queryClient.setQueryData(['tasks', 'list', 'all'], {
      pages: [{ data: ['first'] }, { data: ['second'] }, { data: ['third'] }],
      pageParams: [null, 'c1', 'c2'],
    });
    stops.push(keepOfflineCache(queryClient, 'build-1'));
    await afterSave();

    const next = client();
    await restoreOfflineCache(next, 'ann', 'build-1');
    expect(next.getQueryData(['tasks', 'list', 'all'])).toEqual({
      pages: [{ data: ['first'] }],
      pageParams: [null],
    });
    // The client's own list keeps every page it loaded.
    expect(queryClient.getQueryData<{ pages: unknown[] }>(['tasks', 'list', 'all'])?.pages).toHaveLength(3);
  });

  it('writes when the page is idle, not in the middle of its work', async () => {
    let idle: (() => void) | undefined;
    const requestIdle = vi.fn((run: () => void) => {
      idle = run;
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', requestIdle);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    try {
      const queryClient = client();
      queryClient.setQueryData(queryRoots.session, user('ann'));
      stops.push(keepOfflineCache(queryClient, 'build-1'));
      await afterSave();
      expect(requestIdle).toHaveBeenCalledWith(expect.any(Function), { timeout: 4000 });
      expect(await stored()).toEqual([]);
      idle?.();
      await expect.poll(stored).toEqual([cacheKeyOf('ann')]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('writes a write queued offline after the pause, without waiting for idle time', async () => {
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn(() => 1),
    );
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    onlineManager.setOnline(false);
    try {
      const queryClient = client();
      queryClient.setQueryData(queryRoots.session, user('ann'));
      queryClient.setMutationDefaults(['tasks', 'update'], { mutationFn: async () => 'sent' });
      stops.push(keepOfflineCache(queryClient, 'build-1'));
      void queryClient
        .getMutationCache()
        .build(queryClient, { mutationKey: ['tasks', 'update'] })
        .execute({ title: 'Queued offline' })
        .catch(() => undefined);
      await afterSave();
      expect(JSON.stringify(await get(cacheKeyOf('ann'), store))).toContain('Queued offline');
    } finally {
      onlineManager.setOnline(true);
      vi.unstubAllGlobals();
    }
  });

  it('deletes the last user’s cache, and what the client holds of it, when another user signs in', async () => {
    const queryClient = client();
    queryClient.setQueryData(queryRoots.session, user('ann'));
    queryClient.setQueryData(['tasks', 'detail', 't-1'], { title: 'Ann’s task' });
    stops.push(keepOfflineCache(queryClient, 'b'));
    await afterSave();
    expect(await stored()).toEqual([cacheKeyOf('ann')]);

    queryClient.setQueryData(queryRoots.session, user('bob'));
    expect(queryClient.getQueryData(['tasks', 'detail', 't-1'])).toBeUndefined();
    queryClient.setQueryData(['tasks', 'detail', 't-2'], { title: 'Bob’s task' });
    await afterSave();
    expect(await stored()).toEqual([cacheKeyOf('bob')]);
    const text = JSON.stringify(await get(cacheKeyOf('bob'), store));
    expect(text).toContain('Bob’s task');
    expect(text).not.toContain('Ann’s task');
    expect(offlineOwner()).toBe('bob');
  });

  it('deletes everything once the session ends (sign-out, a 401), and writes nothing after', async () => {
    const queryClient = client();
    queryClient.setQueryData(queryRoots.session, user('ann'));
    queryClient.setQueryData(['tasks', 'detail', 't-1'], { title: 'Gone at sign-out' });
    stops.push(keepOfflineCache(queryClient, 'b'));
    await afterSave();
    expect(await stored()).toHaveLength(1);

    queryClient.setQueryData(queryRoots.session, null);
    queryClient.setQueryData(['tasks', 'detail', 't-1'], { title: 'Changed after' });
    await afterSave();
    expect(await stored()).toEqual([]);
    expect(offlineOwner()).toBeNull();
  });
});

describe('forgetOfflineData', () => {
  it('removes every user’s cache and the owner', async () => {
    await userCachePersister('ann').persistClient({
      timestamp: Date.now(),
      buster: 'b',
      clientState: { queries: [], mutations: [] },
    });
    expect(await stored()).toHaveLength(1);
    await forgetOfflineData();
    expect(await stored()).toEqual([]);
    expect(offlineOwner()).toBeNull();
  });
});
