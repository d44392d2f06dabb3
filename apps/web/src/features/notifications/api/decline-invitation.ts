import { notificationMessages } from '@shipyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { notificationKeys } from './get-notifications.ts';
import { markReadInCache, settleInvitationInCache } from './notification-cache.ts';

type InvitationDecline = {
  /** The INVITE notification. */
  notificationId: string;
  /** Its `metadata.teamId`. */
  teamId: string;
  /** The signed-in user, whose own invited row is removed. */
  userId: string;
};

/**
 * DELETE /api/team/{teamId}/remove/{userId} on one's own row: declines the invitation. The
 * server also marks the invitation's notifications read.
 */
function declineInvitation({ teamId, userId }: InvitationDecline): Promise<{ message: string }> {
  return api.delete<{ message: string }>(
    `/team/${encodeURIComponent(teamId)}/remove/${encodeURIComponent(userId)}`,
  );
}

export function useDeclineInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineInvitation,
    onSuccess: (_answer, { notificationId }) => {
      markReadInCache(queryClient, notificationId, { keepInUnread: true });
      settleInvitationInCache(queryClient, notificationId);
      toast.success(t(notificationMessages.success), { description: t(notificationMessages.declined) });
    },
    onError: (error) => {
      toast.error(t(notificationMessages.declineFailed), { description: getErrorMessage(error) });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationKeys.lists, refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount }),
      ]),
  });
}
