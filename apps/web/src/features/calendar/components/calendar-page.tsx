import {
  type CalendarEvent,
  type CalendarTask,
  canScheduleEvents,
  type EventScope,
  eventMessages as m,
  type Role,
} from '@shipyard/shared';
import { startOfMonth } from 'date-fns';
import { CalendarPlusIcon, PlusIcon } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useMediaQuery } from '../../../hooks/use-mobile.ts';
import { useNow } from '../../../hooks/use-now.ts';
import { t } from '../../../lib/i18n/index.ts';
import { useProductOptions } from '../../../lib/product-options.ts';
import { dayKey, fromDayKey, localeWeekStart } from './calendar-days.ts';
import { CalendarFilterBar } from './calendar-filter-bar.tsx';
import { productColour, useCalendarFilters } from './calendar-filters.ts';
import { CalendarGrid } from './calendar-grid.tsx';
import type { GridEntry } from './calendar-grid-model.ts';
import { CalendarLegend } from './calendar-legend.tsx';
import { CalendarToolbar, rangeTitle } from './calendar-toolbar.tsx';
import { daysOf, shiftAnchor, useCalendarView, viewRange } from './calendar-view.ts';
import { DayPanel } from './day-panel.tsx';
import { type DayMarks, MonthCalendar } from './month-calendar.tsx';
import { MoveToDateDialog } from './move-to-date-dialog.tsx';
import { UpcomingEvents } from './upcoming-events.tsx';
import { useCalendarData } from './use-calendar-data.ts';
import {
  canMoveEntry,
  canMoveTasks,
  type MovableThing,
  moveOf,
  useCalendarMove,
} from './use-calendar-move.ts';

// The form (react-hook-form, the repeat editor) loads when it is first opened, not with the grid.
const EventFormDialog = lazy(() =>
  import('./event-form-dialog.tsx').then((module) => ({ default: module.EventFormDialog })),
);

/** Tailwind's lg: the big month grid has room from here; below, the small month picker shows. */
const WIDE = '(min-width: 64rem)';

export type CalendarPageProps = {
  /** The signed-in user: guests read, members and admins schedule (spec §6). */
  viewer: { id: string; role: Role };
};

/**
 * Spec §2.13 /calendar: a month calendar marking the days with events, the selected day's events,
 * the upcoming ones, and the 'Add Event' dialog. Products' target dates show as milestones, and
 * tasks on their due days in their product's colour (issue 16). Issue 31: from lg up a big month
 * or week grid lists each day's titles, and tasks and events drag to another day (phones keep the
 * small month, or the week as a list); the view, its day and the filters are in the address.
 */
export function CalendarPage({ viewer }: CalendarPageProps) {
  const now = useNow();
  const today = dayKey(new Date(now));
  const weekStartsOn = useMemo(() => localeWeekStart(), []);
  const wide = useMediaQuery(WIDE);
  const { view, anchor, setView, setAnchor } = useCalendarView(today);
  const [selected, setSelected] = useState(anchor);

  // The view's whole grid, so the marks on the neighbouring months' days are true too.
  const grid = useMemo(() => viewRange(view, anchor, weekStartsOn), [view, anchor, weekStartsOn]);
  const products = useProductOptions();
  const { filters, setProduct, setMineOnly, setShown } = useCalendarFilters();
  const { gridEvents, gridTasks, showTasks, days, taskDays, day, upcoming } = useCalendarData({
    grid,
    selected,
    today,
    filters,
  });
  const bigGrid = wide || view === 'week';

  const marks = useMemo(() => {
    const result = new Map<string, DayMarks>();
    if (bigGrid) return result;
    for (const [key, items] of days) {
      const milestones = items.filter((item) => item.source === 'product').length;
      result.set(key, { events: items.length - milestones, milestones });
    }
    for (const [key, tasks] of taskDays) {
      const current = result.get(key) ?? { events: 0, milestones: 0 };
      result.set(key, { ...current, tasks: tasks.map((task) => productColour(task.productId)) });
    }
    return result;
  }, [days, taskDays, bigGrid]);

  const canSchedule = canScheduleEvents(viewer.role);
  const [dialog, setDialog] = useState<{
    open: boolean;
    event?: CalendarEvent | undefined;
    scope?: EventScope | undefined;
  }>({ open: false });
  // Mounted from its first opening on, so that it can animate out when it closes.
  const [dialogUsed, setDialogUsed] = useState(false);
  if (dialog.open && !dialogUsed) setDialogUsed(true);
  const onAdd = useCallback(() => setDialog({ open: true, event: undefined }), []);
  const onEdit = useCallback(
    (event: CalendarEvent, scope?: EventScope) => setDialog({ open: true, event, scope }),
    [],
  );

  const selectDay = useCallback(
    (key: string) => {
      setSelected(key);
      if (key < grid.from || key > grid.to) setAnchor(key);
    },
    [grid, setAnchor],
  );

  const move = useCalendarMove();
  // On the role alone: a new viewer object each render would redraw every day of the grid.
  const role = viewer.role;
  const canMove = useCallback((entry: GridEntry) => canMoveEntry({ role }, entry), [role]);
  const onMove = useCallback(
    (entry: GridEntry, from: string, to: string) => {
      const change = moveOf(entry, from, to);
      if (change) move(change);
    },
    [move],
  );
  // "Move to date" (the keyboard's way): what moves, from which day, and where focus goes back.
  const [moving, setMoving] = useState<{ thing: MovableThing; day: string } | null>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const askMove = (thing: MovableThing, from: string) => {
    returnFocusRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setMoving({ thing, day: from });
  };
  const onMoveTask = canMoveTasks(viewer)
    ? (task: CalendarTask) => askMove({ kind: 'task', task }, task.dueDate)
    : undefined;

  const monthStart = startOfMonth(fromDayKey(anchor) ?? new Date(now));
  const gridDays = useMemo(() => daysOf(grid), [grid]);
  const inSight = today >= grid.from && today <= grid.to;

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

      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <Card className="gap-3 p-3 sm:p-4 lg:col-span-2">
          <CalendarToolbar
            view={view}
            title={rangeTitle(view, dayKey(monthStart), grid)}
            compact={!bigGrid}
            atToday={inSight && selected === today}
            onView={(next) => setView(next, selected >= grid.from && selected <= grid.to ? selected : anchor)}
            onStep={(step) => setAnchor(shiftAnchor(view, anchor, step))}
            onToday={() => {
              setSelected(today);
              setAnchor(today);
            }}
          />
          {bigGrid ? (
            <CalendarGrid
              view={view}
              days={gridDays}
              month={dayKey(monthStart).slice(0, 7)}
              today={today}
              selected={selected}
              items={days}
              tasks={taskDays}
              canMove={canMove}
              onSelectDay={selectDay}
              onMove={onMove}
            />
          ) : (
            <MonthCalendar
              month={monthStart}
              onMonthChange={(next) => setAnchor(dayKey(startOfMonth(next)))}
              selected={fromDayKey(selected) ?? new Date()}
              onSelect={(date) => selectDay(dayKey(date))}
              marks={marks}
              weekStartsOn={weekStartsOn}
              today={fromDayKey(today)}
            />
          )}
          <div className="grid gap-2 border-t pt-3">
            <CalendarLegend events={gridEvents} tasks={gridTasks} showTasks={showTasks} />
          </div>
        </Card>

        <DayPanel
          day={selected}
          isToday={selected === today}
          items={day.items}
          tasks={day.tasks}
          tasksLoading={day.tasksLoading}
          loading={day.loading}
          error={day.query.isError && !day.query.data ? day.query.error : null}
          onRetry={() => void day.query.refetch()}
          onEdit={onEdit}
          onMoveEvent={(event) => askMove({ kind: 'event', event }, event.date)}
          onMoveTask={onMoveTask}
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
          query={upcoming}
          today={today}
          selected={selected}
          onSelectDay={selectDay}
          onAdd={canSchedule ? onAdd : undefined}
        />
      </div>

      {dialogUsed ? (
        <Suspense fallback={null}>
          <EventFormDialog
            open={dialog.open}
            onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
            event={dialog.event}
            scope={dialog.scope}
            defaultDate={selected}
            products={products.data ?? []}
          />
        </Suspense>
      ) : null}
      <MoveToDateDialog
        title={
          moving ? (moving.thing.kind === 'task' ? moving.thing.task.title : moving.thing.event.title) : null
        }
        day={moving?.day ?? selected}
        onClose={() => setMoving(null)}
        onMove={(to) => {
          if (!moving) return;
          const { thing, day: from } = moving;
          move(thing.kind === 'task' ? { ...thing, from, to } : { ...thing, from, to });
        }}
        returnFocusRef={returnFocusRef}
      />
    </div>
  );
}
