import type { Activity } from '@shipyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACTIVITY_STALE_MS } from '../../../lib/activity.ts';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** Spec §9: the dashboard shows at most 2 entries per product. */
const RECENT_ACTIVITY_PER_PRODUCT = 2;
const ACTIVITY_LIMIT = 100;

export const recentActivityKey = [...queryRoots.dashboard, 'recent-activity'] as const;

/** Up to `perProduct` newest entries of each product, merged, newest first. */
export function latestPerProduct(entries: Activity[], perProduct = RECENT_ACTIVITY_PER_PRODUCT): Activity[] {
  const newestFirst = [...entries].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  const taken = new Map<string, number>();
  return newestFirst.filter((entry) => {
    const key = entry.projectId ?? '';
    const count = taken.get(key) ?? 0;
    taken.set(key, count + 1);
    return count < perProduct;
  });
}

/**
 * Spec §2.8's Recent Activity: one bounded call (the newest 100 entries the caller may see)
 * instead of one product detail per product, then at most 2 per product.
 */
async function getRecentActivity(signal?: AbortSignal): Promise<Activity[]> {
  const page = await api.get<{ data: Activity[] }>(`/activities?limit=${ACTIVITY_LIMIT}`, { signal });
  return latestPerProduct(page.data);
}

const recentActivityQueryOptions = () =>
  queryOptions({
    queryKey: recentActivityKey,
    queryFn: ({ signal }) => getRecentActivity(signal),
    staleTime: ACTIVITY_STALE_MS,
  });

export const useRecentActivity = () => useQuery(recentActivityQueryOptions());
