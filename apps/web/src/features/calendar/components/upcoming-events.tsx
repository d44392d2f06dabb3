import { type EventList, eventMessages as m } from '@shipyard/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { CalendarClockIcon, FlagIcon, PlusIcon } from 'lucide-react';
import { useId } from 'react';
import { EmptyState, EmptyStateButton } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import { formatStartTime, fromDayKey, UPCOMING_LIMIT } from './calendar-days.ts';
import { EventStatusDot, eventTypeLabels } from './event-badges.tsx';

const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'short' });
const weekdayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short' });

export type UpcomingEventsProps = {
  query: Pick<UseQueryResult<EventList>, 'data' | 'isPending' | 'isError' | 'error' | 'refetch'>;
  today: string;
  selected: string;
  onSelectDay: (day: string) => void;
  /** Offered in the empty state to those who may schedule. */
  onAdd?: (() => void) | undefined;
  className?: string;
};

/** Spec §2.13: what comes next, from today on, by date ascending; a row selects its day. */
export function UpcomingEvents({
  query,
  today,
  selected,
  onSelectDay,
  onAdd,
  className,
}: UpcomingEventsProps) {
  const headingId = useId();
  const items = query.data?.data ?? [];

  return (
    <section
      aria-labelledby={headingId}
      className={cn('grid min-w-0 gap-3 rounded-xl border bg-card p-4 shadow-sm', className)}
    >
      <h2 id={headingId} className="font-semibold leading-tight tracking-tight">
        {t(m.upcoming)}
      </h2>

      {query.isPending ? (
        <div role="status" className="grid gap-2">
          <p className="text-muted-foreground text-sm">{t(m.loading)}</p>
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex items-center gap-3">
              <Skeleton className="size-10 rounded-md" />
              <div className="grid flex-1 gap-1.5">
                <Skeleton className="h-3.5 w-3/4" />
                <Skeleton className="h-3 w-1/2" />
              </div>
            </div>
          ))}
        </div>
      ) : query.isError && !query.data ? (
        <ErrorState
          variant="inline"
          title={t(m.loadFailed)}
          error={query.error}
          onRetry={() => void query.refetch()}
          className="justify-start py-0"
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={CalendarClockIcon}
          title={t(m.empty)}
          action={
            onAdd ? (
              <EmptyStateButton icon={PlusIcon} onClick={onAdd}>
                {t('Add an event')}
              </EmptyStateButton>
            ) : null
          }
          className="py-6"
        />
      ) : (
        <>
          <ol aria-label={t(m.upcoming)} className="-mx-2 grid gap-0.5">
            {items.map((item) => {
              const date = fromDayKey(item.date);
              const milestone = item.source === 'product';
              const when = [
                item.date === today ? t('Today') : date ? weekdayFormat.format(date) : '',
                milestone
                  ? t('Product target date')
                  : item.startTime
                    ? formatStartTime(item.date, item.startTime)
                    : t('All day'),
                t(eventTypeLabels[item.type]),
              ]
                .filter(Boolean)
                .join(' · ');
              return (
                <li key={`${item.id}:${item.date}`}>
                  <button
                    type="button"
                    onClick={() => onSelectDay(item.date)}
                    aria-current={item.date === selected ? 'date' : undefined}
                    data-source={item.source}
                    className="flex w-full min-w-0 cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-start outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-[current=date]:bg-accent/60"
                  >
                    <span
                      aria-hidden="true"
                      className={cn(
                        'flex size-10 shrink-0 flex-col items-center justify-center rounded-md border leading-none',
                        milestone
                          ? 'border-dashed border-amber-400/70 bg-amber-50 text-amber-800 dark:bg-amber-500/10 dark:text-amber-300'
                          : 'bg-background',
                      )}
                    >
                      {/* A milestone's month at full strength: amber at 70 % on amber-50 falls under 4.5:1 (axe). */}
                      <span className={cn('text-[10px] uppercase tracking-wide', !milestone && 'opacity-70')}>
                        {date ? monthFormat.format(date) : ''}
                      </span>
                      <span className="font-semibold text-sm tabular-nums">{date?.getDate()}</span>
                    </span>
                    <span className="grid min-w-0 flex-1 gap-0.5">
                      <span className="flex min-w-0 items-center gap-1.5 font-medium text-sm">
                        {milestone ? (
                          <FlagIcon
                            aria-hidden="true"
                            className="size-3.5 shrink-0 text-amber-600 dark:text-amber-400"
                          />
                        ) : null}
                        <span className="truncate">{item.title}</span>
                      </span>
                      <span className="flex min-w-0 items-center gap-1.5 text-muted-foreground text-xs">
                        <EventStatusDot status={item.status} />
                        <span className="truncate">{when}</span>
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
          {query.data?.hasMore ? (
            <p className="text-muted-foreground text-xs">
              {t('The next {{count}} are shown.', { count: UPCOMING_LIMIT })}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
