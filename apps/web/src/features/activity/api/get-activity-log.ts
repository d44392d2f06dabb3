import type { ActivityList } from '@shipyard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ACTIVITY_STALE_MS } from '../../../lib/activity.ts';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** Spec §9: the activity log request is limited to 100, newest first. */
const ACTIVITY_LOG_LIMIT = 100;

/** The log's filters; an empty value means 'all'. */
export type ActivityLogFilters = { productId: string; action: string; search: string };

/** The server's answer, with the action types always present. */
export type ActivityLog = ActivityList & { actionTypes: string[] };

export const activityLogKey = (filters: ActivityLogFilters) =>
  [...queryRoots.activity, 'log', filters] as const;

/** The query string of GET /activities for these filters (search trimmed; empty filters left out). */
export function activityLogQuery(filters: ActivityLogFilters): string {
  const params = new URLSearchParams();
  if (filters.productId) params.set('productId', filters.productId);
  if (filters.action) params.set('action', filters.action);
  const search = filters.search.trim();
  if (search) params.set('search', search);
  params.set('limit', String(ACTIVITY_LOG_LIMIT));
  return params.toString();
}

/** GET /activities: the entries matching the filters, how many match, and the action types to filter by. */
async function getActivityLog(filters: ActivityLogFilters, signal?: AbortSignal): Promise<ActivityLog> {
  const page = await api.get<ActivityList>(`/activities?${activityLogQuery(filters)}`, { signal });
  return { ...page, actionTypes: page.actionTypes ?? [] };
}

const activityLogQueryOptions = (filters: ActivityLogFilters) =>
  queryOptions({
    queryKey: activityLogKey(filters),
    queryFn: ({ signal }) => getActivityLog(filters, signal),
    staleTime: ACTIVITY_STALE_MS,
    // Keep the rows on screen while a new filter loads instead of flashing the skeleton.
    placeholderData: keepPreviousData,
  });

export const useActivityLog = (filters: ActivityLogFilters) => useQuery(activityLogQueryOptions(filters));
