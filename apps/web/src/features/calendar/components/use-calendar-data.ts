import type { CalendarItem } from '@shipyard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { calendarTasksQueryOptions, useCalendarTasks } from '../api/get-calendar-tasks.ts';
import { eventsQueryOptions, useEvents } from '../api/get-events.ts';
import { groupByDay, itemsByDay, upcomingRange } from './calendar-days.ts';
import type { CalendarFilters } from './calendar-filters.ts';

/** Whether an event or a milestone passes the filters (tasks are filtered by the server). */
function passes(item: CalendarItem, filters: CalendarFilters): boolean {
  if (!filters.shown.has(item.source === 'product' ? 'milestones' : 'events')) return false;
  return !filters.productId || item.productId === filters.productId;
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
  const showTasks = filters.shown.has('tasks');
  const taskFilters = { productId: filters.productId || undefined, mine: filters.mineOnly || undefined };
  // The grid's reads start as the page first renders: a query starts its own only once the page
  // has mounted and painted, which is a good part of the month's 300 ms (issue 31).
  const queryClient = useQueryClient();
  useState(() => {
    void queryClient.prefetchQuery(eventsQueryOptions(grid));
    if (showTasks) void queryClient.prefetchQuery(calendarTasksQueryOptions({ ...grid, ...taskFilters }));
  });
  const gridEvents = useEvents(grid, { keepPrevious: true });
  // A day outside the grid (the grid moved on, the selection did not) is asked for on its own.
  const selectedInGrid = selected >= grid.from && selected <= grid.to;
  const dayEvents = useEvents({ from: selected, to: selected }, { enabled: !selectedInGrid });
  const upcoming = useEvents(useMemo(() => upcomingRange(today), [today]));
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
    () => groupByDay(showTasks ? (gridTasks.data?.data ?? []) : [], (task) => task.dueDate),
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
