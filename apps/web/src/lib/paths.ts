/**
 * The app's URLs in one place: Links, navigate() and menus build them here instead of writing
 * path strings by hand. The route table (app/router.tsx, its signed-in part in app/app-routes.tsx)
 * declares the matching patterns.
 */
export const paths = {
  home: () => '/',
  auth: () => '/auth',
  dashboard: () => '/d',
  products: () => '/products',
  newProduct: () => '/new-product',
  product: (id: string) => `/products/${encodeURIComponent(id)}`,
  team: () => '/team',
  calendar: () => '/calendar',
  roadmap: () => '/roadmap',
  lifecycle: () => '/lifecycle',
  reports: () => '/reports',
  tasks: () => '/tasks',
  task: (id: string) => `/tasks/${id}`,
  views: () => '/views',
  /** A saved view (issue 28), with its query when given: it opens the task list so filtered. */
  view: (id: string, query = '') => `/views/${encodeURIComponent(id)}${query ? `?${query}` : ''}`,
  analytics: () => '/analytics',
  activity: () => '/activity',
  services: () => '/services',
  settings: () => '/settings',
  notifications: () => '/notifications',
  profile: () => '/profile',
  /** One's timesheet (issue 31); `?week=2026-W05` opens another week. */
  timesheet: () => '/timesheet',
  /** What the caller may restore; of one product's tasks with `productId`. */
  trash: (productId?: string) => (productId ? `/trash/${encodeURIComponent(productId)}` : '/trash'),
} as const;
