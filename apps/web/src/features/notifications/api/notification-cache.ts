import { NOTIFICATION_FILTERS, type Notification, type NotificationList } from '@shipyard/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { type NotificationFilter, type NotificationPages, notificationKeys } from './get-notifications.ts';
import type { UnreadCount } from './get-unread-count.ts';

// Optimistic changes to every cached notification list and to the unread count, and the way
// back when the server refuses. A list's filter is the last part of its key.

export type NotificationsSnapshot = {
  lists: Array<[QueryKey, NotificationPages | undefined]>;
  count: UnreadCount | undefined;
};

const filterOf = (key: QueryKey): NotificationFilter =>
  NOTIFICATION_FILTERS.find((filter) => filter === key[2]) ?? 'all';

/** Stops requests in flight (they would land after the change and undo it), then keeps the state. */
export async function snapshotNotifications(client: QueryClient): Promise<NotificationsSnapshot> {
  await client.cancelQueries({ queryKey: notificationKeys.all });
  return {
    lists: client.getQueriesData<NotificationPages>({ queryKey: notificationKeys.lists }),
    count: client.getQueryData<UnreadCount>(notificationKeys.unreadCount),
  };
}

export function restoreNotifications(client: QueryClient, snapshot: NotificationsSnapshot | undefined) {
  if (!snapshot) return;
  for (const [key, data] of snapshot.lists) client.setQueryData(key, data);
  if (snapshot.count) client.setQueryData(notificationKeys.unreadCount, snapshot.count);
}

/** The notification as any cached list holds it. */
function findCachedNotification(client: QueryClient, id: string): Notification | undefined {
  for (const [, data] of client.getQueriesData<NotificationPages>({ queryKey: notificationKeys.lists })) {
    const found = data?.pages.flatMap((page) => page.data).find((n) => n.id === id);
    if (found) return found;
  }
  return undefined;
}

type PageChange = (page: NotificationList, filter: NotificationFilter) => NotificationList;

function changeLists(client: QueryClient, change: PageChange) {
  for (const [key, data] of client.getQueriesData<NotificationPages>({ queryKey: notificationKeys.lists })) {
    if (!data) continue;
    const filter = filterOf(key);
    client.setQueryData<NotificationPages>(key, {
      ...data,
      pages: data.pages.map((page) => change(page, filter)),
    });
  }
}

/** Moves the unread count by `delta` (never below 0), in the count query and on every page. */
function shiftUnread(client: QueryClient, delta: number) {
  if (delta === 0) return;
  client.setQueryData<UnreadCount>(notificationKeys.unreadCount, (count) =>
    count ? { unread: Math.max(0, count.unread + delta) } : count,
  );
  changeLists(client, (page) => ({ ...page, unread: Math.max(0, page.unread + delta) }));
}

/**
 * Shows the notification read: highlighted no more, and gone from the Unread lists unless
 * `keepInUnread` (an accepted invitation stays in view for its 'Open product' link).
 */
export function markReadInCache(client: QueryClient, id: string, { keepInUnread = false } = {}) {
  const wasUnread = findCachedNotification(client, id)?.read === false;
  changeLists(client, (page, filter) => ({
    ...page,
    data:
      filter === 'unread' && !keepInUnread
        ? page.data.filter((n) => n.id !== id)
        : page.data.map((n) => (n.id === id ? { ...n, read: true } : n)),
  }));
  if (wasUnread) shiftUnread(client, -1);
}

/** Unread again: highlighted, and counted. The Unread lists get it when next fetched. */
export function markUnreadInCache(client: QueryClient, id: string) {
  const wasRead = findCachedNotification(client, id)?.read === true;
  changeLists(client, (page) => ({
    ...page,
    data: page.data.map((n) => (n.id === id ? { ...n, read: false } : n)),
  }));
  if (wasRead) shiftUnread(client, 1);
}

/** Done or snoozed: out of every inbox list (the Done list gets it when next fetched). */
export function leaveInboxInCache(client: QueryClient, id: string) {
  const wasUnread = findCachedNotification(client, id)?.read === false;
  changeLists(client, (page, filter) =>
    filter === 'done' ? page : { ...page, data: page.data.filter((n) => n.id !== id) },
  );
  if (wasUnread) shiftUnread(client, -1);
}

/** An accepted invitation waits no more: wherever a list holds it, it offers Accept no longer. */
export function settleInvitationInCache(client: QueryClient, id: string) {
  changeLists(client, (page) => ({
    ...page,
    data: page.data.map((n) => (n.id === id && n.invitationPending ? { ...n, invitationPending: false } : n)),
  }));
}

/** Every notification read; the Unread lists empty. */
export function markAllReadInCache(client: QueryClient) {
  changeLists(client, (page, filter) => ({
    ...page,
    unread: 0,
    data: filter === 'unread' ? [] : page.data.map((n) => (n.read ? n : { ...n, read: true })),
    nextCursor: filter === 'unread' ? null : page.nextCursor,
  }));
  client.setQueryData<UnreadCount>(notificationKeys.unreadCount, (count) => (count ? { unread: 0 } : count));
}

export function removeFromCache(client: QueryClient, id: string) {
  const wasUnread = findCachedNotification(client, id)?.read === false;
  changeLists(client, (page) => ({ ...page, data: page.data.filter((n) => n.id !== id) }));
  if (wasUnread) shiftUnread(client, -1);
}

/** Puts the server's version of a notification wherever a list holds it. */
export function replaceInCache(client: QueryClient, notification: Notification) {
  changeLists(client, (page) => ({
    ...page,
    data: page.data.map((n) => (n.id === notification.id ? notification : n)),
  }));
}

/**
 * After a change: the count is asked again (other tabs, other devices); the lists already show
 * the change, so they are only marked stale and fetched again when next shown.
 */
export function refreshAfterNotificationChange(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: notificationKeys.lists, refetchType: 'none' }),
    client.invalidateQueries({ queryKey: notificationKeys.unreadCount }),
  ]);
}
