import type { CreateTeam, Team } from '@shipyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshAfterTeamChange } from './team-keys.ts';

/** POST /team/{productId}/create-team. */
function createTeam(productId: string, body: CreateTeam): Promise<Team> {
  return api.post<Team>(`/team/${encodeURIComponent(productId)}/create-team`, body);
}

// The screens toast (spec §8.2); these keep the caches true.

export function useCreateTeam(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTeam) => createTeam(productId, body),
    onSuccess: () => refreshAfterTeamChange(queryClient),
  });
}
