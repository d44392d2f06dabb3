import type { ChangeEvent, User } from '@shipyard/shared';
import { partialMatchKey, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { activityKeys } from '../../features/activity/api/keys.ts';
import { analyticsKeys } from '../../features/analytics/api/keys.ts';
import { sessionKey } from '../../features/auth/api/keys.ts';
import { calendarTaskKeys, eventKeys } from '../../features/calendar/api/keys.ts';
import { checklistKeys } from '../../features/checklists/api/keys.ts';
import { commentKeys } from '../../features/comments/api/keys.ts';
import {
  dashboardSummaryKey,
  recentActivityKey,
  teamOverviewKey,
} from '../../features/dashboard/api/keys.ts';
import { labelKeys } from '../../features/labels/api/keys.ts';
import { notificationKeys } from '../../features/notifications/api/keys.ts';
import {
  productActivitiesKey,
  productDetailKey,
  productDocumentsKey,
  productKeys,
  recentProductsKey,
} from '../../features/products/api/keys.ts';
import { reportKeys } from '../../features/reports/api/keys.ts';
import { serviceKeys } from '../../features/services/api/keys.ts';
import { taskFileKeys } from '../../features/task-files/api/keys.ts';
import { loadedTasks, type TaskListParams, type TaskPages } from '../../features/tasks/api/get-tasks.ts';
import { taskKeys } from '../../features/tasks/api/keys.ts';
import { syncCachedTask } from '../../features/tasks/api/task-cache.ts';
import { teamKeys } from '../../features/teams/api/keys.ts';
import { teamMemberKeys } from '../../features/user-management/api/keys.ts';
import { productOptionsKey } from '../../lib/product-options.ts';

// Which caches a server change touches (issue 8). It lives in app/ because it reads every
// feature's query keys (features never import each other; app/ composes them).
// An event says what changed, not the new state, so every touched query is invalidated: the ones
// on screen refetch, the others are fetched when next shown. Task lists are the exception (a
// board holds pages of them): the changed task is read once and patched into every list, unless
// the cache already holds that version (this screen's own change) — see syncCachedTask. Every
// screen thus ends on the server's last write when two people move one card.

/** A burst of events (a drag, a bulk change) within this window refetches each query once. */
export const CHANGE_BATCH_MS = 75;
/**
 * While a mutation is in flight a refetch could land before it commits and move an optimistic
 * card back for a moment: the batch waits for it, but never longer than this.
 */
export const MUTATION_WAIT_MAX_MS = 1_000;

/** One cache (or family of caches) to invalidate; `stale` ones are only marked, not refetched. */
export type Target = { match: (query: Query) => boolean; stale?: boolean };

const prefix = (key: QueryKey, stale = false): Target => ({
  match: (query) => partialMatchKey(query.queryKey, key),
  stale,
});

/** What a key factory's keys start with: its key without the id ('products', 'detail'). */
const family = (key: (id: string) => QueryKey): QueryKey => key('').slice(0, -1);

/** A product's own cache, or the whole family when the change names no product. */
const ofProduct = (key: (id: string) => QueryKey, productId: string | null): Target =>
  prefix(productId ? key(productId) : family(key));

/**
 * The task lists a task change may alter: every list of its product, every cross-product list
 * (/tasks), and any list that holds the task (it moved to another product or out of view).
 */
function taskLists(productId: string | null, taskId?: string): Target {
  return {
    match: (query) => {
      if (!partialMatchKey(query.queryKey, taskKeys.lists)) return false;
      const params = query.queryKey[2] as TaskListParams | undefined;
      if (!params?.productId || !productId || params.productId === productId) return true;
      if (taskId === undefined) return false;
      return loadedTasks(query.state.data as TaskPages | undefined).some((task) => task.id === taskId);
    },
  };
}

const dashboard = [prefix(dashboardSummaryKey), prefix(recentActivityKey), prefix(teamOverviewKey)];
const activityLog = prefix(activityKeys.all);
/** Analytics and reports count tasks, products and teams; they refetch only while shown. */
const figures = [prefix(analyticsKeys.all), prefix(reportKeys.all)];
const productLists = prefix(productKeys.lists);
/** The sidebar's recent products and the product pickers: names, and which products one sees. */
const productNames = [prefix(recentProductsKey), prefix(productOptionsKey)];

function teamTargets({ op, id, productId }: ChangeEvent): Target[] {
  return [
    ofProduct(teamKeys.product, productId),
    prefix(teamKeys.detail(id)),
    prefix(teamKeys.candidatesOf(id)),
    ofProduct(taskKeys.options, productId),
    // The product's members and team size, its timeline and the products table's team column.
    ofProduct(productDetailKey, productId),
    ofProduct(productActivitiesKey, productId),
    productLists,
    prefix(teamMemberKeys.all),
    ...dashboard,
    activityLog,
    ...figures,
    // Task cards show their team; a deleted team leaves its tasks without one.
    ...(op === 'created' ? [] : [taskLists(productId)]),
  ];
}

/** The caches `change` touches; `me` is the signed-in user's id. */
export function targetsOf(change: ChangeEvent, me: string | undefined): Target[] {
  const { kind, op, id, productId } = change;
  switch (kind) {
    case 'task':
      // The task lists themselves are patched by the applier (syncCachedTask), not refetched.
      return [
        // Its checklist and labels (a tick or a label change in another browser, issue 15).
        prefix(checklistKeys.ofTask(id)),
        prefix(labelKeys.ofTask(id)),
        // The task's page, if open: its fields, history and what one may do on it.
        prefix(taskKeys.detail(id)),
        prefix(taskKeys.history(id, '').slice(0, -1)),
        // The calendar's tasks: a due date, title or assignee changed (issue 16).
        prefix(calendarTaskKeys.all),
        // Progress, the timeline, the products table's progress column, the counts.
        ofProduct(productDetailKey, productId),
        ofProduct(productActivitiesKey, productId),
        productLists,
        ...dashboard,
        activityLog,
        ...figures,
      ];
    case 'product': {
      const product = productId ?? id;
      return [
        productLists,
        ...productNames,
        prefix(productDetailKey(product)),
        prefix(productActivitiesKey(product)),
        // The calendar shows products' target dates.
        prefix(eventKeys.all),
        ...dashboard,
        activityLog,
        ...figures,
        // Task rows name their product; a deleted product takes its tasks, teams and files along.
        ...(op === 'created' ? [] : [taskLists(product)]),
        // A task's page shows its product's name and whether it is archived.
        ...(op === 'created' ? [] : [prefix(family(taskKeys.detail))]),
        ...(op === 'deleted'
          ? [
              prefix(productDocumentsKey(product)),
              prefix(taskKeys.options(product)),
              prefix(teamKeys.product(product)),
            ]
          : []),
      ];
    }
    case 'team':
      return teamTargets(change);
    case 'member':
      // A membership may give or take away a whole product (a 404 then shows on its page), its
      // tasks and its target date on the calendar.
      return [...teamTargets(change), ...productNames, taskLists(productId), prefix(eventKeys.all)];
    case 'notification':
      return [prefix(notificationKeys.lists), prefix(notificationKeys.unreadCount)];
    case 'event':
      return [
        prefix(eventKeys.all),
        ...(productId ? [prefix(productActivitiesKey(productId)), activityLog] : []),
      ];
    case 'document':
      return [
        ofProduct(productDocumentsKey, productId),
        // A task's files are documents too; the event does not say which task.
        prefix(taskFileKeys.all),
        ofProduct(productActivitiesKey, productId),
        ofProduct(productDetailKey, productId),
        activityLog,
      ];
    case 'label':
      // A product's label renamed, recoloured or deleted: its pickers, the tasks' own labels, and
      // every card and row of its tasks (they show the label).
      return [prefix(labelKeys.all), taskLists(productId)];
    case 'service':
      return [prefix(serviceKeys.all)];
    // `id` is the task's: its conversation, its watchers (a commenter starts watching) and the
    // history that lists the comment.
    case 'comment':
      return [
        prefix(commentKeys.list(id)),
        prefix(commentKeys.watchers(id)),
        // The task's page: a comment is an entry of its history.
        prefix(taskKeys.detail(id)),
        activityLog,
        ofProduct(productActivitiesKey, productId),
      ];
    case 'watcher':
      return [prefix(commentKeys.watchers(id))];
    case 'activity':
      return [
        activityLog,
        prefix(recentActivityKey),
        ofProduct(productActivitiesKey, productId),
        // The product page's overview shows its newest entries.
        ofProduct(productDetailKey, productId),
      ];
    case 'user':
      return [
        prefix(teamMemberKeys.all),
        prefix(teamKeys.all),
        prefix(family(taskKeys.options)),
        prefix(teamOverviewKey),
        // One's own role or profile: the menu, the guards and the sidebar read the session.
        ...(id === me ? [prefix(sessionKey)] : []),
        // Names and avatars show everywhere else: fetched again when next shown.
        { match: (query) => query.queryKey[0] !== sessionKey[0], stale: true },
      ];
  }
}

const everything: Target = { match: () => true };

/**
 * Applies server messages to the query cache, in batches: a change adds the caches it touches, a
 * resync all of them; CHANGE_BATCH_MS after the first one, each touched query is invalidated once.
 */
export function createChangeApplier(
  queryClient: QueryClient,
  { batchMs = CHANGE_BATCH_MS, mutationWaitMs = MUTATION_WAIT_MAX_MS } = {},
) {
  let pending: Target[] = [];
  /** The newest event of each task changed in this batch. */
  let tasks = new Map<string, ChangeEvent>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let since = 0;

  const matchesAny = (targets: Target[], query: Query) => targets.some((target) => target.match(query));

  function flush() {
    timer = undefined;
    if (queryClient.isMutating() > 0 && Date.now() - since < mutationWaitMs) {
      timer = setTimeout(flush, batchMs);
      return;
    }
    for (const task of tasks.values()) {
      if (!syncCachedTask(queryClient, task)) pending.push(taskLists(task.productId, task.id));
    }
    tasks = new Map();
    const active = pending.filter((target) => !target.stale);
    const stale = pending.filter((target) => target.stale);
    pending = [];
    void queryClient.invalidateQueries({
      predicate: (query) => matchesAny(active, query),
      refetchType: 'active',
    });
    if (stale.length > 0) {
      void queryClient.invalidateQueries({
        predicate: (query) => !matchesAny(active, query) && matchesAny(stale, query),
        refetchType: 'none',
      });
    }
  }

  return {
    apply(message: ChangeEvent | { type: 'resync' }) {
      if (message.type === 'resync') {
        pending.push(everything);
      } else {
        const me = queryClient.getQueryData<User | null>(sessionKey)?.id;
        pending.push(...targetsOf(message, me));
        if (message.kind === 'task') tasks.set(message.id, message);
      }
      if (timer === undefined) {
        since = Date.now();
        timer = setTimeout(flush, batchMs);
      }
    },
    dispose() {
      clearTimeout(timer);
      timer = undefined;
      pending = [];
      tasks = new Map();
    },
  };
}
