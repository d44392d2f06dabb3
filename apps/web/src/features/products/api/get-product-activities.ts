import type { Activity } from '@shipyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACTIVITY_STALE_MS } from '../../../lib/activity.ts';
import { api } from '../../../lib/api-client.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';

export const productActivitiesKey = sharedKeys.productActivities;

/** GET /activities/product/{id}: the product's activity timeline, newest first. */
async function getProductActivities(id: string, signal?: AbortSignal): Promise<Activity[]> {
  const page = await api.get<{ data: Activity[] }>(`/activities/product/${encodeURIComponent(id)}`, {
    signal,
  });
  return page.data;
}

const productActivitiesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: productActivitiesKey(id),
    queryFn: ({ signal }) => getProductActivities(id, signal),
    staleTime: ACTIVITY_STALE_MS,
  });

export const useProductActivities = (id: string) => useQuery(productActivitiesQueryOptions(id));
