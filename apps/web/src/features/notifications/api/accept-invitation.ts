import type { TeamMember } from '@shipyard/shared';
import { notificationMessages } from '@shipyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { notificationKeys } from './get-notifications.ts';
import { markNotificationRead } from './mark-notification-read.ts';
import { markReadInCache, settleInvitationInCache } from './notification-cache.ts';

type InvitationAcceptance = {
  /** The INVITE notification. */
  notificationId: string;
  /** Its `metadata.teamId`. */
  teamId: string;
};

/** PATCH /api/team/{teamId}/accept: the caller's invitation becomes an active membership. */
function acceptTeamInvitation(teamId: string): Promise<TeamMember> {
  return api.patch<TeamMember>(`/team/${encodeURIComponent(teamId)}/accept`);
}

/**
 * Accepts, then marks the notification read as well (spec §7.5 fires that second call; the
 * server has already marked it, so its failure changes nothing and is not reported).
 */
async function acceptInvitation({ notificationId, teamId }: InvitationAcceptance): Promise<TeamMember> {
  const member = await acceptTeamInvitation(teamId);
  await markNotificationRead(notificationId).catch(() => undefined);
  return member;
}

/**
 * Accepting makes the product visible to the caller: its lists, the sidebar's Recent Products,
 * teams, the dashboard and tasks are refreshed (their keys belong to those features).
 */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: (_member, { notificationId }) => {
      markReadInCache(queryClient, notificationId, { keepInUnread: true });
      settleInvitationInCache(queryClient, notificationId);
      toast.success(t(notificationMessages.success), { description: t(notificationMessages.accepted) });
    },
    onError: (error) => {
      toast.error(t(notificationMessages.acceptFailed), { description: getErrorMessage(error) });
    },
    onSettled: () =>
      Promise.all([
        // The item stays on screen (read, with its 'Open product' link) until the list is next shown.
        queryClient.invalidateQueries({ queryKey: notificationKeys.lists, refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount }),
        queryClient.invalidateQueries({ queryKey: queryRoots.products }),
        queryClient.invalidateQueries({ queryKey: queryRoots.teams }),
        queryClient.invalidateQueries({ queryKey: queryRoots.dashboard }),
        queryClient.invalidateQueries({ queryKey: queryRoots.tasks }),
      ]),
  });
}
