import type { PushDevice, PushSettings } from '@shipyard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { currentSubscription, subscribeThisBrowser, subscriptionBody } from '../browser-push.ts';
import { pushKeys } from './keys.ts';

// Settings → Push notifications (issue 33): this browser's subscription, the account's devices
// and quiet hours.

export const usePushDevices = () =>
  useQuery({
    queryKey: pushKeys.devices,
    queryFn: async ({ signal }) =>
      (await api.get<{ devices: PushDevice[] }>('/push/subscriptions', { signal })).devices,
  });

export const usePushSettings = () =>
  useQuery({
    queryKey: pushKeys.settings,
    queryFn: ({ signal }) => api.get<PushSettings>('/push/settings', { signal }),
  });

/** This browser's subscription endpoint, or null; fails (NoServiceWorkerError) without a service worker. */
export const useThisDevice = () =>
  useQuery({
    queryKey: pushKeys.thisDevice,
    queryFn: async () => (await currentSubscription())?.endpoint ?? null,
    retry: false,
  });

export function useSavePushSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: PushSettings) => api.put<PushSettings>('/push/settings', settings),
    onSuccess: (saved) => client.setQueryData(pushKeys.settings, saved),
  });
}

/** Turns push on here: permission, the subscription with the server's key, then the server keeps it. */
export function useEnablePush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { publicKey } = await api.get<{ publicKey: string }>('/push/public-key');
      const subscription = await subscribeThisBrowser(publicKey);
      await api.post<PushDevice>('/push/subscriptions', subscriptionBody(subscription));
      return subscription.endpoint;
    },
    onSuccess: (endpoint) => client.setQueryData(pushKeys.thisDevice, endpoint),
    onSettled: () => client.invalidateQueries({ queryKey: pushKeys.devices }),
  });
}

/** Turns push off here: the browser drops its subscription and the server forgets it. */
export function useDisablePush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const subscription = await currentSubscription();
      if (!subscription) return;
      await api.delete('/push/subscriptions', { endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    },
    onSuccess: () => client.setQueryData(pushKeys.thisDevice, null),
    onSettled: () => client.invalidateQueries({ queryKey: pushKeys.devices }),
  });
}

export function useRemovePushDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/push/subscriptions/${encodeURIComponent(id)}`),
    onSettled: () => client.invalidateQueries({ queryKey: pushKeys.devices }),
  });
}
