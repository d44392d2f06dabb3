import type { Team, TeamList } from '@shipyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { teamKeys } from './team-keys.ts';

/** GET /team/project/{productId}/teams: the product's teams the caller may see. */
async function getProductTeams(productId: string, signal?: AbortSignal): Promise<Team[]> {
  const list = await api.get<TeamList>(`/team/project/${encodeURIComponent(productId)}/teams`, { signal });
  return list.data;
}

const productTeamsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: teamKeys.product(productId),
    queryFn: ({ signal }) => getProductTeams(productId, signal),
  });

export const useProductTeams = (productId: string) => useQuery(productTeamsQueryOptions(productId));
