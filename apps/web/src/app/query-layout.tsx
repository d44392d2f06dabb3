import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';
import { startOfflineCache } from './offline-start.ts';

// One client for as long as the page lives, not per mount of this layout: a visit to the landing
// page (outside it) between two signed-in pages keeps the cache and the session.
const appQueryClient = createQueryClient();
let restored: Promise<void> | undefined;

/**
 * Before any page under this layout renders: the signed-in user's cache restored from the device
 * (issue 33), once per page load; at once when the device holds none.
 */
export async function loader() {
  restored ??= startOfflineCache(appQueryClient);
  await restored;
  return null;
}

export const shouldRevalidate = () => false;

/**
 * Every route but the landing page sits under this layout, a lazy route: TanStack Query (10 kB)
 * is not part of the landing page's first load (docs/decisions/005-bundle-budget.md).
 */
export function Component() {
  return (
    <QueryClientProvider client={appQueryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
