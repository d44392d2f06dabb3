import {
  type CalendarEvent,
  type CalendarItem,
  type CalendarTask,
  canScheduleEvents,
  type EventScope,
  eventMessages as m,
  type Role,
} from '@shipyard/shared';
import { isSameMonth, startOfMonth } from 'date-fns';
import { CalendarPlusIcon, PlusIcon } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { useProductOptions } from '../../../lib/product-options.ts';
import { useCalendarTasks } from '../api/get-calendar-tasks.ts';
import { useEvents } from '../api/get-events.ts';
import {
  dayKey,
  fromDayKey,
  itemsByDay,
  localeWeekStart,
  monthGridRange,
  upcomingRange,
} from './calendar-days.ts';
import { CalendarFilterBar } from './calendar-filter-bar.tsx';
import { type CalendarFilters, productColour, useCalendarFilters } from './calendar-filters.ts';
import { DayPanel } from './day-panel.tsx';
import { EventFormDialog } from './event-form-dialog.tsx';
import { type DayMarks, MonthCalendar } from './month-calendar.tsx';
import { UpcomingEvents } from './upcoming-events.tsx';

export type CalendarPageProps = {
  /** The signed-in user: guests read, members and admins schedule (spec §6). */
  viewer: { id: string; role: Role };
};

/** Whether an event or a milestone passes the filters (tasks are filtered by the server). */
function passes(item: CalendarItem, filters: CalendarFilters): boolean {
  if (!filters.shown.has(item.source === 'product' ? 'milestones' : 'events')) return false;
  return !filters.productId || item.productId === filters.productId;
}

/** The tasks by due day, in the server's order. */
function tasksByDay(tasks: readonly CalendarTask[]): Map<string, CalendarTask[]> {
  const days = new Map<string, CalendarTask[]>();
  for (const task of tasks) {
    const list = days.get(task.dueDate);
    if (list) list.push(task);
    else days.set(task.dueDate, [task]);
  }
  return days;
}

/**
 * Spec §2.13 /calendar: a month calendar marking the days with events, the selected day's events,
 * the upcoming ones, and the 'Add Event' dialog. Products' target dates show as milestones, and
 * tasks on their due days in their product's colour (issue 16); the filters are in the address.
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
  const { filters, setProduct, setMineOnly, setShown } = useCalendarFilters();
  const showTasks = filters.shown.has('tasks');
  const taskFilters = { productId: filters.productId || undefined, mine: filters.mineOnly || undefined };
  const monthTasks = useCalendarTasks(
    { ...grid, ...taskFilters },
    { enabled: showTasks, keepPrevious: true },
  );
  const dayTasksQuery = useCalendarTasks(
    { from: selected, to: selected, ...taskFilters },
    { enabled: showTasks && !selectedInGrid },
  );

  const days = useMemo(
    () => itemsByDay((monthEvents.data?.data ?? []).filter((item) => passes(item, filters))),
    [monthEvents.data, filters],
  );
  const taskDays = useMemo(
    () => tasksByDay(showTasks ? (monthTasks.data?.data ?? []) : []),
    [monthTasks.data, showTasks],
  );
  const marks = useMemo(() => {
    const result = new Map<string, DayMarks>();
    for (const [day, items] of days) {
      const milestones = items.filter((item) => item.source === 'product').length;
      result.set(day, { events: items.length - milestones, milestones });
    }
    for (const [day, tasks] of taskDays) {
      const current = result.get(day) ?? { events: 0, milestones: 0 };
      result.set(day, { ...current, tasks: tasks.map((task) => productColour(task.productId)) });
    }
    return result;
  }, [days, taskDays]);

  const dayQuery = selectedInGrid ? monthEvents : dayEvents;
  const dayLoading = dayQuery.isPending || (selectedInGrid && monthEvents.isPlaceholderData);
  const dayItems = selectedInGrid
    ? (days.get(selected) ?? [])
    : (dayEvents.data?.data ?? []).filter((item) => passes(item, filters));
  const dayTasks = !showTasks
    ? []
    : selectedInGrid
      ? (taskDays.get(selected) ?? [])
      : (dayTasksQuery.data?.data ?? []);
  const tasksQuery = selectedInGrid ? monthTasks : dayTasksQuery;

  const canSchedule = canScheduleEvents(viewer.role);
  const [dialog, setDialog] = useState<{
    open: boolean;
    event?: CalendarEvent | undefined;
    scope?: EventScope | undefined;
  }>({ open: false });
  const onAdd = useCallback(() => setDialog({ open: true, event: undefined }), []);
  const onEdit = useCallback(
    (event: CalendarEvent, scope?: EventScope) => setDialog({ open: true, event, scope }),
    [],
  );

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
        title={t('Calendar')}
        description={t(
          'Meetings, reviews and workshops, the target dates of your products and the tasks due.',
        )}
        actions={
          canSchedule ? (
            <Button onClick={onAdd}>
              <PlusIcon aria-hidden="true" />
              {t(m.addEvent)}
            </Button>
          ) : null
        }
      />

      <CalendarFilterBar
        filters={filters}
        products={products.data ?? []}
        onProduct={setProduct}
        onMineOnly={setMineOnly}
        onShown={setShown}
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
                {t('Events')}
              </span>
              <span className="inline-flex items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className="size-[6px] rotate-45 rounded-[1px] bg-amber-500 dark:bg-amber-400"
                />
                {t('Product target dates')}
              </span>
              <span className="inline-flex items-center gap-1.5">
                <span aria-hidden="true" className="size-[6px] rounded-[1px] bg-muted-foreground" />
                {t('Tasks (product colour)')}
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
              {t('Today')}
            </Button>
          </div>
          {monthEvents.isError && !monthEvents.data ? (
            <p role="alert" className="text-destructive text-xs">
              {t('Failed to load events: {{message}}', { message: getErrorMessage(monthEvents.error) })}
            </p>
          ) : null}
          {showTasks && monthTasks.isError && !monthTasks.data ? (
            <p role="alert" className="text-destructive text-xs">
              {t('Failed to load tasks: {{message}}', { message: getErrorMessage(monthTasks.error) })}
            </p>
          ) : null}
          {showTasks && monthTasks.data?.hasMore ? (
            <p className="text-muted-foreground text-xs">
              {t('Showing the first {{count}} tasks of this month: filter by product to see the rest.', {
                count: monthTasks.data.data.length,
              })}
            </p>
          ) : null}
        </Card>

        <DayPanel
          day={selected}
          isToday={selected === today}
          items={dayItems}
          tasks={dayTasks}
          tasksLoading={showTasks && tasksQuery.isPending}
          loading={dayLoading}
          error={dayQuery.isError && !dayQuery.data ? dayQuery.error : null}
          onRetry={() => void dayQuery.refetch()}
          onEdit={onEdit}
          emptyAction={
            canSchedule ? (
              <Button variant="outline" size="sm" onClick={onAdd}>
                <CalendarPlusIcon aria-hidden="true" />
                {t('Add an event on this day')}
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
        scope={dialog.scope}
        defaultDate={selected}
        products={products.data ?? []}
      />
    </div>
  );
}
