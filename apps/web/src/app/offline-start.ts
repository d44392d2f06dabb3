import type { QueryClient } from '@tanstack/react-query';
import { offlineOwner } from '../lib/offline-owner.ts';
import { queryRoots } from '../lib/query-keys.ts';

// Issue 33 (docs/decisions/052-offline-app.md): at start, the signed-in user's cache comes back
// from the device before the first page renders; then it is kept while they stay signed in.
// The code that does it (offline-restore.ts: IndexedDB, TanStack's persister) loads only for a
// user who has or gets a cache: /auth of a signed-out visitor does not download it.

const restore = () => import('./offline-restore.ts');

/** Starts keeping a cache once someone signs in (the session query holds a user). */
function keepOnSignIn(queryClient: QueryClient) {
  const unsubscribe = queryClient.getQueryCache().subscribe(({ query }) => {
    if (query.queryKey[0] !== queryRoots.session[0] || !query.state.data) return;
    unsubscribe();
    void restore()
      .then((offline) => offline.keep(queryClient))
      .catch(() => undefined);
  });
}

/**
 * Answers once the page may render: at once without a cache on the device, else once it is
 * restored (or found unusable).
 */
export function startOfflineCache(queryClient: QueryClient): Promise<void> {
  const owner = offlineOwner();
  if (!owner) {
    keepOnSignIn(queryClient);
    return Promise.resolve();
  }
  return restore()
    .then((offline) => offline.restoreAndKeep(queryClient, owner))
    .catch(() => undefined);
}
