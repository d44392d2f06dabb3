import type { TeamDetail } from '@shipyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshAfterTeamChange, teamKeys } from './team-keys.ts';

/** PATCH /team/{teamId}/lead with the new lead's user id. */
function setTeamLead(teamId: string, userId: string): Promise<TeamDetail> {
  return api.patch<TeamDetail>(`/team/${encodeURIComponent(teamId)}/lead`, { memberId: userId });
}

export function useSetTeamLead(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => setTeamLead(teamId, userId),
    onSuccess: (team) => {
      queryClient.setQueryData(teamKeys.detail(teamId), team);
      return refreshAfterTeamChange(queryClient);
    },
  });
}
