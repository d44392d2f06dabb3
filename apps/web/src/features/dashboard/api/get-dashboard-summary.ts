import type { DashboardSummary } from '@shipyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export const dashboardSummaryKey = [...queryRoots.dashboard, 'summary'] as const;

/** GET /dashboard/summary: the stat cards' figures and what their captions compare. */
function getDashboardSummary(signal?: AbortSignal): Promise<DashboardSummary> {
  return api.get<DashboardSummary>('/dashboard/summary', { signal });
}

const dashboardSummaryQueryOptions = () =>
  queryOptions({ queryKey: dashboardSummaryKey, queryFn: ({ signal }) => getDashboardSummary(signal) });

export const useDashboardSummary = () => useQuery(dashboardSummaryQueryOptions());
