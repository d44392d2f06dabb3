import type { Team } from '@shipyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';
import { refreshAfterTeamChange, teamKeys } from './team-keys.ts';

/** DELETE /team/{teamId}. */
function deleteTeam(teamId: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/team/${encodeURIComponent(teamId)}`);
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: (_answer, teamId) => {
      // The card goes at once; the refetch below confirms it.
      queryClient.setQueriesData<Team[]>({ queryKey: [...teamKeys.all, 'product'] }, (teams) =>
        teams?.filter((team) => team.id !== teamId),
      );
      queryClient.removeQueries({ queryKey: teamKeys.detail(teamId) });
      return Promise.all([
        refreshAfterTeamChange(queryClient),
        // Its tasks now show 'No team'.
        queryClient.invalidateQueries({ queryKey: sharedKeys.taskLists }),
      ]);
    },
  });
}
