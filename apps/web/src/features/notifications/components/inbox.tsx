import type { Notification, NotificationFilter } from '@shipyard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2Icon, Undo2Icon } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useMediaQuery } from '../../../hooks/use-mobile.ts';
import { useNow } from '../../../hooks/use-now.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import { refreshAfterNotificationChange, removeFromCache } from '../api/notification-cache.ts';
import { useTriageNotification } from '../api/triage-notification.ts';
import { inboxActionOf } from './inbox-keys.ts';
import { NotificationItem, type NotificationItemProps, notificationItemId } from './notification-item.tsx';
import { productIdOf, productPath, taskPathOf } from './notification-meta.ts';
import { SnoozeMenu } from './snooze-menu.tsx';

/** At this width and above the inbox shows the selected notification beside the list. */
const SPLIT_VIEW_QUERY = '(min-width: 1024px)';

/** Shown with `t()`. */
const inboxTexts = {
  done: k('Mark done'),
  undone: k('Move to inbox'),
  preview: k('Selected notification'),
  previewEmpty: k('Select a notification to see it here.'),
  announceDone: k('Marked done.'),
  announceUndone: k('Moved back to the inbox.'),
  announceRead: k('Marked as read.'),
  announceUnread: k('Marked as unread.'),
  listLabel: {
    all: k('Notifications'),
    unread: k('Unread notifications'),
    mentions: k('Mentions'),
    assigned: k('Assigned to you'),
    done: k('Done notifications'),
  } satisfies Record<NotificationFilter, string>,
} as const;

const snoozedAnnouncement = (until: Date) =>
  t('Snoozed until {{time}}.', { time: formatDateTime(until.toISOString()) });

/** A dialog or menu open elsewhere on the page: its keys are its own. */
const overlayOpen = () =>
  document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]') !== null;

type ItemProps = Omit<NotificationItemProps, 'notification' | 'now' | 'selected' | 'onSelect' | 'triage'>;

export type InboxProps = {
  filter: NotificationFilter;
  notifications: Notification[];
  /** What each item needs besides itself (invitation state and actions). */
  itemProps: (notification: Notification) => ItemProps;
  /** The end of the list: the next page's loader. */
  footer?: ReactNode;
  /** The task a notification is about, beside the list on a wide screen (the app composes it). */
  renderTask?: RenderTask;
};

/** What the pane beside the list tells the task it shows. */
export type TaskPane = {
  /** The task went to the trash from the pane (its menu, the palette): the pane moves on. */
  onDeleted: () => void;
};

export type RenderTask = (taskId: string, pane: TaskPane) => ReactNode;

/**
 * The inbox (issue 30): the list, and on a wide screen the selected notification beside it.
 * j/k and the arrows move, Enter or o opens, e marks done and moves on, h snoozes, u toggles
 * read; none while typing, each action said to screen readers.
 */
export function Inbox({ filter, notifications, itemProps, footer, renderTask }: InboxProps) {
  const now = useNow();
  const navigate = useNavigate();
  const wide = useMediaQuery(SPLIT_VIEW_QUERY);
  const queryClient = useQueryClient();
  const triage = useTriageNotification();
  const markRead = useMarkNotificationRead();
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const [snoozing, setSnoozing] = useState<string | undefined>();
  const [announcement, setAnnouncement] = useState('');

  const index = Math.max(
    0,
    notifications.findIndex((n) => n.id === selectedId),
  );
  const selected = notifications[index];

  const focusItem = useCallback((id: string | undefined) => {
    if (!id) return;
    // After React has rendered the new selection.
    requestAnimationFrame(() => {
      const element = document.getElementById(notificationItemId(id));
      element?.focus({ preventScroll: true });
      element?.scrollIntoView?.({ block: 'nearest' });
    });
  }, []);

  const select = useCallback(
    (id: string | undefined) => {
      setSelectedId(id);
      focusItem(id);
    },
    [focusItem],
  );

  const { mutate: triageMutate } = triage;
  const { mutate: markReadMutate } = markRead;

  /** Marks done (or back from done), then the next one is current. */
  const done = useCallback(
    (n: Notification) => {
      const at = notifications.findIndex((x) => x.id === n.id);
      const next = notifications[at + 1] ?? notifications[at - 1];
      const undo = filter === 'done';
      triageMutate({ action: undo ? 'undone' : 'done', id: n.id });
      setAnnouncement(t(undo ? inboxTexts.announceUndone : inboxTexts.announceDone));
      select(next?.id);
    },
    [notifications, filter, triageMutate, select],
  );

  const snooze = useCallback(
    (n: Notification, until: Date) => {
      const at = notifications.findIndex((x) => x.id === n.id);
      const next = notifications[at + 1] ?? notifications[at - 1];
      triageMutate({ action: 'snooze', id: n.id, until: until.toISOString() });
      setAnnouncement(snoozedAnnouncement(until));
      setSnoozing(undefined);
      select(next?.id);
    },
    [notifications, triageMutate, select],
  );

  /**
   * The task beside the list went to the trash: on to the next notification, as after `e`. The ones
   * about that task leave the list (the server hides them while it is in the trash; an Undo brings
   * them back with the next fetch).
   */
  const taskTrashed = useCallback(
    (n: Notification) => {
      const taskId = taskIdOf(n);
      const about = (x: Notification) => x.id === n.id || (taskId !== undefined && taskIdOf(x) === taskId);
      const at = notifications.findIndex((x) => x.id === n.id);
      const next =
        notifications.slice(at + 1).find((x) => !about(x)) ??
        notifications.slice(0, Math.max(0, at)).findLast((x) => !about(x));
      for (const x of notifications) if (about(x)) removeFromCache(queryClient, x.id);
      void refreshAfterNotificationChange(queryClient);
      select(next?.id);
    },
    [notifications, queryClient, select],
  );

  const toggleRead = useCallback(
    (n: Notification) => {
      if (n.read) triageMutate({ action: 'unread', id: n.id });
      else markReadMutate(n.id);
      setAnnouncement(t(n.read ? inboxTexts.announceUnread : inboxTexts.announceRead));
    },
    [triageMutate, markReadMutate],
  );

  const open = useCallback(
    (n: Notification) => {
      const productId = productIdOf(n);
      const to = taskPathOf(n) ?? (productId ? productPath(productId) : undefined);
      if (!n.read) markReadMutate(n.id);
      if (to) navigate(to);
    },
    [navigate, markReadMutate],
  );

  const latest = useRef({ notifications, index, selected, done, toggleRead, open, select, taskTrashed });
  latest.current = { notifications, index, selected, done, toggleRead, open, select, taskTrashed };
  // One object for the pane's whole life: the task page keeps its callbacks.
  const pane = useMemo<TaskPane>(
    () => ({
      onDeleted: () => {
        const { selected: shown, taskTrashed: trashed } = latest.current;
        if (shown) trashed(shown);
      },
    }),
    [],
  );
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      const action = inboxActionOf(event, overlayOpen());
      const state = latest.current;
      if (!action || !state.selected) return;
      event.preventDefault();
      const move = (by: number) =>
        state.select(
          state.notifications[Math.min(state.notifications.length - 1, Math.max(0, state.index + by))]?.id,
        );
      if (action === 'next') move(1);
      else if (action === 'previous') move(-1);
      else if (action === 'open') state.open(state.selected);
      else if (action === 'done') state.done(state.selected);
      else if (action === 'toggleRead') state.toggleRead(state.selected);
      else if (action === 'snooze' && filter !== 'done') setSnoozing(state.selected.id);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [filter]);

  // A comment or mention opens its task at that comment (#comment-<id>) beside the list.
  const selectedTaskId = selected ? taskIdOf(selected) : undefined;
  useEffect(() => {
    if (!wide || !selected) return;
    const path = taskPathOf(selected);
    const hash = path?.includes('#') ? path.slice(path.indexOf('#')) : '';
    if (window.location.hash !== hash) navigate({ search: window.location.search, hash }, { replace: true });
  }, [wide, selected, navigate]);

  const items = useMemo(
    () =>
      notifications.map((n) => (
        <NotificationItem
          key={n.id}
          notification={n}
          now={now}
          selected={n.id === selected?.id}
          onSelect={(x) => setSelectedId(x.id)}
          triage={
            <>
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-muted-foreground hover:text-foreground"
                aria-label={t(filter === 'done' ? inboxTexts.undone : inboxTexts.done)}
                title={`${t(filter === 'done' ? inboxTexts.undone : inboxTexts.done)} (e)`}
                onClick={() => done(n)}
              >
                {filter === 'done' ? (
                  <Undo2Icon aria-hidden="true" />
                ) : (
                  <CheckCircle2Icon aria-hidden="true" />
                )}
              </Button>
              {filter === 'done' ? null : (
                <SnoozeMenu
                  now={now}
                  open={snoozing === n.id}
                  onOpenChange={(isOpen) => setSnoozing(isOpen ? n.id : undefined)}
                  onSnooze={(until) => snooze(n, until)}
                />
              )}
            </>
          }
          {...itemProps(n)}
        />
      )),
    [notifications, now, selected?.id, filter, snoozing, done, snooze, itemProps],
  );

  const list = (
    <Card className="gap-0 overflow-hidden py-0">
      <ul aria-label={t(inboxTexts.listLabel[filter])} className="divide-y">
        {items}
      </ul>
      {footer}
    </Card>
  );

  return (
    <>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {wide ? (
        <div className="grid grid-cols-[minmax(20rem,28rem)_1fr] items-start gap-4">
          <div className="max-h-[calc(100dvh-14rem)] overflow-y-auto rounded-xl">{list}</div>
          <section
            aria-label={t(inboxTexts.preview)}
            className={cn('min-w-0 rounded-xl border bg-card', selectedTaskId ? 'p-0' : 'p-6')}
          >
            {selected && selectedTaskId && renderTask ? (
              <div className="max-h-[calc(100dvh-14rem)] overflow-y-auto p-4">
                {renderTask(selectedTaskId, pane)}
              </div>
            ) : selected ? (
              <ul aria-label={t(inboxTexts.preview)}>
                <NotificationItem notification={selected} now={now} {...itemProps(selected)} />
              </ul>
            ) : (
              <p className="text-muted-foreground text-sm">{t(inboxTexts.previewEmpty)}</p>
            )}
          </section>
        </div>
      ) : (
        list
      )}
    </>
  );
}

const taskIdOf = (n: Notification): string | undefined => {
  const path = taskPathOf(n);
  return path && typeof n.metadata.taskId === 'string' ? n.metadata.taskId : undefined;
};
