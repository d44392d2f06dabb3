import type { Notification } from '@shipyard/shared';
import { BellIcon, CheckCheckIcon, InboxIcon } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { useUrlState } from '../../../hooks/use-url-state.ts';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { useDeclineInvitation } from '../api/decline-invitation.ts';
import { useDeleteNotification } from '../api/delete-notification.ts';
import { loadedNotifications, type NotificationFilter, useNotifications } from '../api/get-notifications.ts';
import { useUnreadCount } from '../api/get-unread-count.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import { NotificationItem } from './notification-item.tsx';
import { metadataText } from './notification-meta.ts';

/** The page's texts: spec §2.21 where it has them, ours where it is silent. */
const notificationsPageText = {
  title: 'Notifications',
  loading: 'Loading notifications...',
  markAll: 'Mark all as read',
  // Spec §2.21.
  emptyTitle: 'No notifications',
  emptyDescription: "You'll see notifications here when you receive them.",
  // Ours.
  emptyUnreadTitle: 'No unread notifications',
  emptyUnreadDescription: "You're all caught up.",
  loadFailed: 'Failed to load notifications',
  loadMore: 'Load more',
  unreadLine: (count: number) =>
    count === 0
      ? "You're all caught up."
      : `You have ${formatNumber(count)} unread notification${count === 1 ? '' : 's'}.`,
} as const;

const FILTER_PARAM = 'filter';

/**
 * Spec §2.21: the caller's notifications, all or only the unread, with their actions.
 * `userId` is the signed-in user's id: declining an invitation removes their own team row.
 */
export function NotificationsPage({ userId }: { userId?: string }) {
  // The tab lives in the URL, so a reload or the back button shows the same one.
  const { values, set } = useUrlState({ [FILTER_PARAM]: 'all' });
  const filter: NotificationFilter = values[FILTER_PARAM] === 'unread' ? 'unread' : 'all';
  const selectFilter = (value: string) => set({ [FILTER_PARAM]: value === 'unread' ? 'unread' : null });

  const unreadCount = useUnreadCount();
  const unread = unreadCount.data?.unread;
  const markAll = useMarkAllNotificationsRead();

  const markRead = useMarkNotificationRead();
  const remove = useDeleteNotification();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  // Invitations accepted on this visit (in either tab): they link to their product from now on.
  const [accepted, setAccepted] = useState<ReadonlySet<string>>(() => new Set());

  const { mutate: markReadMutate } = markRead;
  const { mutate: removeMutate } = remove;
  const { mutate: acceptMutate } = accept;
  const { mutate: declineMutate } = decline;
  const actions: ItemActions = useMemo(
    () => ({
      onMarkRead: (n) => markReadMutate(n.id),
      onDelete: (n) => removeMutate(n.id),
      onAccept: (n) => {
        const teamId = metadataText(n, 'teamId');
        if (!teamId) return;
        acceptMutate(
          { notificationId: n.id, teamId },
          { onSuccess: () => setAccepted((ids) => new Set(ids).add(n.id)) },
        );
      },
      onDecline: (n) => {
        const teamId = metadataText(n, 'teamId');
        if (!teamId || !userId) return;
        declineMutate({ notificationId: n.id, teamId, userId });
      },
    }),
    [markReadMutate, removeMutate, acceptMutate, declineMutate, userId],
  );
  const acceptingId = accept.isPending ? accept.variables?.notificationId : undefined;
  const decliningId = decline.isPending ? decline.variables?.notificationId : undefined;
  const listProps = { accepted, acceptingId, decliningId, canDecline: userId !== undefined, actions };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader
        title={notificationsPageText.title}
        description={unread === undefined ? undefined : notificationsPageText.unreadLine(unread)}
        actions={
          // Spec §2.21: only while something is unread. The count drops to 0 as soon as the
          // button is pressed, so it stays (busy) until the server has answered.
          (unread ?? 0) > 0 || markAll.isPending ? (
            <Button variant="outline" size="sm" pending={markAll.isPending} onClick={() => markAll.mutate()}>
              {markAll.isPending ? null : <CheckCheckIcon aria-hidden="true" />}
              {notificationsPageText.markAll}
            </Button>
          ) : undefined
        }
      />

      <Tabs value={filter} onValueChange={selectFilter} className="gap-4">
        <TabsList aria-label="Show notifications">
          <TabsTrigger value="all" className="px-4">
            All
          </TabsTrigger>
          <TabsTrigger value="unread" className="px-4">
            Unread
          </TabsTrigger>
        </TabsList>
        <TabsContent value="all">
          <NotificationsList filter="all" {...listProps} />
        </TabsContent>
        <TabsContent value="unread">
          <NotificationsList filter="unread" {...listProps} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

type ItemActions = Record<
  'onMarkRead' | 'onDelete' | 'onAccept' | 'onDecline',
  (notification: Notification) => void
>;

type NotificationsListProps = {
  filter: NotificationFilter;
  accepted: ReadonlySet<string>;
  acceptingId: string | undefined;
  decliningId: string | undefined;
  canDecline: boolean;
  actions: ItemActions;
};

function NotificationsList({
  filter,
  accepted,
  acceptingId,
  decliningId,
  canDecline,
  actions,
}: NotificationsListProps) {
  const query = useNotifications(filter);
  const notifications = useMemo(() => loadedNotifications(query.data), [query.data]);
  const now = useNow();

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) return <ListSkeleton />;
  if (query.isError && !query.data) {
    return (
      <Card className="py-0">
        <ErrorState
          title={notificationsPageText.loadFailed}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </Card>
    );
  }
  if (notifications.length === 0) return <NotificationsEmptyState filter={filter} />;

  return (
    <Card className="gap-0 overflow-hidden py-0">
      <ul aria-label={filter === 'unread' ? 'Unread notifications' : 'Notifications'} className="divide-y">
        {notifications.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            now={now}
            accepted={accepted.has(notification.id)}
            accepting={acceptingId === notification.id}
            declining={decliningId === notification.id}
            canDecline={canDecline}
            {...actions}
          />
        ))}
      </ul>
      {hasNextPage ? <LoadMore loading={isFetchingNextPage} onLoadMore={loadMore} /> : null}
    </Card>
  );
}

/** The next page loads when the end of the list scrolls into view, or from the button. */
function LoadMore({ loading, onLoadMore }: { loading: boolean; onLoadMore: () => void }) {
  const sentinel = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [onLoadMore]);

  return (
    <div ref={sentinel} className="flex justify-center border-t px-4 py-3">
      <Button variant="ghost" size="sm" pending={loading} onClick={onLoadMore}>
        {notificationsPageText.loadMore}
      </Button>
    </div>
  );
}

function NotificationsEmptyState({ filter }: { filter: NotificationFilter }) {
  const unreadOnly = filter === 'unread';
  return (
    <Card className="py-0">
      <EmptyState
        icon={unreadOnly ? InboxIcon : BellIcon}
        title={unreadOnly ? notificationsPageText.emptyUnreadTitle : notificationsPageText.emptyTitle}
        description={
          unreadOnly ? notificationsPageText.emptyUnreadDescription : notificationsPageText.emptyDescription
        }
      />
    </Card>
  );
}

function ListSkeleton() {
  return (
    <Card className="gap-0 py-0">
      <p role="status" className="sr-only">
        {notificationsPageText.loading}
      </p>
      <ul aria-hidden="true" className="divide-y">
        {[0, 1, 2, 3, 4].map((row) => (
          <li key={row} className="flex gap-3 px-4 py-4 sm:px-6">
            <Skeleton className="size-9 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <div className="flex gap-2">
                <Skeleton className="h-4 w-28" />
                <Skeleton className="h-4 w-16" />
              </div>
              <Skeleton className={cn('h-4', row % 2 === 0 ? 'w-3/4' : 'w-1/2')} />
            </div>
            <Skeleton className="size-8 rounded-md" />
          </li>
        ))}
      </ul>
    </Card>
  );
}
