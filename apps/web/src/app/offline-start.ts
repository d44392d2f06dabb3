import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { sessionKey } from '../features/auth/api/get-session.ts';
import { offlineOwner } from '../lib/offline-owner.ts';
import { queryRoots } from '../lib/query-keys.ts';

// Issue 33 (docs/decisions/049-offline-app.md): at start, the signed-in user's cache comes back
// from the device before the first page renders; then it is kept while they stay signed in.
// The code that does it (IndexedDB, TanStack's persister) loads only for a user who has or
// gets a cache: the landing page and /auth of a signed-out visitor do not download it.

/** A new build starts a new cache: the shapes it reads may have changed. */
const BUSTER = import.meta.env.VITE_APP_BUILD ?? 'dev';

const load = () =>
  Promise.all([
    import('../lib/offline-cache.ts'),
    import('../features/tasks/api/queued-task-edit.ts'),
    import('../features/auth/api/get-session.ts'),
  ]);

/** The session as the server answers it now; undefined without an answer (offline). */
async function confirmedUser(getSession: () => Promise<{ id: string } | null>) {
  if (!onlineManager.isOnline()) return undefined;
  try {
    return await getSession();
  } catch {
    return undefined;
  }
}

async function restoreAndKeep(queryClient: QueryClient, owner: string) {
  const [cache, tasks, auth] = await load();
  tasks.registerQueuedTaskEdits(queryClient);
  // Online, the cache is shown only to the user it belongs to (a shared device whose last user's
  // session ended without a sign-out); offline, the device's last user is the one reading.
  const user = await confirmedUser(auth.getSession);
  if (user === undefined || user?.id === owner) await cache.restoreOfflineCache(queryClient, owner, BUSTER);
  if (user !== undefined) queryClient.setQueryData(sessionKey, user);
  cache.keepOfflineCache(queryClient, BUSTER);
  if (onlineManager.isOnline()) void queryClient.resumePausedMutations();
}

/** Starts keeping a cache once someone signs in (the session query holds a user). */
function keepOnSignIn(queryClient: QueryClient) {
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] !== queryRoots.session[0] || !event.query.state.data) return;
    unsubscribe();
    void load()
      .then(([cache, tasks]) => {
        tasks.registerQueuedTaskEdits(queryClient);
        cache.keepOfflineCache(queryClient, BUSTER);
      })
      .catch(() => undefined);
  });
}

/**
 * Answers once the page may render: at once without a cache on the device, else once it is
 * restored (or found unusable).
 */
export function startOfflineCache(queryClient: QueryClient): Promise<void> {
  // TanStack Query assumes online at start; a page opened offline must pause its queries and writes.
  if (typeof navigator !== 'undefined' && !navigator.onLine) onlineManager.setOnline(false);
  const owner = offlineOwner();
  if (!owner) {
    keepOnSignIn(queryClient);
    return Promise.resolve();
  }
  return restoreAndKeep(queryClient, owner).catch(() => undefined);
}
