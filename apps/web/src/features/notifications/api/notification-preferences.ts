import type { NotificationPreferences, NotificationPreferencesUpdate } from '@shipyard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

// Settings → Notifications (issue 16): the caller's choices per kind and their time zone.

export const preferencesKey = [...queryRoots.notifications, 'preferences'] as const;
const PATH = '/user/notification-preferences';

export const useNotificationPreferences = () =>
  useQuery({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => api.get<NotificationPreferences>(PATH, { signal }),
  });

export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: NotificationPreferencesUpdate) => api.put<NotificationPreferences>(PATH, update),
    onSuccess: (saved) => client.setQueryData(preferencesKey, saved),
  });
}
