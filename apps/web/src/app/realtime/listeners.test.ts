import type { ChangeEvent, ChangeKind, ChangeOp } from '@shipyard/shared';
import { type QueryClient, type QueryKey, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activityLogKey } from '../../features/activity/api/keys.ts';
import { analyticsKey } from '../../features/analytics/api/keys.ts';
import { authProvidersKey } from '../../features/auth/api/get-providers.ts';
import { sessionKey } from '../../features/auth/api/keys.ts';
import { calendarFeedKey } from '../../features/calendar/api/calendar-feed.ts';
import { calendarTaskKeys } from '../../features/calendar/api/get-calendar-tasks.ts';
import { eventKeys } from '../../features/calendar/api/keys.ts';
import { checklistKeys } from '../../features/checklists/api/keys.ts';
import { commentKeys } from '../../features/comments/api/keys.ts';
import {
  dashboardSummaryKey,
  recentActivityKey,
  teamOverviewKey,
} from '../../features/dashboard/api/keys.ts';
import { labelKeys } from '../../features/labels/api/keys.ts';
import { notificationKeys, unreadCountKey } from '../../features/notifications/api/keys.ts';
import { preferencesKey } from '../../features/notifications/api/notification-preferences.ts';
import {
  productActivitiesKey,
  productDetailKey,
  productDocumentsKey,
  productKeys,
  recentProductsKey,
} from '../../features/products/api/keys.ts';
import { reportKeys } from '../../features/reports/api/keys.ts';
import { searchKeys } from '../../features/search/api/search.ts';
import { adminSecurityKeys } from '../../features/security-admin/api/admin-security.ts';
import { serviceKeys } from '../../features/services/api/keys.ts';
import { taskFileKeys } from '../../features/task-files/api/keys.ts';
import { boardKey } from '../../features/tasks/api/get-board.ts';
import type { TaskListParams } from '../../features/tasks/api/get-tasks.ts';
import { taskKeys } from '../../features/tasks/api/keys.ts';
import { makeTask } from '../../features/tasks/components/test-tasks.ts';
import { teamKeys } from '../../features/teams/api/keys.ts';
import { teamMemberKeys } from '../../features/user-management/api/keys.ts';
import { productOptionsKey } from '../../lib/product-options.ts';
import { createTestQueryClient, makeUser } from '../../test/render.tsx';
import { CHANGE_BATCH_MS, createChangeApplier } from './apply-change.ts';
import { changeListeners } from './listeners.ts';

// What every kind of server change refreshes across the app, whichever feature's listener names
// it. One cached query of every family the app has (two of those scoped to a product, a task or
// a team), by a readable name: what a change touches is told by which of them it reaches. The
// expectations were taken from the single map in apply-change.ts before it was split by feature.

const taskParams = (productId?: string): TaskListParams => ({
  productId,
  search: '',
  phase: [],
  status: [],
  limit: 50,
});

const everyCache = {
  // tasks
  tasksP1: taskKeys.list(taskParams('p-1')),
  tasksP2: taskKeys.list(taskParams('p-2')),
  tasksAll: taskKeys.list(taskParams()),
  taskOptionsP1: taskKeys.options('p-1'),
  taskOptionsP2: taskKeys.options('p-2'),
  taskT1: taskKeys.detail('t-1'),
  taskT2: taskKeys.detail('t-2'),
  historyT1: taskKeys.history('t-1', 'c-1'),
  historyT2: taskKeys.history('t-2', 'c-1'),
  boardP1: boardKey({ productId: 'p-1', search: '', phase: [], status: [] }),
  // products (and the product pickers in lib/)
  productList: productKeys.list({ search: '', status: [], team: [], priority: [], page: 1, limit: 10 }),
  productP1: productDetailKey('p-1'),
  productP2: productDetailKey('p-2'),
  timelineP1: productActivitiesKey('p-1'),
  timelineP2: productActivitiesKey('p-2'),
  documentsP1: productDocumentsKey('p-1'),
  documentsP2: productDocumentsKey('p-2'),
  recentProducts: recentProductsKey,
  productOptions: productOptionsKey,
  // teams
  teamsP1: teamKeys.product('p-1'),
  teamsP2: teamKeys.product('p-2'),
  teamT1: teamKeys.detail('team-1'),
  teamT2: teamKeys.detail('team-2'),
  candidatesT1: teamKeys.candidates('team-1', ''),
  candidatesT2: teamKeys.candidates('team-2', ''),
  // notifications
  notifications: notificationKeys.list('all'),
  unreadCount: unreadCountKey,
  preferences: preferencesKey,
  // calendar
  events: eventKeys.list({ from: '2025-03-01', to: '2025-03-31' }),
  calendarTasks: calendarTaskKeys.list({ from: '2025-03-01', to: '2025-04-11' }),
  calendarFeed: calendarFeedKey,
  // services
  services: serviceKeys.list({ search: '', category: undefined }),
  deliveries: serviceKeys.deliveries('s-1'),
  // people, dashboard, activity, figures
  teamMembers: teamMemberKeys.list({ search: '', department: 'all', limit: 20 }),
  dashboardSummary: dashboardSummaryKey,
  recentActivity: recentActivityKey,
  teamOverview: teamOverviewKey,
  activityLog: activityLogKey({ productId: '', action: '', search: '' }),
  analytics: analyticsKey({ timeframe: 'month', products: [], tz: 'UTC' }),
  report: reportKeys.report({ type: 'project-status', from: '2025-01-01', to: '2025-03-31' }),
  // auth, account, admin, search
  session: sessionKey,
  authProviders: authProvidersKey,
  adminSettings: adminSecurityKeys.settings,
  search: searchKeys.results('roadmap'),
  // a task's details
  commentsT1: commentKeys.list('t-1'),
  commentsT2: commentKeys.list('t-2'),
  watchersT1: commentKeys.watchers('t-1'),
  watchersT2: commentKeys.watchers('t-2'),
  checklistT1: checklistKeys.ofTask('t-1'),
  checklistT2: checklistKeys.ofTask('t-2'),
  labelsP1: labelKeys.product('p-1'),
  labelsP2: labelKeys.product('p-2'),
  taskLabelsT1: labelKeys.ofTask('t-1'),
  taskLabelsT2: labelKeys.ofTask('t-2'),
  filesT1: taskFileKeys.ofTask('t-1'),
  filesT2: taskFileKeys.ofTask('t-2'),
} satisfies Record<string, QueryKey>;
type Cache = keyof typeof everyCache;

/** Lists holding these tasks, as of a version newer than the changes below (version 1). */
const pageOf = (ids: string[]) => ({
  pages: [
    {
      data: ids.map((id) => makeTask({ id, updatedAt: '2025-03-01T10:00:00.000Z' })),
      total: ids.length,
      nextCursor: null,
    },
  ],
  pageParams: [null],
});

/**
 * Seeds every cache, each observed as on screen with a query function that counts its fetches;
 * p-1's list and the cross-product one hold t-1, p-2's holds t-9. The signed-in user is u-1.
 */
const names = Object.keys(everyCache) as Cache[];

function seedEveryCache(queryClient: QueryClient) {
  const fetches = new Map<Cache, ReturnType<typeof vi.fn>>();
  for (const [name, queryKey] of Object.entries(everyCache) as Array<[Cache, QueryKey]>) {
    queryClient.setQueryData(queryKey, {});
    const queryFn = vi.fn(async () => queryClient.getQueryData(queryKey) ?? {});
    new QueryObserver(queryClient, { queryKey, queryFn, staleTime: Infinity }).subscribe(() => {});
    fetches.set(name, queryFn);
  }
  queryClient.setQueryData(everyCache.tasksP1, pageOf(['t-1']));
  queryClient.setQueryData(everyCache.tasksP2, pageOf(['t-9']));
  queryClient.setQueryData(everyCache.tasksAll, pageOf(['t-1', 't-9']));
  queryClient.setQueryData(sessionKey, makeUser({ id: 'u-1' }));
  /** Which caches were refetched, and which only marked to be read when next shown. */
  return () => ({
    refetched: names.filter((name) => (fetches.get(name)?.mock.calls.length ?? 0) > 0).sort(),
    marked: names
      .filter(
        (name) =>
          fetches.get(name)?.mock.calls.length === 0 &&
          queryClient.getQueryState(everyCache[name])?.isInvalidated,
      )
      .sort(),
  });
}

const change = (
  kind: ChangeKind,
  op: ChangeOp,
  id: string,
  productId: string | null = 'p-1',
): ChangeEvent => ({
  type: 'change',
  kind,
  op,
  id,
  productId,
  version: 1,
});

const dashboard: Cache[] = ['dashboardSummary', 'recentActivity', 'teamOverview'];
/** What counts tasks, products and teams. */
const counts: Cache[] = [...dashboard, 'activityLog', 'analytics', 'report'];
const calendar: Cache[] = ['events', 'calendarTasks'];
const listsOfP1: Cache[] = ['tasksP1', 'tasksAll'];
const taskOfP1: Cache[] = ['productP1', 'timelineP1', 'productList', 'calendarTasks', ...counts];
const detailsOfT1: Cache[] = ['taskT1', 'historyT1', 'checklistT1', 'taskLabelsT1'];
const productP1: Cache[] = ['productList', 'recentProducts', 'productOptions', 'productP1', 'timelineP1'];
const productChangedP1: Cache[] = [...productP1, ...calendar, ...counts, ...listsOfP1, 'taskT1', 'taskT2'];
const documentOfP1: Cache[] = ['documentsP1', 'filesT1', 'filesT2', 'productP1', 'timelineP1', 'activityLog'];
const teamOfP1: Cache[] = [
  'teamsP1',
  'teamT1',
  'candidatesT1',
  'taskOptionsP1',
  'productP1',
  'timelineP1',
  'productList',
  'teamMembers',
  ...counts,
];
const ofP2: Cache[] = ['teamsP2', 'taskOptionsP2', 'productP2', 'timelineP2'];
const memberOfP1: Cache[] = [...teamOfP1, 'recentProducts', 'productOptions', ...listsOfP1, ...calendar];
/** What shows people's names and is refetched when a user changes. */
const people: Cache[] = [
  'teamMembers',
  'teamsP1',
  'teamsP2',
  'teamT1',
  'teamT2',
  'candidatesT1',
  'candidatesT2',
  'taskOptionsP1',
  'taskOptionsP2',
  'teamOverview',
];

const sorted = (list: Cache[]) => [...new Set(list)].sort();
/** Every cache but these and the session: marked, read again when next shown. */
const allBut = (refetched: Cache[]) => names.filter((n) => !refetched.includes(n) && n !== 'session').sort();

let queryClient: QueryClient;
let applier: ReturnType<typeof createChangeApplier>;
let outcome: ReturnType<typeof seedEveryCache>;

beforeEach(() => {
  vi.useFakeTimers();
  // A task this screen has not cached is read (to be patched into the lists): it is gone.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 404 })),
  );
  queryClient = createTestQueryClient();
  outcome = seedEveryCache(queryClient);
  applier = createChangeApplier(queryClient, changeListeners);
});

afterEach(() => {
  applier.dispose();
  queryClient.clear();
  vi.useRealTimers();
});

describe('what each server change refreshes, across every feature’s caches', () => {
  it.each<[string, ChangeEvent, Cache[]]>([
    ['a task a list holds, created', change('task', 'created', 't-1'), [...taskOfP1, ...detailsOfT1]],
    ['a task a list holds, changed', change('task', 'updated', 't-1'), [...taskOfP1, ...detailsOfT1]],
    ['a task a list holds, deleted', change('task', 'deleted', 't-1'), [...taskOfP1, ...detailsOfT1]],
    ['a task created that no list holds', change('task', 'created', 't-404'), taskOfP1],
    ['a task changed that no list holds', change('task', 'updated', 't-404'), [...taskOfP1, ...listsOfP1]],
    ['a task deleted that no list holds', change('task', 'deleted', 't-404'), [...taskOfP1, ...listsOfP1]],
    ['a product created', change('product', 'created', 'p-1'), [...productP1, ...calendar, ...counts]],
    ['a product changed', change('product', 'updated', 'p-1'), productChangedP1],
    [
      'a product deleted',
      change('product', 'deleted', 'p-1'),
      [...productChangedP1, 'documentsP1', 'taskOptionsP1', 'teamsP1'],
    ],
    ['a team created', change('team', 'created', 'team-1'), teamOfP1],
    ['a team changed', change('team', 'updated', 'team-1'), [...teamOfP1, ...listsOfP1]],
    ['a team deleted', change('team', 'deleted', 'team-1'), [...teamOfP1, ...listsOfP1]],
    [
      'a team of no product named',
      change('team', 'updated', 'team-1', null),
      [...teamOfP1, ...ofP2, ...listsOfP1, 'tasksP2'],
    ],
    ['a membership created', change('member', 'created', 'team-1'), memberOfP1],
    ['a membership changed', change('member', 'updated', 'team-1'), memberOfP1],
    ['a membership deleted', change('member', 'deleted', 'team-1'), memberOfP1],
    [
      'a membership of no product named',
      change('member', 'updated', 'team-1', null),
      [...memberOfP1, ...ofP2, 'tasksP2'],
    ],
    ['a notification', change('notification', 'created', 'n-1', null), ['notifications', 'unreadCount']],
    ['a calendar event', change('event', 'updated', 'e-1', null), calendar],
    [
      'a calendar event of a product',
      change('event', 'updated', 'e-1'),
      [...calendar, 'timelineP1', 'activityLog'],
    ],
    ['a document of a product', change('document', 'created', 'd-1'), documentOfP1],
    [
      'a document of no product named',
      change('document', 'deleted', 'd-1', null),
      [...documentOfP1, 'documentsP2', 'productP2', 'timelineP2'],
    ],
    [
      'a label of a product',
      change('label', 'updated', 'l-1'),
      ['labelsP1', 'labelsP2', 'taskLabelsT1', 'taskLabelsT2', ...listsOfP1],
    ],
    [
      'a label of no product named',
      change('label', 'updated', 'l-1', null),
      ['labelsP1', 'labelsP2', 'taskLabelsT1', 'taskLabelsT2', ...listsOfP1, 'tasksP2'],
    ],
    ['a service', change('service', 'updated', 's-1', null), ['services', 'deliveries']],
    [
      'a comment on a task (id is the task’s)',
      change('comment', 'created', 't-1'),
      ['commentsT1', 'watchersT1', 'taskT1', 'activityLog', 'timelineP1'],
    ],
    [
      'a comment on a task of no product named',
      change('comment', 'created', 't-1', null),
      ['commentsT1', 'watchersT1', 'taskT1', 'activityLog', 'timelineP1', 'timelineP2'],
    ],
    ['a watcher of a task (id is the task’s)', change('watcher', 'created', 't-1'), ['watchersT1']],
    [
      'an activity entry of a product',
      change('activity', 'created', 'a-1'),
      ['activityLog', 'recentActivity', 'timelineP1', 'productP1'],
    ],
    [
      'an activity entry of no product named',
      change('activity', 'created', 'a-1', null),
      ['activityLog', 'recentActivity', 'timelineP1', 'timelineP2', 'productP1', 'productP2'],
    ],
  ])('%s refetches exactly its caches', (_name, event, refetched) => {
    applier.apply(event);
    vi.advanceTimersByTime(CHANGE_BATCH_MS);
    expect(outcome()).toEqual({ refetched: sorted(refetched), marked: [] });
  });

  it('another user’s change refetches the people lists and marks every other cache but the session', () => {
    applier.apply(change('user', 'updated', 'u-2', null));
    vi.advanceTimersByTime(CHANGE_BATCH_MS);
    expect(outcome()).toEqual({ refetched: sorted(people), marked: allBut(people) });
  });

  it('one’s own user change refetches the session too', () => {
    applier.apply(change('user', 'updated', 'u-1', null));
    vi.advanceTimersByTime(CHANGE_BATCH_MS);
    expect(outcome()).toEqual({ refetched: sorted([...people, 'session']), marked: allBut(people) });
  });

  it('a resync refetches every cache', () => {
    applier.apply({ type: 'resync' });
    vi.advanceTimersByTime(CHANGE_BATCH_MS);
    expect(outcome()).toEqual({ refetched: [...names].sort(), marked: [] });
  });
});
