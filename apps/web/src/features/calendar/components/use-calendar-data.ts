import type { CalendarItem, CalendarTask } from '@shipyard/shared';
import { useMemo } from 'react';
import { useCalendarTasks } from '../api/get-calendar-tasks.ts';
import { useEvents } from '../api/get-events.ts';
import { itemsByDay, upcomingRange } from './calendar-days.ts';
import type { CalendarFilters } from './calendar-filters.ts';

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
 * What /calendar reads: the grid's events and tasks (the previous range stays while the next one
 * loads), the selected day's when it lies outside the grid, and the upcoming events.
 */
export function useCalendarData({
  grid,
  selected,
  today,
  filters,
}: {
  grid: { from: string; to: string };
  selected: string;
  today: string;
  filters: CalendarFilters;
}) {
  const gridEvents = useEvents(grid, { keepPrevious: true });
  // A day outside the grid (the grid moved on, the selection did not) is asked for on its own.
  const selectedInGrid = selected >= grid.from && selected <= grid.to;
  const dayEvents = useEvents({ from: selected, to: selected }, { enabled: !selectedInGrid });
  const upcoming = useEvents(useMemo(() => upcomingRange(today), [today]));
  const showTasks = filters.shown.has('tasks');
  const taskFilters = { productId: filters.productId || undefined, mine: filters.mineOnly || undefined };
  const gridTasks = useCalendarTasks({ ...grid, ...taskFilters }, { enabled: showTasks, keepPrevious: true });
  const dayTasksQuery = useCalendarTasks(
    { from: selected, to: selected, ...taskFilters },
    { enabled: showTasks && !selectedInGrid },
  );

  const days = useMemo(
    () => itemsByDay((gridEvents.data?.data ?? []).filter((item) => passes(item, filters))),
    [gridEvents.data, filters],
  );
  const taskDays = useMemo(
    () => tasksByDay(showTasks ? (gridTasks.data?.data ?? []) : []),
    [gridTasks.data, showTasks],
  );

  const dayQuery = selectedInGrid ? gridEvents : dayEvents;
  const tasksQuery = selectedInGrid ? gridTasks : dayTasksQuery;
  const day = {
    query: dayQuery,
    loading: dayQuery.isPending || (selectedInGrid && gridEvents.isPlaceholderData),
    items: selectedInGrid
      ? (days.get(selected) ?? [])
      : (dayEvents.data?.data ?? []).filter((item) => passes(item, filters)),
    tasks: !showTasks
      ? []
      : selectedInGrid
        ? (taskDays.get(selected) ?? [])
        : (dayTasksQuery.data?.data ?? []),
    tasksLoading: showTasks && tasksQuery.isPending,
  };
  return { gridEvents, gridTasks, showTasks, days, taskDays, day, upcoming };
}
