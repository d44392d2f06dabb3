import type { CalendarTaskList } from '@shipyard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** Calendar days 'YYYY-MM-DD' (both included), and the filters the server applies. */
export type CalendarTaskParams = {
  from: string;
  to: string;
  productId?: string | undefined;
  mine?: boolean | undefined;
};

// Under the events root: what refreshes the calendar's events (a product renamed, a membership
// gained or lost) refreshes its tasks too; a task's own change refreshes `all` (api/changes.ts).
export const calendarTaskKeys = {
  all: [...queryRoots.events, 'tasks'] as const,
  list: (params: CalendarTaskParams) => [...queryRoots.events, 'tasks', params] as const,
};

/** GET /api/calendar/tasks: the visible tasks due in the range (at most 62 days). */
function getCalendarTasks(params: CalendarTaskParams, signal?: AbortSignal): Promise<CalendarTaskList> {
  const query = new URLSearchParams({ from: params.from, to: params.to });
  if (params.productId) query.set('productId', params.productId);
  if (params.mine) query.set('mine', 'true');
  return api.get<CalendarTaskList>(`/calendar/tasks?${query.toString()}`, { signal });
}

export const calendarTasksQueryOptions = (params: CalendarTaskParams) =>
  queryOptions({
    queryKey: calendarTaskKeys.list(params),
    queryFn: ({ signal }) => getCalendarTasks(params, signal),
  });

export const useCalendarTasks = (
  params: CalendarTaskParams,
  { enabled = true, keepPrevious = false }: { enabled?: boolean; keepPrevious?: boolean } = {},
) =>
  useQuery({
    ...calendarTasksQueryOptions(params),
    enabled,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
