import type { Notification } from '@shipyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, getErrorMessage } from '../../../lib/api-client.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { notificationKeys } from './get-notifications.ts';
import {
  leaveInboxInCache,
  markUnreadInCache,
  type NotificationsSnapshot,
  refreshAfterNotificationChange,
  replaceInCache,
  restoreNotifications,
  snapshotNotifications,
} from './notification-cache.ts';

// The inbox's triage (issue 30): done, snooze and unread, shown at once and put back on a refusal.

type Triage =
  | { action: 'done' | 'undone' | 'unsnooze' | 'unread'; id: string }
  | { action: 'snooze'; id: string; until: string };

const triageTexts = {
  failed: k('Failed to update the notification.'),
} as const;

function triage(change: Triage): Promise<Notification> {
  const base = `/notifications/${encodeURIComponent(change.id)}`;
  switch (change.action) {
    case 'done':
      return api.patch<Notification>(`${base}/done`);
    case 'undone':
      return api.delete<Notification>(`${base}/done`);
    case 'snooze':
      return api.patch<Notification>(`${base}/snooze`, { until: change.until });
    case 'unsnooze':
      return api.delete<Notification>(`${base}/snooze`);
    case 'unread':
      return api.patch<Notification>(`${base}/unread`);
  }
}

export function useTriageNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: triage,
    onMutate: async (change): Promise<{ snapshot: NotificationsSnapshot }> => {
      const snapshot = await snapshotNotifications(queryClient);
      if (change.action === 'done' || change.action === 'snooze') leaveInboxInCache(queryClient, change.id);
      if (change.action === 'unread') markUnreadInCache(queryClient, change.id);
      return { snapshot };
    },
    onError: (error, _change, context) => {
      restoreNotifications(queryClient, context?.snapshot);
      toast.error(t(triageTexts.failed), { description: getErrorMessage(error) });
    },
    onSuccess: (notification) => replaceInCache(queryClient, notification),
    onSettled: (_data, _error, change) =>
      // Undone and unsnoozed come back where the server sorts them: the lists are fetched again.
      change.action === 'undone' || change.action === 'unsnooze'
        ? queryClient.invalidateQueries({ queryKey: notificationKeys.all })
        : refreshAfterNotificationChange(queryClient),
  });
}
