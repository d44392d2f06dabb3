import type { Notification } from '@shipyard/shared';
import { notificationMessages } from '@shipyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import {
  markReadInCache,
  type NotificationsSnapshot,
  refreshAfterNotificationChange,
  replaceInCache,
  restoreNotifications,
  snapshotNotifications,
} from './notification-cache.ts';

/** PATCH /api/notifications/{id}/read; answers the notification, now read. */
export function markNotificationRead(id: string): Promise<Notification> {
  return api.patch<Notification>(`/notifications/${encodeURIComponent(id)}/read`);
}

/**
 * Marks one notification read at once on screen (and in the badge); a refusal puts it back
 * unread and says why (spec §8.2's failure text).
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: async (id): Promise<{ snapshot: NotificationsSnapshot }> => {
      const snapshot = await snapshotNotifications(queryClient);
      markReadInCache(queryClient, id);
      return { snapshot };
    },
    onError: (error, _id, context) => {
      restoreNotifications(queryClient, context?.snapshot);
      toast.error(t(notificationMessages.markReadFailed), { description: getErrorMessage(error) });
    },
    // Quiet on success: the item itself shows it is read (issue 14); only a failure is said.
    onSuccess: (notification) => replaceInCache(queryClient, notification),
    onSettled: () => refreshAfterNotificationChange(queryClient),
  });
}
