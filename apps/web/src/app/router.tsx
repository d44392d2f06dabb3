import type { MenuItem } from '@shipyard/shared';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { RootErrorBoundary } from './root-error-boundary.tsx';

// Every route of spec §2.1; each page is its own lazily loaded chunk.

// The guards and TanStack Query's provider are lazy too: the landing page's first load has
// neither (docs/decisions/005-bundle-budget.md).
const guard = (name: 'RedirectIfSignedIn' | 'RequireSession' | 'ShellIfSignedIn') => async () => {
  const guards = await import('./guards.tsx');
  return { Component: guards[name] };
};

const behindMenu = (item: MenuItem, route: RouteObject): RouteObject => ({
  lazy: async () => {
    const { RequireMenuAccess } = await import('./require-menu-access.tsx');
    return { element: <RequireMenuAccess item={item} /> };
  },
  children: [route],
});

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
        lazy: () => import('./query-layout.tsx'),
        children: [
          {
            lazy: guard('RedirectIfSignedIn'),
            children: [{ path: 'auth', lazy: () => import('./routes/auth.tsx') }],
          },
          { path: 'auth/callback', lazy: () => import('./routes/auth-callback.tsx') },
          { path: 'verify', lazy: () => import('./routes/verify.tsx') },
          {
            lazy: guard('RequireSession'),
            children: [
              {
                lazy: () => import('./layouts/app-shell.tsx'),
                children: [
                  { path: 'd', lazy: () => import('./routes/dashboard.tsx') },
                  { path: 'products', lazy: () => import('./routes/products.tsx') },
                  { path: 'products/:id', lazy: () => import('./routes/product-detail.tsx') },
                  { path: 'new-product', lazy: () => import('./routes/new-product.tsx') },
                  { path: 'tasks', lazy: () => import('./routes/tasks.tsx') },
                  { path: 'tasks/:id', lazy: () => import('./routes/task.tsx') },
                  { path: 'views', lazy: () => import('./routes/views.tsx') },
                  { path: 'views/:id', lazy: () => import('./routes/view.tsx') },
                  { path: 'activity', lazy: () => import('./routes/activity.tsx') },
                  { path: 'roadmap', lazy: () => import('./routes/roadmap.tsx') },
                  { path: 'services', lazy: () => import('./routes/services.tsx') },
                  { path: 'settings', lazy: () => import('./routes/settings.tsx') },
                  { path: 'profile', lazy: () => import('./routes/profile.tsx') },
                  { path: 'trash', lazy: () => import('./routes/trash.tsx') },
                  { path: 'timesheet', lazy: () => import('./routes/timesheet.tsx') },
                  { path: 'trash/:productId', lazy: () => import('./routes/trash.tsx') },
                  behindMenu('team', { path: 'team', lazy: () => import('./routes/team.tsx') }),
                  behindMenu('calendar', { path: 'calendar', lazy: () => import('./routes/calendar.tsx') }),
                  behindMenu('reports', { path: 'reports', lazy: () => import('./routes/reports.tsx') }),
                  behindMenu('analytics', {
                    path: 'analytics',
                    lazy: () => import('./routes/analytics.tsx'),
                  }),
                  behindMenu('notifications', {
                    path: 'notifications',
                    lazy: () => import('./routes/notifications.tsx'),
                  }),
                ],
              },
            ],
          },
          {
            lazy: guard('ShellIfSignedIn'),
            children: [{ path: '*', lazy: () => import('./routes/not-found.tsx') }],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
