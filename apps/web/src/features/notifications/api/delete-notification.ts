import { notificationMessages } from '@shipyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import {
  type NotificationsSnapshot,
  refreshAfterNotificationChange,
  removeFromCache,
  restoreNotifications,
  snapshotNotifications,
} from './notification-cache.ts';

/** DELETE /api/notifications/{id}/delete (spec §7.5). */
function deleteNotification(id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/notifications/${encodeURIComponent(id)}/delete`);
}

/** Removes a notification from the lists at once; a refusal brings it back. */
export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onMutate: async (id): Promise<{ snapshot: NotificationsSnapshot }> => {
      const snapshot = await snapshotNotifications(queryClient);
      removeFromCache(queryClient, id);
      return { snapshot };
    },
    onError: (error, _id, context) => {
      restoreNotifications(queryClient, context?.snapshot);
      toast.error(t(notificationMessages.deleteFailed), { description: getErrorMessage(error) });
    },
    onSuccess: () => {
      toast.success(t(notificationMessages.success), { description: t(notificationMessages.deleted) });
    },
    onSettled: () => refreshAfterNotificationChange(queryClient),
  });
}
