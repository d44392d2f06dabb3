import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { RootErrorBoundary } from './root-error-boundary.tsx';

// Every route of spec §2.1; each page is its own lazily loaded chunk. The entry script holds only
// the public pages' routes: the signed-in ones (app-routes.tsx) are patched in under the query
// layout the first time another address is opened, so every page added to the app does not grow
// the landing page's and /auth's first load (docs/decisions/005-bundle-budget.md).

const QUERY_LAYOUT = 'query';
const PUBLIC_PATHS = new Set(['/', '/auth', '/auth/callback', '/verify']);

let appRoutes: Promise<RouteObject[]> | undefined;
/** The signed-in routes' module, loaded once; a failed load is tried again on the next navigation. */
function loadAppRoutes() {
  appRoutes ??= import('./app-routes.tsx').then(
    (module) => module.appRoutes,
    (error: unknown) => {
      appRoutes = undefined;
      throw error;
    },
  );
  return appRoutes;
}
// Opened on a signed-in address, the page needs them at once: fetched beside the entry's own imports
// rather than after the router has found no match.
if (!PUBLIC_PATHS.has(window.location.pathname)) loadAppRoutes().catch(() => {});

let patched = false;

// The guards and TanStack Query's provider are lazy too: the landing page's first load has
// neither (docs/decisions/005-bundle-budget.md).
const redirectIfSignedIn = async () => {
  const guards = await import('./guards.tsx');
  return { Component: guards.RedirectIfSignedIn };
};

const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Outlet,
    ErrorBoundary: RootErrorBoundary,
    // Shown while the first page's chunk loads; an empty page avoids a flash of anything else.
    HydrateFallback: () => null,
    children: [
      { index: true, lazy: () => import('./routes/landing.tsx') },
      {
        id: QUERY_LAYOUT,
        lazy: () => import('./query-layout.tsx'),
        children: [
          {
            lazy: redirectIfSignedIn,
            children: [{ path: 'auth', lazy: () => import('./routes/auth.tsx') }],
          },
          { path: 'auth/callback', lazy: () => import('./routes/auth-callback.tsx') },
          { path: 'verify', lazy: () => import('./routes/verify.tsx') },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes, {
  // React Router asks when an address matches no route (or only a pattern with parameters):
  // the signed-in routes join the table once, and every later navigation matches them directly.
  async patchRoutesOnNavigation({ patch, signal }) {
    if (patched) return;
    const children = await loadAppRoutes();
    if (patched || signal.aborted) return;
    patch(QUERY_LAYOUT, children);
    patched = true;
  },
});
