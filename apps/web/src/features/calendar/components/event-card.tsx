import { type CalendarItem, eventMessages as m } from '@shipyard/shared';
import { ClockIcon, FlagIcon, FolderIcon, RepeatIcon, UsersIcon, VideoIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { repeatWords } from '../../../components/repeat-editor.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { formatStartTime } from './calendar-days.ts';
import { EventActionsMenu, type EventActionsMenuProps } from './event-actions-menu.tsx';
import { EventStatusBadge, EventTypeBadge } from './event-badges.tsx';

/** Participants shown by address before the rest are counted. */
const PARTICIPANTS_SHOWN = 4;

export type EventCardProps = {
  item: CalendarItem;
  onEdit: EventActionsMenuProps['onEdit'];
  onMoveToDate?: EventActionsMenuProps['onMoveToDate'];
};

/**
 * Spec §2.13: an event's card — type and status badges, time, product, participants and 'Join
 * Meeting'. A product's target date is a milestone card: read-only, linking to the product.
 */
export function EventCard({ item, onEdit, onMoveToDate }: EventCardProps) {
  const titleId = useId();
  const milestone = item.source === 'product';
  const productHref = item.productId && item.productName ? paths.product(item.productId) : undefined;

  return (
    <article
      aria-labelledby={titleId}
      data-source={item.source}
      className={cn(
        'grid gap-2.5 rounded-lg border p-3 text-sm',
        milestone
          ? 'border-dashed border-primary/40 bg-primary/[0.04] dark:bg-primary/10'
          : 'bg-card shadow-xs',
      )}
    >
      <div className="flex items-start gap-2">
        <div className="grid min-w-0 flex-1 gap-1">
          <p className="flex items-center gap-1.5 text-muted-foreground text-xs">
            {milestone ? (
              <FlagIcon aria-hidden="true" className="size-3.5 text-primary dark:text-ring" />
            ) : (
              <ClockIcon aria-hidden="true" className="size-3.5" />
            )}
            {milestone
              ? t('Product target date')
              : item.startTime
                ? formatStartTime(item.date, item.startTime)
                : t('All day')}
            {item.source === 'event' && item.recurrence ? (
              <span className="flex min-w-0 items-center gap-1">
                <span aria-hidden="true">·</span>
                <RepeatIcon aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="truncate">{repeatWords(item.recurrence)}</span>
              </span>
            ) : null}
          </p>
          <h3 id={titleId} className="break-words font-medium leading-snug">
            {item.title}
          </h3>
        </div>
        {item.source === 'event' ? (
          <EventActionsMenu event={item} onEdit={onEdit} onMoveToDate={onMoveToDate} />
        ) : null}
      </div>

      <div className="flex flex-wrap items-center gap-1.5">
        <EventTypeBadge type={item.type} />
        <EventStatusBadge status={item.status} />
      </div>

      {item.description ? (
        <p className="line-clamp-3 whitespace-pre-line break-words text-muted-foreground">
          {item.description}
        </p>
      ) : null}

      {productHref || item.participants.length > 0 ? (
        <dl className="grid gap-1.5 text-xs">
          {productHref ? (
            <div className="flex min-w-0 items-center gap-1.5">
              <dt>
                <FolderIcon aria-hidden="true" className="size-3.5 text-muted-foreground" />
                <span className="sr-only">{t('Product')}</span>
              </dt>
              <dd className="min-w-0 truncate">
                <Link
                  to={productHref}
                  className="rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  {item.productName}
                </Link>
              </dd>
            </div>
          ) : null}
          {item.participants.length > 0 ? (
            <div className="flex min-w-0 items-start gap-1.5">
              <dt className="pt-0.5">
                <UsersIcon aria-hidden="true" className="size-3.5 text-muted-foreground" />
                <span className="sr-only">{t('Participants')}</span>
              </dt>
              <dd className="flex min-w-0 flex-wrap gap-1">
                {item.participants.slice(0, PARTICIPANTS_SHOWN).map((email) => (
                  <span
                    key={email}
                    className="max-w-full truncate rounded bg-muted px-1.5 py-px text-muted-foreground"
                  >
                    {email}
                  </span>
                ))}
                {item.participants.length > PARTICIPANTS_SHOWN ? (
                  <span
                    className="rounded bg-muted px-1.5 py-px text-muted-foreground"
                    title={item.participants.slice(PARTICIPANTS_SHOWN).join(', ')}
                  >
                    {t('+{{count}} more', { count: item.participants.length - PARTICIPANTS_SHOWN })}
                  </span>
                ) : null}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}

      {item.meetingLink ? (
        <a
          href={item.meetingLink}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonVariants({ variant: 'outline', size: 'sm', className: 'w-fit' })}
        >
          <VideoIcon aria-hidden="true" />
          {t(m.joinMeeting)}
          <span className="sr-only"> {t('(opens in a new tab)')}</span>
        </a>
      ) : null}
    </article>
  );
}
