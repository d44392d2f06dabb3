import type { AuthProviders } from '@shipyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export const authProvidersKey = [...queryRoots.auth, 'providers'] as const;

/** Which sign-in providers the server offers beside e-mail and password. */
function getAuthProviders(signal?: AbortSignal): Promise<AuthProviders> {
  return api.get<AuthProviders>('/auth/providers', { signal });
}

const authProvidersQueryOptions = () =>
  queryOptions({
    queryKey: authProvidersKey,
    queryFn: ({ signal }) => getAuthProviders(signal),
    // The server's configuration does not change while it runs.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useAuthProviders = () => useQuery(authProvidersQueryOptions());
