import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { getSession, sessionKey } from '../features/auth/api/get-session.ts';
import { registerServiceWorker } from '../pwa/register.ts';

// Loaded by offline-start.ts only for a user who has or gets a cache on this device; what it
// needs comes in its own requests (the list of them is not in the chunk every page loads).

/** A new build starts a new cache: the shapes it reads may have changed. */
const BUSTER = import.meta.env.VITE_APP_BUILD ?? 'dev';

async function load(queryClient: QueryClient) {
  // The app shell for offline use: installed once someone is signed in.
  registerServiceWorker();
  const [cache, tasks] = await Promise.all([
    import('../lib/offline-cache.ts'),
    import('../features/tasks/api/queued-task-edit.ts'),
  ]);
  // A change queued before a reload is sent by these (restored writes carry no function).
  tasks.registerQueuedTaskEdits(queryClient);
  return cache;
}

/** The session as the server answers it now; undefined without an answer (offline). */
async function confirmedUser() {
  if (!onlineManager.isOnline()) return undefined;
  try {
    return await getSession();
  } catch {
    return undefined;
  }
}

/** Keeps the signed-in user's cache on the device from now on. */
export async function keep(queryClient: QueryClient) {
  (await load(queryClient)).keepOfflineCache(queryClient, BUSTER);
}

/** Puts `owner`'s cache back into the client, then keeps it. */
export async function restoreAndKeep(queryClient: QueryClient, owner: string) {
  // TanStack Query assumes online at start; a page opened offline must pause its queries and writes.
  if (!navigator.onLine) onlineManager.setOnline(false);
  const cache = await load(queryClient);
  // Online, the cache is shown only to the user it belongs to (a shared device whose last user's
  // session ended without a sign-out); offline, the device's last user is the one reading.
  const user = await confirmedUser();
  if (user === undefined || user?.id === owner) await cache.restoreOfflineCache(queryClient, owner, BUSTER);
  if (user !== undefined) queryClient.setQueryData(sessionKey, user);
  cache.keepOfflineCache(queryClient, BUSTER);
  if (onlineManager.isOnline()) void queryClient.resumePausedMutations();
}
