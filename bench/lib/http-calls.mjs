// What bench/http.mjs measures: the calls, the board variants and their targets.

export const P99_TARGET_MS = 25;
export const REPORT_P99_TARGET_MS = 100;
export const ANALYTICS_P99_TARGET_MS = 100;
/** Issue 17: create a task at p99 ≤ 150 ms with 50 connections. */
const CREATE_P99_TARGET_MS = 150;
/** Made by this script after seeding (the seed has no super admin): reports are theirs only. */
export const BENCH_SUPER = 'bench-super@example.com';
export const RATIO_TARGET = 1.5;
/** The dashboard's reference database holds this fraction of the tasks (50,000 → 5,000). */
export const BASELINE_TASK_FRACTION = 10;

/**
 * The calls, given the id of a product bench-member may see (each holds 1/200 of the tasks).
 * Every call is made as bench-member, who sees half the products, unless `as` says 'admin'.
 */
export const calls = (productId, taskId) => [
  // Not a target: the cheapest signed-in call (the session lookup and nothing else), measured the
  // same way to show what the stack and the machine allow at all.
  { name: 'floor: user/me', path: '/api/user/me', reference: true },
  { name: 'list', path: '/api/projects?limit=50' },
  { name: 'detail', path: `/api/projects/${productId}` },
  { name: 'dashboard', path: '/api/dashboard/summary' },
  { name: 'activity log', path: '/api/activities?limit=100' },
  // The Tasks page's first page (default limit 50, with the total), for an admin who sees every
  // task and for bench-member, then a product's Tasks tab.
  { name: 'tasks all (admin)', path: '/api/tasks/all', as: 'admin' },
  { name: 'tasks all (member)', path: '/api/tasks/all' },
  { name: 'product tasks', path: `/api/tasks/${productId}/tasks` },
  // The task's page (issue 15): the task, its history and its sections in one request.
  { name: 'task detail', path: `/api/tasks/${taskId}/detail` },
  // Reports (super admins only): every product, 50,000 tasks aggregated per call; own target.
  ...['project-status', 'team-productivity', 'milestone-analysis', 'resource-allocation'].map((type) => ({
    name: `report ${type}`,
    path: `/api/reports/${type}`,
    as: 'super',
    p99TargetMs: REPORT_P99_TARGET_MS,
  })),
  // Analytics (super admins only): the KPIs and the three tabs over every product, for the last
  // 30 and 365 days; own target.
  ...['month', 'year'].map((timeframe) => ({
    name: `analytics ${timeframe}`,
    path: `/api/analytics?timeframe=${timeframe}&tz=UTC`,
    as: 'super',
    p99TargetMs: ANALYTICS_P99_TARGET_MS,
  })),
  // A write: creates a task in the product (the tasks it adds are deleted after the run, so the
  // calls measured after it see the seeded data set). Last, for the same reason.
  {
    name: 'create task',
    path: '/api/tasks',
    method: 'POST',
    body: JSON.stringify({ title: CREATED_TITLE, projectId: productId }),
    p99TargetMs: CREATE_P99_TARGET_MS,
  },
];
export const CREATED_TITLE = 'Bench created task';

/**
 * Opening a product's board (issue 17), as the web app does it: today one request; before, the
 * first page of each of the three columns (100 cards each, at once), and the issue's own
 * reference, the product's tasks in two pages of 200 (the second from the first's cursor).
 */
export const boardVariants = (productId, cursor) => [
  { name: 'board: one request', paths: [`/api/tasks/${productId}/board`] },
  {
    name: 'board before: 3 columns of 100',
    paths: ['Pending', 'In%20Progress', 'Completed'].map(
      (status) => `/api/tasks/${productId}/tasks?limit=100&status=${status}`,
    ),
  },
  {
    name: 'board before: 2 pages of 200',
    sequential: true,
    paths: [
      `/api/tasks/${productId}/tasks?limit=200`,
      `/api/tasks/${productId}/tasks?limit=200&cursor=${encodeURIComponent(cursor ?? '')}`,
    ],
  },
];

/** Issue 17's goals for the board in one request: ≥ 300 boards/s at 50 clients, p50 ≤ 10 ms at 1, ≤ 40 kB brotli. */
const BOARD_TARGETS = { boardsPerSec: 300, p50Ms: 10, wireBytes: 40_000 };
export function boardTargets(r) {
  if (!r.name.startsWith('board: one request')) return [];
  return [
    { what: `br ≤ ${BOARD_TARGETS.wireBytes / 1000} kB`, met: r.sizes.br <= BOARD_TARGETS.wireBytes },
    ...(r.connections >= 50
      ? [{ what: `≥ ${BOARD_TARGETS.boardsPerSec}/s`, met: r.boardsPerSec >= BOARD_TARGETS.boardsPerSec }]
      : []),
    ...(r.connections === 1
      ? [{ what: `p50 ≤ ${BOARD_TARGETS.p50Ms} ms`, met: r.latencyMs.p50 <= BOARD_TARGETS.p50Ms }]
      : []),
    { what: 'no failure', met: r.failed === 0 },
  ];
}
