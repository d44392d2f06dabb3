import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { createStore, get, keys } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cacheKeyOf,
  forgetOfflineData,
  keepOfflineCache,
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
