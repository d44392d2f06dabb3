import type { CalendarFeedCreated, CalendarFeedStatus } from '@shipyard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export const calendarFeedKey = [...queryRoots.account, 'calendar-feed'] as const;

/** GET /api/user/calendar-feed: whether a feed exists (its URL is never answered again). */
export const useCalendarFeed = () =>
  useQuery({
    queryKey: calendarFeedKey,
    queryFn: ({ signal }) => api.get<CalendarFeedStatus>('/user/calendar-feed', { signal }),
  });

/** POST /api/user/calendar-feed: a new secret URL; the previous one stops working. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeedCreated>('/user/calendar-feed'),
    onSuccess: (created) =>
      queryClient.setQueryData<CalendarFeedStatus>(calendarFeedKey, {
        enabled: true,
        createdAt: created.createdAt,
      }),
  });
}

/** DELETE /api/user/calendar-feed. */
export function useTurnOffCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ message: string }>('/user/calendar-feed'),
    onSuccess: () =>
      queryClient.setQueryData<CalendarFeedStatus>(calendarFeedKey, { enabled: false, createdAt: null }),
  });
}
