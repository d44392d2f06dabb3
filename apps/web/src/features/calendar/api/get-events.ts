import type { EventList } from '@shipyard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** Calendar days 'YYYY-MM-DD', both included, and how many items at most. */
export type EventRange = { from: string; to: string; limit?: number | undefined };

export const eventKeys = {
  all: queryRoots.events,
  list: (range: EventRange) => [...queryRoots.events, 'list', range] as const,
};

/** GET /api/events?from&to[&limit]: the caller's events and the visible products' target dates. */
function getEvents(range: EventRange, signal?: AbortSignal): Promise<EventList> {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  if (range.limit !== undefined) query.set('limit', String(range.limit));
  return api.get<EventList>(`/events?${query.toString()}`, { signal });
}

export const eventsQueryOptions = (range: EventRange) =>
  queryOptions({ queryKey: eventKeys.list(range), queryFn: ({ signal }) => getEvents(range, signal) });

type UseEventsOptions = {
  enabled?: boolean;
  /** Keep showing the previous range while the next one loads (month navigation). */
  keepPrevious?: boolean;
};

export const useEvents = (
  range: EventRange,
  { enabled = true, keepPrevious = false }: UseEventsOptions = {},
) =>
  useQuery({
    ...eventsQueryOptions(range),
    enabled,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
