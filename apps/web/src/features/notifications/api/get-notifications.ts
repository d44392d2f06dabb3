import type { Notification, NotificationFilter, NotificationList } from '@shipyard/shared';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { type UnreadCount, unreadCountKey } from './get-unread-count.ts';

/** Notifications per page; the next page loads as the end of the list comes into view. */
const NOTIFICATIONS_PAGE_LIMIT = 20;

export type { NotificationFilter } from '@shipyard/shared';

export type NotificationPages = InfiniteData<NotificationList, string | null>;

export const notificationKeys = {
  /** Everything of this feature: lists and the unread count. */
  all: queryRoots.notifications,
  /** Every cached list, whatever its filter: the prefix a change patches. */
  lists: [...queryRoots.notifications, 'list'] as const,
  list: (filter: NotificationFilter) => [...queryRoots.notifications, 'list', filter] as const,
  unreadCount: unreadCountKey,
};

/** The query string: the filter, the page size and the keyset cursor. */
function notificationsQuery(filter: NotificationFilter, cursor: string | null): string {
  const params = new URLSearchParams();
  if (filter !== 'all') params.set('filter', filter);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(NOTIFICATIONS_PAGE_LIMIT));
  return params.toString();
}

/** GET /api/notifications: the caller's inbox (unread first, then newest) or done ones, a page at a time. */
function getNotifications(
  filter: NotificationFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<NotificationList> {
  return api.get<NotificationList>(`/notifications?${notificationsQuery(filter, cursor)}`, { signal });
}

const notificationsQueryOptions = (filter: NotificationFilter) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(filter),
    queryFn: async ({ pageParam, signal, client }) => {
      const page = await getNotifications(filter, pageParam, signal);
      // Every page says how many are unread: the header and the sidebar badge read it at once.
      client.setQueryData<UnreadCount>(notificationKeys.unreadCount, { unread: page.unread });
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useNotifications = (filter: NotificationFilter) =>
  useInfiniteQuery(notificationsQueryOptions(filter));

/** Every loaded notification of a list, in order. */
export const loadedNotifications = (data: Pick<NotificationPages, 'pages'> | undefined): Notification[] =>
  data?.pages.flatMap((page) => page.data) ?? [];
