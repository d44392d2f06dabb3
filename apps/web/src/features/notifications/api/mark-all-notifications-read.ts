import { notificationMessages } from '@shipyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import {
  markAllReadInCache,
  type NotificationsSnapshot,
  refreshAfterNotificationChange,
  restoreNotifications,
  snapshotNotifications,
} from './notification-cache.ts';

/** PATCH /api/notifications/read-all; answers how many it changed. */
function markAllNotificationsRead(): Promise<{ updated: number }> {
  return api.patch<{ updated: number }>('/notifications/read-all');
}

/** 'Mark all as read' (ARCHITECTURE §5: it works): every item read at once, back on a refusal. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: async (): Promise<{ snapshot: NotificationsSnapshot }> => {
      const snapshot = await snapshotNotifications(queryClient);
      markAllReadInCache(queryClient);
      return { snapshot };
    },
    onError: (error, _variables, context) => {
      restoreNotifications(queryClient, context?.snapshot);
      toast.error(t(notificationMessages.markAllFailed), { description: getErrorMessage(error) });
    },
    onSuccess: () => {
      toast.success(t(notificationMessages.success), { description: t(notificationMessages.allRead) });
    },
    onSettled: () => refreshAfterNotificationChange(queryClient),
  });
}
