import type { TeamDetail } from '@shipyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshAfterTeamChange, teamKeys } from './team-keys.ts';

/** DELETE /team/{teamId}/remove/{userId}. */
function removeMember(teamId: string, userId: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(
    `/team/${encodeURIComponent(teamId)}/remove/${encodeURIComponent(userId)}`,
  );
}

export function useRemoveMember(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(teamId, userId),
    onSuccess: (_answer, userId) => {
      // The row goes at once; the refetch below brings the new counts.
      queryClient.setQueryData<TeamDetail>(teamKeys.detail(teamId), (team) =>
        team ? { ...team, members: team.members.filter((member) => member.user.id !== userId) } : team,
      );
      return refreshAfterTeamChange(queryClient);
    },
  });
}
