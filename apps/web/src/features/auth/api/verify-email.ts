import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

type VerifyEmailResponse = { message: string };

function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return api.get<VerifyEmailResponse>(`/auth/verify?${new URLSearchParams({ token })}`);
}

/**
 * A verification token works once, so the call must run exactly once per token: no retry, never
 * stale (no refetch on mount, focus, reconnect or invalidation), kept for the whole session. The
 * query function deliberately ignores TanStack's abort signal: if it read the signal, React
 * StrictMode's unmount/remount would cancel the first request and send a second one.
 */
function verifyEmailQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...queryRoots.auth, 'verify-email', token],
    queryFn: token ? () => verifyEmail(token) : skipToken,
    retry: false,
    staleTime: 'static',
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** Verifies the e-mail address behind `token`; a missing token makes no call. */
export function useVerifyEmail(token: string | null) {
  return useQuery(verifyEmailQueryOptions(token));
}
