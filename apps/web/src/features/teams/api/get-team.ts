import type { TeamDetail } from '@shipyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { teamKeys } from './team-keys.ts';

/** GET /team/{teamId}: the team and its members. */
function getTeam(teamId: string, signal?: AbortSignal): Promise<TeamDetail> {
  return api.get<TeamDetail>(`/team/${encodeURIComponent(teamId)}`, { signal });
}

const teamQueryOptions = (teamId: string) =>
  queryOptions({ queryKey: teamKeys.detail(teamId), queryFn: ({ signal }) => getTeam(teamId, signal) });

export const useTeam = (teamId: string) => useQuery(teamQueryOptions(teamId));
