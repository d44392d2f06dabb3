import {
  type CalendarEvent,
  type CalendarItem,
  canScheduleEvents,
  eventMessages as m,
  type Role,
} from '@shipyard/shared';
import { isSameMonth, startOfMonth } from 'date-fns';
import { CalendarDaysIcon, CalendarPlusIcon, PlusIcon } from 'lucide-react';
import { type ReactNode, useCallback, useId, useMemo, useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useProductOptions } from '../../../lib/product-options.ts';
import { useEvents } from '../api/get-events.ts';
import {
  dayKey,
  formatDayLong,
  fromDayKey,
  itemsByDay,
  localeWeekStart,
  monthGridRange,
  upcomingRange,
} from './calendar-days.ts';
import { EventCard } from './event-card.tsx';
import { EventFormDialog } from './event-form-dialog.tsx';
import { type DayMarks, MonthCalendar } from './month-calendar.tsx';
import { UpcomingEvents } from './upcoming-events.tsx';

export type CalendarPageProps = {
  /** The signed-in user: guests read, members and admins schedule (spec §6). */
  viewer: { id: string; role: Role };
};

/**
 * Spec §2.13 /calendar: a month calendar marking the days with events, the selected day's events,
 * the upcoming ones, and the 'Add Event' dialog. Products' target dates show as milestones.
 */
export function CalendarPage({ viewer }: CalendarPageProps) {
  const now = useNow();
  const today = dayKey(new Date(now));
  const weekStartsOn = useMemo(() => localeWeekStart(), []);
  const [selected, setSelected] = useState(today);
  const [month, setMonth] = useState(() => startOfMonth(new Date()));

  // The month's whole grid, so the dots on the neighbouring months' days are true too.
  const grid = useMemo(() => monthGridRange(month, weekStartsOn), [month, weekStartsOn]);
  const monthEvents = useEvents(grid, { keepPrevious: true });
  // A day outside the grid (the month moved on, the selection did not) is asked for on its own.
  const selectedInGrid = selected >= grid.from && selected <= grid.to;
  const dayEvents = useEvents({ from: selected, to: selected }, { enabled: !selectedInGrid });
  const upcoming = useEvents(useMemo(() => upcomingRange(today), [today]));
  const products = useProductOptions();

  const days = useMemo(() => itemsByDay(monthEvents.data?.data ?? []), [monthEvents.data]);
  const marks = useMemo(() => {
    const result = new Map<string, DayMarks>();
    for (const [day, items] of days) {
      const milestones = items.filter((item) => item.source === 'product').length;
      result.set(day, { events: items.length - milestones, milestones });
    }
    return result;
  }, [days]);

  const dayQuery = selectedInGrid ? monthEvents : dayEvents;
  const dayLoading = dayQuery.isPending || (selectedInGrid && monthEvents.isPlaceholderData);
  const dayItems = selectedInGrid ? (days.get(selected) ?? []) : (dayEvents.data?.data ?? []);

  const canSchedule = canScheduleEvents(viewer.role);
  const [dialog, setDialog] = useState<{ open: boolean; event?: CalendarEvent | undefined }>({ open: false });
  const onAdd = useCallback(() => setDialog({ open: true, event: undefined }), []);
  const onEdit = useCallback((event: CalendarEvent) => setDialog({ open: true, event }), []);

  const selectDay = useCallback((key: string) => {
    setSelected(key);
    const date = fromDayKey(key);
    if (date) setMonth((current) => (isSameMonth(current, date) ? current : startOfMonth(date)));
  }, []);

  const selectedDate = fromDayKey(selected) ?? new Date();
  const monthIsCurrent = isSameMonth(month, new Date(now));

  return (
    <div className="mx-auto grid w-full min-w-0 max-w-7xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Calendar"
        description="Meetings, reviews and workshops, and the target dates of your products."
        actions={
          canSchedule ? (
            <Button onClick={onAdd}>
              <PlusIcon aria-hidden="true" />
              {m.addEvent}
            </Button>
          ) : null
        }
      />

      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
        <Card className="gap-3 p-3 sm:p-4">
          <MonthCalendar
            month={month}
            onMonthChange={(next) => setMonth(startOfMonth(next))}
            selected={selectedDate}
            onSelect={(date) => selectDay(dayKey(date))}
            marks={marks}
            weekStartsOn={weekStartsOn}
            today={fromDayKey(today)}
          />
          <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3 text-muted-foreground text-xs">
            <div className="flex items-center gap-3">
              <span className="inline-flex items-center gap-1.5">
                <span aria-hidden="true" className="size-1.5 rounded-full bg-primary dark:bg-ring" />
                Events
              </span>
              <span className="inline-flex items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className="size-[6px] rotate-45 rounded-[1px] bg-amber-500 dark:bg-amber-400"
                />
                Product target dates
              </span>
            </div>
            <Button
              variant="outline"
              size="sm"
              disabled={monthIsCurrent && selected === today}
              onClick={() => {
                selectDay(today);
                setMonth(startOfMonth(new Date(now)));
              }}
            >
              Today
            </Button>
          </div>
          {monthEvents.isError && !monthEvents.data ? (
            <p role="alert" className="text-destructive text-xs">
              {m.loadFailed}: {getErrorMessage(monthEvents.error)}
            </p>
          ) : null}
        </Card>

        <DayPanel
          day={selected}
          isToday={selected === today}
          items={dayItems}
          loading={dayLoading}
          error={dayQuery.isError && !dayQuery.data ? dayQuery.error : null}
          onRetry={() => void dayQuery.refetch()}
          onEdit={onEdit}
          emptyAction={
            canSchedule ? (
              <Button variant="outline" size="sm" onClick={onAdd}>
                <CalendarPlusIcon aria-hidden="true" />
                Add an event on this day
              </Button>
            ) : undefined
          }
        />

        <UpcomingEvents
          className="lg:col-start-1 lg:row-start-2"
          query={upcoming}
          today={today}
          selected={selected}
          onSelectDay={selectDay}
          onAdd={canSchedule ? onAdd : undefined}
        />
      </div>

      <EventFormDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        event={dialog.event}
        defaultDate={selected}
        products={products.data ?? []}
      />
    </div>
  );
}

type DayPanelProps = {
  day: string;
  isToday: boolean;
  items: readonly CalendarItem[];
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  onEdit: (event: CalendarEvent) => void;
  emptyAction?: ReactNode;
};

/** The selected day: 'N events scheduled', its events and its products' target dates. */
function DayPanel({ day, isToday, items, loading, error, onRetry, onEdit, emptyAction }: DayPanelProps) {
  const headingId = useId();
  const events = items.filter((item) => item.source === 'event').length;

  return (
    <section
      aria-labelledby={headingId}
      className="grid min-w-0 gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5 lg:col-start-2 lg:row-span-2 lg:row-start-1"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h2 id={headingId} className="font-semibold leading-tight tracking-tight">
            {formatDayLong(day)}
          </h2>
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {loading ? m.loading : events > 0 ? m.scheduled(events) : m.emptyDay}
          </p>
        </div>
        {isToday ? (
          <span className="rounded-md bg-primary/10 px-2 py-0.5 font-medium text-primary text-xs dark:text-ring">
            Today
          </span>
        ) : null}
      </header>

      {loading ? (
        <DaySkeleton />
      ) : error ? (
        <ErrorState title={m.loadFailed} error={error} onRetry={onRetry} className="py-10" />
      ) : items.length === 0 ? (
        <EmptyState
          icon={CalendarDaysIcon}
          title="Nothing on this day yet."
          action={emptyAction}
          className="py-10"
        />
      ) : (
        <ul aria-label="Events of the day" className="grid gap-3 xl:grid-cols-2">
          {items.map((item) => (
            <li key={item.id} className="min-w-0">
              <EventCard item={item} onEdit={onEdit} />
            </li>
          ))}
        </ul>
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
