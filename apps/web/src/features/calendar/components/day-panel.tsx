import { type CalendarItem, type CalendarTask, eventMessages as m } from '@shipyard/shared';
import { CalendarDaysIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import { formatDayLong } from './calendar-days.ts';
import { CalendarTaskCard } from './calendar-task-card.tsx';
import { scheduledText } from './calendar-texts.ts';
import type { EventActionsMenuProps } from './event-actions-menu.tsx';
import { EventCard } from './event-card.tsx';

type DayPanelProps = {
  day: string;
  isToday: boolean;
  items: readonly CalendarItem[];
  tasks: readonly CalendarTask[];
  tasksLoading: boolean;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  onEdit: EventActionsMenuProps['onEdit'];
  /** Issue 31: "Move to date" on the events the viewer may edit and the tasks they may move. */
  onMoveEvent?: EventActionsMenuProps['onMoveToDate'];
  onMoveTask?: ((task: CalendarTask) => void) | undefined;
  emptyAction?: ReactNode;
  className?: string;
};

/** The selected day: 'N events scheduled', its events, its products' target dates and its tasks due. */
export function DayPanel({
  day,
  isToday,
  items,
  tasks,
  tasksLoading,
  loading,
  error,
  onRetry,
  onEdit,
  onMoveEvent,
  onMoveTask,
  emptyAction,
  className,
}: DayPanelProps) {
  const headingId = useId();
  const events = items.filter((item) => item.source === 'event').length;

  return (
    <section
      aria-labelledby={headingId}
      className={cn('grid min-w-0 gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5', className)}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h2 id={headingId} className="font-semibold leading-tight tracking-tight">
            {formatDayLong(day)}
          </h2>
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {/* The spec's text on its own, the tasks due beside it. */}
            <span>{loading ? t(m.loading) : events > 0 ? scheduledText(events) : t(m.emptyDay)}</span>
            {tasks.length > 0 ? (
              <span>{` · ${t('{{count}} tasks due', { count: tasks.length })}`}</span>
            ) : null}
          </p>
        </div>
        {isToday ? (
          <span className="rounded-md bg-primary/10 px-2 py-0.5 font-medium text-primary text-xs dark:text-ring">
            {t('Today')}
          </span>
        ) : null}
      </header>

      {loading ? (
        <DaySkeleton />
      ) : error ? (
        <ErrorState title={t(m.loadFailed)} error={error} onRetry={onRetry} className="py-10" />
      ) : items.length === 0 && tasks.length === 0 && !tasksLoading ? (
        <EmptyState
          icon={CalendarDaysIcon}
          title={t('Nothing on this day yet.')}
          action={emptyAction}
          className="py-10"
        />
      ) : (
        <>
          {items.length > 0 ? (
            <ul aria-label={t('Events of the day')} className="grid gap-3 xl:grid-cols-2">
              {items.map((item) => (
                <li key={`${item.id}:${item.date}`} className="min-w-0">
                  <EventCard item={item} onEdit={onEdit} onMoveToDate={onMoveEvent} />
                </li>
              ))}
            </ul>
          ) : null}
          {tasks.length > 0 ? (
            <ul aria-label={t('Tasks due')} className="grid gap-3 xl:grid-cols-2">
              {tasks.map((task) => (
                <li key={task.id} className="min-w-0">
                  <CalendarTaskCard task={task} onMoveToDate={onMoveTask} />
                </li>
              ))}
            </ul>
          ) : tasksLoading ? (
            <Skeleton className="h-16 w-full" />
          ) : null}
        </>
      )}
    </section>
  );
}

function DaySkeleton() {
  return (
    <div className="grid gap-3 xl:grid-cols-2">
      {[0, 1].map((i) => (
        <div key={i} className="grid gap-2.5 rounded-lg border p-3">
          <Skeleton className="h-3 w-16" />
          <Skeleton className="h-4 w-2/3" />
          <div className="flex gap-1.5">
            <Skeleton className="h-4 w-16" />
            <Skeleton className="h-4 w-20" />
          </div>
          <Skeleton className="h-3 w-full" />
        </div>
      ))}
    </div>
  );
}
