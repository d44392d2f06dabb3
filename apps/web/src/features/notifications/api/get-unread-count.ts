import type { UnreadCountSchema } from '@shipyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export type UnreadCount = z.infer<typeof UnreadCountSchema>;

/** The sidebar badge polls this often, so a notification shows up without a reload. */
const UNREAD_REFRESH_MS = 60_000;
// Short, so coming back to the window asks again; long enough that the page and the sidebar
// mounting together (and the list, which also reports the count) make one request, not three.
const UNREAD_STALE_MS = 10_000;

export const unreadCountKey = [...queryRoots.notifications, 'unread-count'] as const;

/** GET /api/notifications/unread-count. */
function getUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return api.get<UnreadCount>('/notifications/unread-count', { signal });
}

const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: unreadCountKey,
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: UNREAD_STALE_MS,
    refetchInterval: UNREAD_REFRESH_MS,
    // The app's reads do not refetch on focus (spec §7); the unread count is the exception.
    refetchOnWindowFocus: true,
  });

/** The caller's unread notifications; `enabled` false for a role without Notifications (spec §6). */
export const useUnreadCount = (enabled = true) => useQuery({ ...unreadCountQueryOptions(), enabled });
