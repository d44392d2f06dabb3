import { NOTIFICATION_FILTERS, type Notification } from '@shipyard/shared';
import {
  AtSignIcon,
  BellIcon,
  CheckCheckIcon,
  CheckCircle2Icon,
  ClipboardCheckIcon,
  InboxIcon,
} from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useUrlState } from '../../../hooks/use-url-state.ts';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { useDeclineInvitation } from '../api/decline-invitation.ts';
import { useDeleteNotification } from '../api/delete-notification.ts';
import { loadedNotifications, type NotificationFilter, useNotifications } from '../api/get-notifications.ts';
import { useUnreadCount } from '../api/get-unread-count.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import { Inbox, type RenderTask } from './inbox.tsx';
import { metadataText } from './notification-meta.ts';

/** The page's texts: spec §2.21 where it has them, ours where it is silent; shown with `t()`. */
const notificationsPageText = {
  title: k('Notifications'),
  loading: k('Loading notifications...'),
  markAll: k('Mark all as read'),
  // Spec §2.21.
  emptyTitle: k('No notifications'),
  emptyDescription: k("You'll see notifications here when you receive them."),
  // Ours.
  emptyUnreadTitle: k('No unread notifications'),
  emptyUnreadDescription: k("You're all caught up."),
  emptyMentionsTitle: k('No mentions'),
  emptyMentionsDescription: k('When someone mentions you in a comment, it shows here.'),
  emptyAssignedTitle: k('No assignments'),
  emptyAssignedDescription: k('When someone assigns you a task, it shows here.'),
  emptyDoneTitle: k('Nothing done yet'),
  emptyDoneDescription: k('Notifications you mark done (e) show here.'),
  loadFailed: k('Failed to load notifications'),
  loadMore: k('Load more'),
} as const;

const unreadLine = (count: number) =>
  count === 0
    ? t(notificationsPageText.emptyUnreadDescription)
    : t('You have {{number}} unread notifications.', { count, number: formatNumber(count) });

const FILTER_PARAM = 'filter';

/** Shown with `t()`. */
const filterLabels: Record<NotificationFilter, string> = {
  all: k('All'),
  unread: k('Unread'),
  mentions: k('Mentions'),
  assigned: k('Assigned'),
  done: k('Done'),
};

const filterOf = (value: string | undefined): NotificationFilter =>
  NOTIFICATION_FILTERS.find((f) => f === value) ?? 'all';

/**
 * Spec §2.21 and issue 30: the caller's inbox, filtered (all, unread, mentions, assigned, done),
 * with their actions and keys. `userId` is the signed-in user's id: declining an invitation
 * removes their own team row. `renderTask` shows a task beside the list on a wide screen.
 */
export function NotificationsPage({ userId, renderTask }: { userId?: string; renderTask?: RenderTask }) {
  // The tab lives in the URL, so a reload or the back button shows the same one.
  const { values, set } = useUrlState({ [FILTER_PARAM]: 'all' });
  const filter = filterOf(values[FILTER_PARAM]);
  const selectFilter = (value: string) => set({ [FILTER_PARAM]: filterOf(value) });

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
  const listProps = {
    accepted,
    acceptingId,
    decliningId,
    canDecline: userId !== undefined,
    actions,
    renderTask,
  };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 lg:max-w-none">
      <PageHeader
        title={t(notificationsPageText.title)}
        description={unread === undefined ? undefined : unreadLine(unread)}
        actions={
          // Spec §2.21: only while something is unread. The count drops to 0 as soon as the
          // button is pressed, so it stays (busy) until the server has answered.
          (unread ?? 0) > 0 || markAll.isPending ? (
            <Button variant="outline" size="sm" pending={markAll.isPending} onClick={() => markAll.mutate()}>
              {markAll.isPending ? null : <CheckCheckIcon aria-hidden="true" />}
              {t(notificationsPageText.markAll)}
            </Button>
          ) : undefined
        }
      />

      <Tabs value={filter} onValueChange={selectFilter} className="gap-4">
        <TabsList aria-label={t('Show notifications')} className="max-w-full overflow-x-auto">
          {NOTIFICATION_FILTERS.map((value) => (
            <TabsTrigger key={value} value={value} className="px-3 sm:px-4">
              {t(filterLabels[value])}
            </TabsTrigger>
          ))}
        </TabsList>
        {NOTIFICATION_FILTERS.map((value) => (
          <TabsContent key={value} value={value}>
            <NotificationsList filter={value} {...listProps} />
          </TabsContent>
        ))}
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
  renderTask: RenderTask | undefined;
};

function NotificationsList({
  filter,
  accepted,
  acceptingId,
  decliningId,
  canDecline,
  actions,
  renderTask,
}: NotificationsListProps) {
  const query = useNotifications(filter);
  const notifications = useMemo(() => loadedNotifications(query.data), [query.data]);
  const itemProps = useCallback(
    (notification: Notification) => ({
      accepted: accepted.has(notification.id),
      accepting: acceptingId === notification.id,
      declining: decliningId === notification.id,
      canDecline,
      ...actions,
    }),
    [accepted, acceptingId, decliningId, canDecline, actions],
  );

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) return <ListSkeleton />;
  if (query.isError && !query.data) {
    return (
      <Card className="py-0">
        <ErrorState
          title={t(notificationsPageText.loadFailed)}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </Card>
    );
  }
  if (notifications.length === 0) return <NotificationsEmptyState filter={filter} />;

  return (
    <Inbox
      filter={filter}
      notifications={notifications}
      itemProps={itemProps}
      renderTask={renderTask}
      footer={hasNextPage ? <LoadMore loading={isFetchingNextPage} onLoadMore={loadMore} /> : null}
    />
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
        {t(notificationsPageText.loadMore)}
      </Button>
    </div>
  );
}

const emptyStates: Record<NotificationFilter, { icon: typeof BellIcon; title: string; description: string }> =
  {
    all: {
      icon: BellIcon,
      title: notificationsPageText.emptyTitle,
      description: notificationsPageText.emptyDescription,
    },
    unread: {
      icon: InboxIcon,
      title: notificationsPageText.emptyUnreadTitle,
      description: notificationsPageText.emptyUnreadDescription,
    },
    mentions: {
      icon: AtSignIcon,
      title: notificationsPageText.emptyMentionsTitle,
      description: notificationsPageText.emptyMentionsDescription,
    },
    assigned: {
      icon: ClipboardCheckIcon,
      title: notificationsPageText.emptyAssignedTitle,
      description: notificationsPageText.emptyAssignedDescription,
    },
    done: {
      icon: CheckCircle2Icon,
      title: notificationsPageText.emptyDoneTitle,
      description: notificationsPageText.emptyDoneDescription,
    },
  };

function NotificationsEmptyState({ filter }: { filter: NotificationFilter }) {
  const { icon, title, description } = emptyStates[filter];
  return (
    <Card className="py-0">
      <EmptyState icon={icon} title={t(title)} description={t(description)} />
    </Card>
  );
}

function ListSkeleton() {
  return (
    <Card className="gap-0 py-0">
      <p role="status" className="sr-only">
        {t(notificationsPageText.loading)}
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
