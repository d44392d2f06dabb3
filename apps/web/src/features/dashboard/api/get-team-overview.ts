import type { TeamOverviewItem } from '@shipyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export const teamOverviewKey = [...queryRoots.dashboard, 'team-overview'] as const;

/** GET /dashboard/team-overview: the caller's teams with their lead and a few members. */
function getTeamOverview(signal?: AbortSignal): Promise<TeamOverviewItem[]> {
  return api.get<TeamOverviewItem[]>('/dashboard/team-overview', { signal });
}

const teamOverviewQueryOptions = () =>
  queryOptions({ queryKey: teamOverviewKey, queryFn: ({ signal }) => getTeamOverview(signal) });

export const useTeamOverview = () => useQuery(teamOverviewQueryOptions());
