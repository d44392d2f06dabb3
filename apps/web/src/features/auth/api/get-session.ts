import type { User } from '@shipyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export const sessionKey = queryRoots.session;

/** The signed-in user, or null when there is no session (a 401 is an answer here, not an error). */
export async function getSession(signal?: AbortSignal): Promise<User | null> {
  try {
    return await api.get<User>('/user/me', { signal, expectUnauthorized: true });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKey,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 5 * 60 * 1000,
  });

export const useSession = () => useQuery(sessionQueryOptions());
