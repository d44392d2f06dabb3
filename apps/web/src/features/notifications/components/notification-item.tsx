import { type Notification, plainTextPreview } from '@shipyard/shared';
import { ArrowRightIcon, CheckIcon, Trash2Icon } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime, formatRelative, initials } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import {
  metadataText,
  notificationTypeIcons,
  productIdOf,
  productPath,
  productTasksPath,
  senderName,
  taskPathOf,
} from './notification-meta.ts';

export type NotificationItemProps = {
  notification: Notification;
  /** The clock relative times are measured against (renewed every minute by the page). */
  now: number;
  /** The caller accepted this invitation while on the page: it links to the product. */
  accepted: boolean;
  accepting: boolean;
  declining: boolean;
  /** Decline needs the caller's id (their own team row); without it only Accept is offered. */
  canDecline: boolean;
  onMarkRead: (notification: Notification) => void;
  onDelete: (notification: Notification) => void;
  onAccept: (notification: Notification) => void;
  onDecline: (notification: Notification) => void;
  /** The inbox's current item (issue 30): outlined, and what its keys act on. */
  selected?: boolean;
  /** A click on the item (not on its buttons) makes it the inbox's current item. */
  onSelect?: (notification: Notification) => void;
  /** The inbox's triage buttons (done, snooze), before Delete. */
  triage?: ReactNode;
};

/** The element id of an item: the inbox focuses and scrolls to it. */
export const notificationItemId = (id: string) => `notification-${id}`;

const linkClasses = buttonVariants({ variant: 'outline', size: 'sm' });

/** Spec §2.21: one notification, with its actions. */
export function NotificationItem({
  notification,
  now,
  accepted,
  accepting,
  declining,
  canDecline,
  onMarkRead,
  onDelete,
  onAccept,
  onDecline,
  selected = false,
  onSelect,
  triage,
}: NotificationItemProps) {
  const unread = !notification.read;
  const name = senderName(notification);
  const { icon: TypeIcon, label: typeLabel } = notificationTypeIcons[notification.type];
  const productId = productIdOf(notification);
  const teamId = metadataText(notification, 'teamId');
  // What a comment or mention said, when the server gives it (markdown): shown as plain text,
  // never its markdown or a mention's markup with the user id (issue 28). The message itself is
  // the server's plain sentence, shown as it is.
  const rawExcerpt = metadataText(notification, 'excerpt');
  const excerpt = rawExcerpt ? plainTextPreview(rawExcerpt) : '';
  // The server says whether the invitation still waits, read or not (an accepted, withdrawn or
  // expired one offers nothing; accepted here, it links to its product below).
  const canAccept =
    notification.type === 'INVITE' && notification.invitationPending && teamId !== undefined && !accepted;
  // A task notification opens the task (a comment or mention at that comment); an old
  // assignment without a task id, the product's tasks.
  const taskLink =
    taskPathOf(notification) ??
    (notification.type === 'TASK_ASSIGNED' && productId ? productTasksPath(productId) : undefined);
  // An invitation accepted on this visit, a team the caller now leads and an accepted invite
  // they sent all lead to a product the caller can open. An invitation no longer pending when
  // loaded may have been withdrawn rather than accepted, so it links nowhere.
  const opensProduct =
    (notification.type === 'INVITE' && accepted) ||
    notification.type === 'TEAM_LEAD' ||
    notification.type === 'INVITE_ACCEPTED' ||
    notification.type === 'PRODUCT_STAGE' ||
    notification.type === 'STAGE_GATE_APPROVAL';
  const productLink = opensProduct && productId ? productPath(productId) : undefined;

  // Spec §4: clicking an unread item marks it read (its own buttons do their own thing; a
  // click that ends a text selection is not meant as one). The check button is the keyboard path.
  const onItemClick = (event: MouseEvent<HTMLLIElement>) => {
    if (event.target instanceof Element && event.target.closest('button')) return;
    onSelect?.(notification);
    if (!unread) return;
    if (window.getSelection()?.toString()) return;
    onMarkRead(notification);
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a mouse shortcut; the 'Mark as read' button inside is the keyboard path.
    <li
      id={onSelect ? notificationItemId(notification.id) : undefined}
      tabIndex={onSelect ? -1 : undefined}
      aria-current={selected ? 'true' : undefined}
      data-read={notification.read}
      onClick={onItemClick}
      className={cn(
        // A phone (below sm) gives the text the row's width: name and time, then the message in
        // two lines at most, and one row below for the links and the actions. From sm up, the
        // actions sit at the top right beside the text, as in the split view.
        'relative grid grid-cols-[auto_minmax(0,1fr)_auto] gap-x-3 gap-y-2 px-4 py-3 outline-none transition-colors sm:gap-y-0 sm:px-6 sm:py-4',
        "[grid-template-areas:'avatar_body_body'_'links_links_actions'] sm:[grid-template-areas:'avatar_body_actions'_'avatar_links_actions']",
        onSelect ? 'cursor-pointer' : undefined,
        selected ? 'ring-2 ring-ring ring-inset' : undefined,
        unread
          ? 'cursor-pointer bg-primary/5 hover:bg-primary/8 dark:bg-primary/12 dark:hover:bg-primary/16'
          : 'hover:bg-muted/40',
      )}
    >
      {unread ? (
        <span aria-hidden="true" className="absolute top-0 bottom-0 start-0 w-0.5 bg-primary" />
      ) : null}
      <div className="relative mt-0.5 shrink-0 self-start [grid-area:avatar]">
        <Avatar className="size-8 sm:size-9">
          {notification.sender?.avatar ? <AvatarImage src={notification.sender.avatar} alt="" /> : null}
          <AvatarFallback className="bg-primary/10 font-semibold text-primary text-xs sm:text-sm dark:bg-primary/25 dark:text-foreground">
            {initials(name)}
          </AvatarFallback>
        </Avatar>
        <span
          title={t(typeLabel)}
          aria-hidden="true"
          className="absolute -end-1 -bottom-1 flex size-5 items-center justify-center rounded-full border-2 border-card bg-muted text-muted-foreground"
        >
          <TypeIcon className="size-3" />
        </span>
      </div>

      <div className="flex min-w-0 flex-col gap-1 [grid-area:body]">
        <div className="flex items-center gap-x-2 gap-y-0.5 sm:flex-wrap">
          {unread ? (
            <>
              <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-primary" />
              <span className="sr-only">{t('Unread:')}</span>
            </>
          ) : null}
          <span className={cn('min-w-0 truncate text-sm', unread ? 'font-semibold' : 'font-medium')}>
            {name}
          </span>
          <time
            dateTime={notification.createdAt}
            title={formatDateTime(notification.createdAt)}
            className="ms-auto shrink-0 whitespace-nowrap text-muted-foreground text-xs tabular-nums sm:ms-0"
          >
            {formatRelative(notification.createdAt, now)}
          </time>
        </div>
        <p
          className={cn(
            'line-clamp-2 break-words text-sm sm:line-clamp-none',
            unread ? 'text-foreground' : 'text-muted-foreground',
          )}
        >
          {notification.message}
        </p>
        {excerpt ? (
          <p
            data-excerpt=""
            className="line-clamp-1 break-words text-muted-foreground text-sm sm:line-clamp-2"
          >
            {excerpt}
          </p>
        ) : null}
      </div>
      {canAccept || productLink || taskLink ? (
        <div className="flex min-w-0 flex-wrap items-center gap-2 [grid-area:links] sm:mt-2.5">
          {canAccept ? (
            <Button size="sm" pending={accepting} disabled={declining} onClick={() => onAccept(notification)}>
              {t('Accept')}
            </Button>
          ) : null}
          {canAccept && canDecline ? (
            <Button
              size="sm"
              variant="outline"
              pending={declining}
              disabled={accepting}
              onClick={() => onDecline(notification)}
            >
              {t('Decline')}
            </Button>
          ) : null}
          {productLink ? (
            <Link to={productLink} className={linkClasses}>
              {t('Open product')}
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          ) : null}
          {taskLink ? (
            <Link to={taskLink} className={linkClasses}>
              {t('View task')}
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          ) : null}
        </div>
      ) : null}

      <div className="-me-2 flex shrink-0 items-center gap-0.5 self-center [grid-area:actions] sm:-mt-1 sm:items-start sm:self-start">
        {triage}
        {unread ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-muted-foreground hover:text-foreground"
            aria-label={t('Mark as read')}
            title={t('Mark as read')}
            onClick={() => onMarkRead(notification)}
          >
            <CheckIcon aria-hidden="true" />
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-muted-foreground hover:text-destructive"
          aria-label={t('Delete notification')}
          title={t('Delete notification')}
          onClick={() => onDelete(notification)}
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}
