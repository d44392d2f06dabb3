import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';

// One client for as long as the page lives, not per mount of this layout: a visit to the landing
// page (outside it) between two signed-in pages keeps the cache and the session.
let appQueryClient: ReturnType<typeof createQueryClient> | undefined;

/**
 * Every route but the landing page sits under this layout, a lazy route: TanStack Query (10 kB)
 * is not part of the landing page's first load (docs/decisions/005-bundle-budget.md).
 */
export function Component() {
  appQueryClient ??= createQueryClient();
  return (
    <QueryClientProvider client={appQueryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
