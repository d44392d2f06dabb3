import {
  defaultShouldDehydrateQuery,
  type Mutation,
  type Query,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import {
  type PersistedClient,
  type Persister,
  persistQueryClientRestore,
  persistQueryClientSave,
} from '@tanstack/react-query-persist-client';
import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';
import { OFFLINE_OWNER_KEY, offlineOwner } from './offline-owner.ts';
import { queryRoots } from './query-keys.ts';

// Issue 33: what a signed-in user last saw, kept in this browser's IndexedDB so that the app
// shows it with no network (docs/decisions/052-offline-app.md). One user's cache at a time,
// stored under their id; sign-out, a 401 and another user's sign-in delete it.

/** Restored no more than a week after it was written: the session cookie lasts as long. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** At most one write a second, of the cache as it is by then. */
const SAVE_DELAY_MS = 1000;
/**
 * And then when the page is idle, at the latest this much later: writing copies the whole cache
 * on the main thread, which cost a busy screen (a list scrolled while its pages arrive, issue 28)
 * a dropped frame or two a second.
 */
const IDLE_TIMEOUT_MS = 4000;

/**
 * Query roots never written to the device: the account's security screens (sessions, tokens,
 * two-factor, sign-in links, the calendar feed's secret address), the admin screens, the
 * sign-in flow, and searches.
 */
const NOT_KEPT = new Set(['account', 'admin', 'auth', 'search']);

/** Whether a query's answer may be kept on the device. */
export const keptOnDevice = (queryKey: QueryKey) => !NOT_KEPT.has(String(queryKey[0]));

type Paged = { pages: unknown[]; pageParams: unknown[] };
const isPaged = (data: unknown): data is Paged =>
  typeof data === 'object' &&
  data !== null &&
  Array.isArray((data as Paged).pages) &&
  Array.isArray((data as Paged).pageParams);

/**
 * What of a query's answer is kept: a list loaded page by page keeps its first page only (what
 * the list opens on), not every page scrolled through, so a write stays small however far a list
 * was read (2,000 tasks were 20 pages, all copied at each write).
 */
export function keptData(data: unknown): unknown {
  if (!isPaged(data) || data.pages.length <= 1) return data;
  return { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) };
}

/** The IndexedDB key of a user's cache. */
export const cacheKeyOf = (userId: string) => `query-cache:${userId}`;

function setOfflineOwner(userId: string | null) {
  try {
    if (userId) localStorage.setItem(OFFLINE_OWNER_KEY, userId);
    else localStorage.removeItem(OFFLINE_OWNER_KEY);
  } catch {
    // Storage refused (private mode, quota): nothing is kept, and so nothing to clear either.
  }
}

let store: UseStore | undefined;
const database = () => {
  store ??= createStore('shipyard-offline', 'keyval');
  return store;
};

// Every write and delete in order: a delete at sign-out lands after a save already under way.
let queue: Promise<unknown> = Promise.resolve();
function inOrder<T>(operation: () => Promise<T>): Promise<T | undefined> {
  const run = queue.then(operation, operation);
  queue = run.catch(() => undefined);
  return run.catch(() => undefined);
}

/** A persister of one user's cache (TanStack Query's Persister interface). */
export function userCachePersister(userId: string): Persister {
  const key = cacheKeyOf(userId);
  return {
    persistClient: async (client: PersistedClient) => {
      await inOrder(() => set(key, client, database()));
    },
    restoreClient: () => get<PersistedClient>(key, database()),
    removeClient: async () => {
      await inOrder(() => del(key, database()));
    },
  };
}

/** Deletes every cache this device holds and forgets its owner (sign-out, another user). */
export async function forgetOfflineData(): Promise<void> {
  setOfflineOwner(null);
  await inOrder(() => clear(database()));
}

/** Puts `userId`'s cache (if any, fresh and of this app version) into the client. */
export async function restoreOfflineCache(queryClient: QueryClient, userId: string, buster: string) {
  try {
    await persistQueryClientRestore({
      queryClient,
      persister: userCachePersister(userId),
      buster,
      maxAge: MAX_AGE_MS,
    });
    // Shown at once, but never taken as fresh: what changed since (on this device in the last
    // second before a reload, or anywhere else) is fetched as soon as a screen mounts.
    await queryClient.invalidateQueries({ refetchType: 'none' });
  } catch {
    // An unreadable cache is discarded (by the restore itself): the app loads from the network.
  }
}

const isSession = (key: QueryKey) => key[0] === queryRoots.session[0];

/** The signed-in user's id as the client knows it: undefined while unknown, null when signed out. */
function sessionUser(queryClient: QueryClient): string | null | undefined {
  const query = queryClient.getQueryCache().find<{ id: string } | null>({ queryKey: queryRoots.session });
  if (query?.state.status !== 'success') return undefined;
  return query.state.data?.id ?? null;
}

/**
 * Keeps the signed-in user's cache on the device while they are signed in (the session query
 * says who). Another user's sign-in first deletes the last one's cache and what the client holds
 * of theirs; signing out (the session answered null) deletes it all. Answers a function that stops.
 */
export function keepOfflineCache(queryClient: QueryClient, buster: string): () => void {
  let owner = offlineOwner();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  let queuedWrite = false;
  let stopped = false;
  const cancelIdle = () => {
    if (idle !== undefined && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
    idle = undefined;
  };
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    cancelIdle();
  };

  const persistable = (mutation: Mutation<unknown, Error, unknown, unknown>) => {
    const key = mutation.options.mutationKey;
    // Only a write the app can send again after a reload: one whose key has a mutationFn.
    return (
      mutation.state.isPaused &&
      key !== undefined &&
      queryClient.getMutationDefaults(key).mutationFn !== undefined
    );
  };
  const save = () => {
    timer = undefined;
    idle = undefined;
    queuedWrite = false;
    if (stopped || !owner) return;
    void persistQueryClientSave({
      queryClient,
      persister: userCachePersister(owner),
      buster,
      dehydrateOptions: {
        shouldDehydrateQuery: (query: Query) =>
          defaultShouldDehydrateQuery(query) && keptOnDevice(query.queryKey),
        shouldDehydrateMutation: persistable,
        serializeData: keptData,
      },
    }).catch(() => undefined);
  };
  /** `urgent`: a write queued offline, saved after the pause without waiting for idle time. */
  const schedule = (urgent = false) => {
    if (!owner) return;
    if (urgent) queuedWrite = true;
    if (timer) return;
    if (idle !== undefined) {
      if (!urgent) return;
      cancelIdle();
    }
    timer = setTimeout(() => {
      if (queuedWrite || typeof requestIdleCallback !== 'function') return save();
      timer = undefined;
      idle = requestIdleCallback(save, { timeout: IDLE_TIMEOUT_MS });
    }, SAVE_DELAY_MS);
  };
  const follow = () => {
    const user = sessionUser(queryClient);
    if (user === undefined || user === owner) return;
    cancel();
    const previous = owner;
    owner = user;
    if (previous && owner) {
      // What the client still holds of the last user is not shown to the next one.
      queryClient.getMutationCache().clear();
      queryClient.removeQueries({ predicate: (query) => !isSession(query.queryKey) });
    }
    void forgetOfflineData().then(() => {
      if (owner && !stopped) {
        setOfflineOwner(owner);
        schedule();
      }
    });
  };

  const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') {
      follow();
      schedule();
    }
  });
  const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') schedule(true);
  });
  follow();
  return () => {
    stopped = true;
    cancel();
    unsubscribeQueries();
    unsubscribeMutations();
  };
}
