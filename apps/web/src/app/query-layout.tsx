import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { offlineOwner } from '../lib/offline-owner.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { startOfflineCache } from './offline-start.ts';

// One client for as long as the page lives, not per mount of this layout: a visit to the landing
// page (outside it) between two signed-in pages keeps the cache and the session.
let appQueryClient: ReturnType<typeof createQueryClient> | undefined;
// The signed-in user's cache restored from the device (issue 33), once per page.
let restored: Promise<void> | undefined;
let restoredDone = false;

/**
 * Every route but the landing page sits under this layout, a lazy route: TanStack Query (10 kB)
 * is not part of the landing page's first load (docs/decisions/005-bundle-budget.md).
 */
export function Component() {
  appQueryClient ??= createQueryClient();
  restored ??= startOfflineCache(appQueryClient).then(() => {
    restoredDone = true;
  });
  // Nothing to wait for without a cache on the device (a signed-out visitor, a first sign-in).
  const [ready, setReady] = useState(() => restoredDone || offlineOwner() === null);
  useEffect(() => {
    if (!ready) void restored?.then(() => setReady(true));
  }, [ready]);
  if (!ready) return null;
  return (
    <QueryClientProvider client={appQueryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
