import type { ChangeEvent, ChangeKind, ChangeOp, Task } from '@shipyard/shared';
import { MutationObserver, type QueryClient, type QueryKey, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionKey } from '../../features/auth/api/get-session.ts';
import { calendarTaskKeys } from '../../features/calendar/api/get-calendar-tasks.ts';
import { eventKeys } from '../../features/calendar/api/get-events.ts';
import { commentKeys } from '../../features/comments/api/keys.ts';
import { dashboardSummaryKey } from '../../features/dashboard/api/get-dashboard-summary.ts';
import { recentActivityKey } from '../../features/dashboard/api/get-recent-activity.ts';
import { teamOverviewKey } from '../../features/dashboard/api/get-team-overview.ts';
import { notificationKeys } from '../../features/notifications/api/get-notifications.ts';
import { productDetailKey } from '../../features/products/api/get-product.ts';
import { productActivitiesKey } from '../../features/products/api/get-product-activities.ts';
import { productDocumentsKey } from '../../features/products/api/get-product-documents.ts';
import { productKeys } from '../../features/products/api/get-products.ts';
import { recentProductsKey } from '../../features/products/api/get-recent-products.ts';
import { reportKeys } from '../../features/reports/api/get-report.ts';
import { serviceKeys } from '../../features/services/api/service-keys.ts';
import {
  loadedTasks,
  type TaskListParams,
  type TaskPages,
  taskKeys,
} from '../../features/tasks/api/get-tasks.ts';
import { changeCachedTasks } from '../../features/tasks/api/task-cache.ts';
import { makeTask, PRODUCT_ID, taskList } from '../../features/tasks/components/test-tasks.ts';
import { teamKeys } from '../../features/teams/api/team-keys.ts';
import { teamMemberKeys } from '../../features/user-management/api/get-team-members.ts';
import { productOptionsKey } from '../../lib/product-options.ts';
import {
  apiError,
  createTestQueryClient,
  deferred,
  jsonResponse,
  makeUser,
  mockFetch,
} from '../../test/render.tsx';
import { CHANGE_BATCH_MS, createChangeApplier, MUTATION_WAIT_MAX_MS } from './apply-change.ts';

const taskParams = (productId?: string): TaskListParams => ({
  productId,
  search: '',
  phase: [],
  status: [],
  limit: 50,
});

/** One cached query of every kind the app has, by a readable name. */
const caches = {
  tasksP1: taskKeys.list(taskParams('p-1')),
  tasksP2: taskKeys.list(taskParams('p-2')),
  tasksAll: taskKeys.list(taskParams()),
  taskOptionsP1: taskKeys.options('p-1'),
  taskOptionsP2: taskKeys.options('p-2'),
  productList: productKeys.list({ search: '', status: [], team: [], priority: [], page: 1, limit: 10 }),
  productP1: productDetailKey('p-1'),
  productP2: productDetailKey('p-2'),
  timelineP1: productActivitiesKey('p-1'),
  timelineP2: productActivitiesKey('p-2'),
  documentsP1: productDocumentsKey('p-1'),
  documentsP2: productDocumentsKey('p-2'),
  recentProducts: recentProductsKey,
  productOptions: productOptionsKey,
  teamsP1: teamKeys.product('p-1'),
  teamsP2: teamKeys.product('p-2'),
  teamT1: teamKeys.detail('team-1'),
  teamT2: teamKeys.detail('team-2'),
  candidatesT1: teamKeys.candidates('team-1', ''),
  notifications: notificationKeys.list('all'),
  unreadCount: notificationKeys.unreadCount,
  events: eventKeys.list({ from: '2025-03-01', to: '2025-03-31' }),
  services: serviceKeys.list({ search: '', category: undefined }),
  deliveries: serviceKeys.deliveries('s-1'),
  teamMembers: teamMemberKeys.list({ search: '', department: 'all', limit: 20 }),
  dashboardSummary: dashboardSummaryKey,
  recentActivity: recentActivityKey,
  teamOverview: teamOverviewKey,
  activityLog: ['activity', 'log', { productId: '', action: '', search: '' }],
  analytics: ['analytics', { timeframe: '30d', products: [], tz: 'UTC' }],
  report: reportKeys.report({ type: 'project-status', from: '2025-01-01', to: '2025-03-31' }),
  session: sessionKey,
  commentsT1: commentKeys.list('t-1'),
  commentsT2: commentKeys.list('t-2'),
  watchersT1: commentKeys.watchers('t-1'),
  watchersT2: commentKeys.watchers('t-2'),
} satisfies Record<string, QueryKey>;
type Cache = keyof typeof caches;

const pageOf = (ids: string[]) => ({
  pages: [{ data: ids.map((id) => ({ id })), total: ids.length, nextCursor: null }],
  pageParams: [null],
});

let queryClient: QueryClient;
let applier: ReturnType<typeof createChangeApplier>;

function seed() {
  for (const key of Object.values(caches)) queryClient.setQueryData(key, {});
  queryClient.setQueryData(caches.tasksP1, pageOf(['t-1']));
  // t-9 was in p-2 before it moved to p-1.
  queryClient.setQueryData(caches.tasksP2, pageOf(['t-9']));
  queryClient.setQueryData(caches.tasksAll, pageOf(['t-1', 't-9']));
  queryClient.setQueryData(sessionKey, makeUser({ id: 'u-1' }));
}

const change = (kind: ChangeKind, id: string, productId: string | null, op: ChangeOp = 'updated') =>
  ({ type: 'change', kind, op, id, productId, version: 1 }) satisfies ChangeEvent;

/** The names of the caches marked invalid, after the batch ran. */
function invalidated(): Cache[] {
  vi.advanceTimersByTime(CHANGE_BATCH_MS);
  return (Object.keys(caches) as Cache[])
    .filter((name) => queryClient.getQueryState(caches[name])?.isInvalidated)
    .sort();
}

const sorted = (names: Cache[]) => [...new Set(names)].sort();

/** An observed query (as on screen) that counts its fetches. */
function watch(name: Cache) {
  // Answers what the cache holds, so a refetched list stays a list.
  const queryFn = vi.fn(async () => queryClient.getQueryData(caches[name]) ?? {});
  const observer = new QueryObserver(queryClient, { queryKey: caches[name], queryFn, staleTime: Infinity });
  const unsubscribe = observer.subscribe(() => {});
  return { queryFn, unsubscribe };
}

const dashboard: Cache[] = ['dashboardSummary', 'recentActivity', 'teamOverview'];
const figures: Cache[] = ['analytics', 'report'];
const teamOfP1: Cache[] = [
  'teamsP1',
  'teamT1',
  'candidatesT1',
  'taskOptionsP1',
  'productP1',
  'timelineP1',
  'productList',
  'teamMembers',
  ...dashboard,
  'activityLog',
  ...figures,
];

beforeEach(() => {
  vi.useFakeTimers();
  queryClient = createTestQueryClient();
  applier = createChangeApplier(queryClient);
  seed();
});

afterEach(() => {
  applier.dispose();
  queryClient.clear();
  vi.useRealTimers();
});

describe('applying server changes to the cache', () => {
  it.each<[string, ChangeEvent, Cache[]]>([
    [
      'a task no list holds: its product’s and the cross-product lists, progress, timeline, counts',
      change('task', 't-404', 'p-1'),
      [
        'tasksP1',
        'tasksAll',
        'productP1',
        'timelineP1',
        'productList',
        ...dashboard,
        'activityLog',
        ...figures,
      ],
    ],
    [
      'a task deleted that no list holds: the same',
      change('task', 't-404', 'p-1', 'deleted'),
      [
        'tasksP1',
        'tasksAll',
        'productP1',
        'timelineP1',
        'productList',
        ...dashboard,
        'activityLog',
        ...figures,
      ],
    ],
    [
      'a new product: the lists, pickers, calendar and counts',
      change('product', 'p-3', 'p-3', 'created'),
      ['productList', 'recentProducts', 'productOptions', 'events', ...dashboard, 'activityLog', ...figures],
    ],
    [
      'a product changed: also its page, its timeline and the task lists that name it',
      change('product', 'p-1', 'p-1'),
      [
        'productList',
        'recentProducts',
        'productOptions',
        'productP1',
        'timelineP1',
        'events',
        ...dashboard,
        'activityLog',
        ...figures,
        'tasksP1',
        'tasksAll',
      ],
    ],
    [
      'a product deleted: also its files, teams and task choices',
      change('product', 'p-1', 'p-1', 'deleted'),
      [
        'productList',
        'recentProducts',
        'productOptions',
        'productP1',
        'timelineP1',
        'events',
        ...dashboard,
        'activityLog',
        ...figures,
        'tasksP1',
        'tasksAll',
        'documentsP1',
        'teamsP1',
        'taskOptionsP1',
      ],
    ],
    ['a new team', change('team', 'team-1', 'p-1', 'created'), teamOfP1],
    [
      'a team changed: also the task cards that show it',
      change('team', 'team-1', 'p-1'),
      [...teamOfP1, 'tasksP1', 'tasksAll'],
    ],
    [
      'a membership: the team, and everything access to the product decides',
      change('member', 'team-1', 'p-1', 'created'),
      [...teamOfP1, 'recentProducts', 'productOptions', 'tasksP1', 'tasksAll', 'events'],
    ],
    [
      'a notification: the lists and the badge',
      change('notification', 'n-1', null, 'created'),
      ['notifications', 'unreadCount'],
    ],
    ['a calendar event', change('event', 'e-1', null), ['events']],
    ['a calendar event of a product', change('event', 'e-1', 'p-1'), ['events', 'timelineP1', 'activityLog']],
    [
      'a document',
      change('document', 'd-1', 'p-1', 'created'),
      ['documentsP1', 'timelineP1', 'productP1', 'activityLog'],
    ],
    ['a service', change('service', 's-1', null), ['services', 'deliveries']],
    [
      'a comment on a task (id is the task’s): its conversation, watchers and the timelines',
      change('comment', 't-1', 'p-1', 'created'),
      ['commentsT1', 'watchersT1', 'activityLog', 'timelineP1'],
    ],
    ['a watcher of a task: its watchers', change('watcher', 't-1', 'p-1'), ['watchersT1']],
    [
      'an activity entry',
      change('activity', 'a-1', 'p-1', 'created'),
      ['activityLog', 'recentActivity', 'timelineP1', 'productP1'],
    ],
  ])('%s', (_name, event, expected) => {
    applier.apply(event);
    expect(invalidated()).toEqual(sorted(expected));
  });

  it('refetches the calendar’s tasks when a task changes (its due date may have moved), not its events', () => {
    const calendarTasks = calendarTaskKeys.list({ from: '2025-03-01', to: '2025-04-11' });
    queryClient.setQueryData(calendarTasks, {});
    // t-1 is in a cached list, so the applier reads it (to patch the lists): answered here, not
    // sent to happy-dom's localhost:3000.
    const fetchMock = mockFetch(jsonResponse(200, makeTask({ id: 't-1', product_id: 'p-1' })));
    applier.apply(change('task', 't-1', 'p-1'));
    expect(invalidated()).not.toContain('events');
    expect(queryClient.getQueryState(calendarTasks)?.isInvalidated).toBe(true);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/tasks/t-1']);
  });

  it('marks every query of a product family when a change names no product', () => {
    applier.apply(change('document', 'd-1', null));
    expect(invalidated()).toEqual(
      sorted([
        'documentsP1',
        'documentsP2',
        'timelineP1',
        'timelineP2',
        'productP1',
        'productP2',
        'activityLog',
      ]),
    );
  });

  it('refetches people lists for a user change and only marks the rest, the session only when it is mine', () => {
    const members = watch('teamMembers');
    const product = watch('productP1');
    const session = watch('session');
    applier.apply(change('user', 'u-2', null));
    vi.advanceTimersByTime(CHANGE_BATCH_MS);
    expect(members.queryFn).toHaveBeenCalledTimes(1);
    expect(product.queryFn).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(caches.productP1)?.isInvalidated).toBe(true);
    expect(session.queryFn).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(caches.session)?.isInvalidated).toBe(false);

    applier.apply(change('user', 'u-1', null));
    vi.advanceTimersByTime(CHANGE_BATCH_MS);
    expect(session.queryFn).toHaveBeenCalledTimes(1);
  });

  it('refetches everything shown on a resync', () => {
    const product = watch('productP2');
    const services = watch('services');
    applier.apply({ type: 'resync' });
    expect(invalidated()).toEqual(sorted(Object.keys(caches) as Cache[]));
    expect(product.queryFn).toHaveBeenCalledTimes(1);
    expect(services.queryFn).toHaveBeenCalledTimes(1);
  });

  it('refetches the list on screen once for a burst of changes', () => {
    const board = watch('tasksP1');
    for (let i = 0; i < 20; i += 1) {
      applier.apply(change('task', `n-${i}`, 'p-1'));
      vi.advanceTimersByTime(2);
    }
    expect(board.queryFn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(CHANGE_BATCH_MS);
    expect(board.queryFn).toHaveBeenCalledTimes(1);
  });

  it('waits for a mutation in flight before refetching, but not for ever', async () => {
    const board = watch('tasksP1');
    const answer = deferred<void>();
    void new MutationObserver(queryClient, { mutationFn: () => answer.promise }).mutate();
    applier.apply(change('task', 'n-1', 'p-1'));
    vi.advanceTimersByTime(CHANGE_BATCH_MS * 3);
    expect(board.queryFn).not.toHaveBeenCalled();

    answer.resolve();
    await vi.advanceTimersByTimeAsync(CHANGE_BATCH_MS);
    expect(board.queryFn).toHaveBeenCalledTimes(1);

    void new MutationObserver(queryClient, { mutationFn: () => new Promise(() => {}) }).mutate();
    applier.apply(change('task', 'n-1', 'p-1'));
    vi.advanceTimersByTime(MUTATION_WAIT_MAX_MS + CHANGE_BATCH_MS);
    expect(board.queryFn).toHaveBeenCalledTimes(2);
  });

  it('drops what is pending when disposed', () => {
    const board = watch('tasksP1');
    applier.apply(change('task', 't-1', 'p-1'));
    applier.dispose();
    vi.advanceTimersByTime(CHANGE_BATCH_MS * 2);
    expect(board.queryFn).not.toHaveBeenCalled();
  });
});

describe('task lists follow a task change without being refetched', () => {
  const P = PRODUCT_ID;
  const v0 = '2025-03-01T10:00:00.000Z';
  const v1 = '2025-03-01T10:00:05.000Z';
  const v2 = '2025-03-01T10:00:09.000Z';
  const pendingKey = taskKeys.list({ ...taskParams(P), status: ['Pending'] });
  const completedKey = taskKeys.list({ ...taskParams(P), status: ['Completed'] });
  const event = (op: ChangeOp, version: string, id = 't-7') =>
    ({
      type: 'change',
      kind: 'task',
      op,
      id,
      productId: P,
      version: Date.parse(version),
    }) satisfies ChangeEvent;
  const pagesOf = (tasks: Task[]) => ({ pages: [taskList(tasks)], pageParams: [null] });
  const ids = (key: QueryKey) => loadedTasks(queryClient.getQueryData<TaskPages>(key)).map((t) => t.id);
  const total = (key: QueryKey) => queryClient.getQueryData<TaskPages>(key)?.pages[0]?.total;

  /** Two board columns on screen; `t-7` is Pending as of v0. */
  function board() {
    queryClient.setQueryData(pendingKey, pagesOf([makeTask({ id: 't-7', updatedAt: v0 })]));
    queryClient.setQueryData(completedKey, pagesOf([]));
    const refetches = [pendingKey, completedKey].map((queryKey) => {
      const queryFn = vi.fn(async () => pagesOf([]));
      new QueryObserver(queryClient, { queryKey, queryFn, staleTime: Infinity }).subscribe(() => {});
      return queryFn;
    });
    return { refetched: () => refetches.reduce((n, fn) => n + fn.mock.calls.length, 0) };
  }

  const settle = () => vi.advanceTimersByTimeAsync(CHANGE_BATCH_MS * 2);

  it('reads the changed task once and moves its card to the column it now belongs in', async () => {
    const { refetched } = board();
    const fetchMock = mockFetch(
      jsonResponse(200, makeTask({ id: 't-7', status: 'Completed', updatedAt: v1 })),
    );
    applier.apply(event('updated', v1));
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/tasks/t-7');
    expect(ids(pendingKey)).toEqual([]);
    expect(ids(completedKey)).toEqual(['t-7']);
    expect([total(pendingKey), total(completedKey)]).toEqual([0, 1]);
    expect(refetched()).toBe(0);
  });

  it('does nothing for a change the cache already holds (this screen’s own drag)', async () => {
    const { refetched } = board();
    const fetchMock = mockFetch(jsonResponse(500));
    applier.apply(event('updated', v0));
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(ids(pendingKey)).toEqual(['t-7']);
    expect(refetched()).toBe(0);
  });

  it('removes a deleted task, and one the user may no longer see (404), without refetching', async () => {
    const { refetched } = board();
    applier.apply(event('deleted', v1));
    await settle();
    expect(ids(pendingKey)).toEqual([]);
    expect(total(pendingKey)).toBe(0);

    queryClient.setQueryData(pendingKey, pagesOf([makeTask({ id: 't-8', updatedAt: v0 })]));
    mockFetch(apiError(404, 'TASK_NOT_FOUND', 'Task not found'));
    applier.apply(event('updated', v1, 't-8'));
    await settle();
    expect(ids(pendingKey)).toEqual([]);
    expect(refetched()).toBe(0);
  });

  it('never replaces a newer state that landed while the task was being read', async () => {
    board();
    const answer = deferred<Response>();
    mockFetch(() => answer.promise);
    applier.apply(event('updated', v1));
    await settle();
    // Meanwhile this screen's own change (v2, In Progress → Completed) came back from the server.
    changeCachedTasks(queryClient, { task: makeTask({ id: 't-7', status: 'Completed', updatedAt: v2 }) });
    answer.resolve(jsonResponse(200, makeTask({ id: 't-7', status: 'In Progress', updatedAt: v1 })));
    await settle();
    expect(ids(completedKey)).toEqual(['t-7']);
    expect(ids(pendingKey)).toEqual([]);
  });

  it('applies the change again after a column read that started before it lands with an older state', async () => {
    board();
    // The Completed column is being read again (a refetch on focus) from before the change.
    const stale = deferred<TaskPages>();
    const reading = queryClient.fetchQuery({ queryKey: completedKey, queryFn: () => stale.promise });
    mockFetch(jsonResponse(200, makeTask({ id: 't-7', status: 'Completed', updatedAt: v1 })));
    applier.apply(event('updated', v1));
    await settle();
    expect(ids(completedKey)).toEqual(['t-7']);
    // The read lands without the card (it was still Pending then): the change goes on top again.
    stale.resolve(pagesOf([]));
    await reading;
    await settle();
    expect(ids(completedKey)).toEqual(['t-7']);
    expect(ids(pendingKey)).toEqual([]);
  });

  it('keeps this screen’s own change on top of a column read that lands after it with an older state', async () => {
    board();
    const stale = deferred<TaskPages>();
    const reading = queryClient.fetchQuery({ queryKey: pendingKey, queryFn: () => stale.promise });
    // This screen's drag (v1, Pending → Completed) came back from the server; then its event.
    changeCachedTasks(queryClient, { task: makeTask({ id: 't-7', status: 'Completed', updatedAt: v1 }) });
    const fetchMock = mockFetch(jsonResponse(500));
    applier.apply(event('updated', v1));
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    // The Pending column's read, begun before the drag, still has the card as it was.
    stale.resolve(pagesOf([makeTask({ id: 't-7', updatedAt: v0 })]));
    await reading;
    await settle();
    expect(ids(pendingKey)).toEqual([]);
    expect(ids(completedKey)).toEqual(['t-7']);
  });
});
