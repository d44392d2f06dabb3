import type { MenuItem } from '@shipyard/shared';
import type { RouteObject } from 'react-router';
import { setMenuPages } from '../lib/menu-pages.ts';

// The signed-in part of the route table (spec §2.1), loaded by the router the first time an address
// outside the public pages is opened (router.tsx): the landing page and /auth do not download it.

const guard = (name: 'RequireSession' | 'ShellIfSignedIn') => async () => {
  const guards = await import('./guards.tsx');
  return { Component: guards[name] };
};

/** The pages of the sidebar's entries, also fetched ahead while the browser is idle (lib/menu-pages.ts). */
const menuPages = {
  dashboard: () => import('./routes/dashboard.tsx'),
  products: () => import('./routes/products.tsx'),
  team: () => import('./routes/team.tsx'),
  calendar: () => import('./routes/calendar.tsx'),
  roadmap: () => import('./routes/roadmap.tsx'),
  lifecycle: () => import('./routes/lifecycle.tsx'),
  reports: () => import('./routes/reports.tsx'),
  tasks: () => import('./routes/tasks.tsx'),
  analytics: () => import('./routes/analytics.tsx'),
  activity: () => import('./routes/activity.tsx'),
  services: () => import('./routes/services.tsx'),
  settings: () => import('./routes/settings.tsx'),
  notifications: () => import('./routes/notifications.tsx'),
} satisfies Record<MenuItem, () => Promise<unknown>>;
setMenuPages(menuPages);

const behindMenu = (item: MenuItem, route: RouteObject): RouteObject => ({
  lazy: async () => {
    const { RequireMenuAccess } = await import('./require-menu-access.tsx');
    return { element: <RequireMenuAccess item={item} /> };
  },
  children: [route],
});

/** Everything under the query layout but the public pages; the router patches it in there. */
export const appRoutes: RouteObject[] = [
  {
    lazy: guard('RequireSession'),
    children: [
      {
        lazy: () => import('./layouts/app-shell.tsx'),
        children: [
          { path: 'd', lazy: menuPages.dashboard },
          { path: 'products', lazy: menuPages.products },
          { path: 'products/:id', lazy: () => import('./routes/product-detail.tsx') },
          { path: 'new-product', lazy: () => import('./routes/new-product.tsx') },
          { path: 'tasks', lazy: menuPages.tasks },
          { path: 'tasks/:id', lazy: () => import('./routes/task.tsx') },
          { path: 'views', lazy: () => import('./routes/views.tsx') },
          { path: 'views/:id', lazy: () => import('./routes/view.tsx') },
          { path: 'activity', lazy: menuPages.activity },
          { path: 'roadmap', lazy: menuPages.roadmap },
          { path: 'lifecycle', lazy: menuPages.lifecycle },
          { path: 'services', lazy: menuPages.services },
          { path: 'settings', lazy: menuPages.settings },
          { path: 'profile', lazy: () => import('./routes/profile.tsx') },
          { path: 'trash', lazy: () => import('./routes/trash.tsx') },
          { path: 'timesheet', lazy: () => import('./routes/timesheet.tsx') },
          { path: 'trash/:productId', lazy: () => import('./routes/trash.tsx') },
          behindMenu('team', { path: 'team', lazy: menuPages.team }),
          behindMenu('calendar', { path: 'calendar', lazy: menuPages.calendar }),
          behindMenu('reports', { path: 'reports', lazy: menuPages.reports }),
          behindMenu('analytics', {
            path: 'analytics',
            lazy: menuPages.analytics,
          }),
          behindMenu('notifications', {
            path: 'notifications',
            lazy: menuPages.notifications,
          }),
        ],
      },
    ],
  },
  {
    lazy: guard('ShellIfSignedIn'),
    children: [{ path: '*', lazy: () => import('./routes/not-found.tsx') }],
  },
];
