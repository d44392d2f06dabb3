import type { InviteMember, TeamMember } from '@shipyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshAfterTeamChange } from './team-keys.ts';

/** POST /team/{teamId}/{productId}/invite with {userId, role}: the new member row, status 'invited'. */
function inviteMember(teamId: string, productId: string, body: InviteMember): Promise<TeamMember> {
  return api.post<TeamMember>(
    `/team/${encodeURIComponent(teamId)}/${encodeURIComponent(productId)}/invite`,
    body,
  );
}

export function useInviteMember(teamId: string, productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteMember) => inviteMember(teamId, productId, body),
    onSuccess: () => refreshAfterTeamChange(queryClient),
  });
}
