import type {
  ApiToken,
  ApiTokenCreate,
  ApiTokenCreated,
  ProviderKind,
  ProviderLinks,
  RecoveryCodes,
  SessionInfo,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@shipyard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

// Settings → Account: two-factor sign-in, personal API tokens and sessions (decision 013).

const securityKeys = {
  twoFactor: [...queryRoots.account, 'two-factor'] as const,
  tokens: [...queryRoots.account, 'tokens'] as const,
  sessions: [...queryRoots.account, 'sessions'] as const,
  links: [...queryRoots.account, 'links'] as const,
};

export const useTwoFactorStatus = () =>
  useQuery({
    queryKey: securityKeys.twoFactor,
    queryFn: ({ signal }) => api.get<TwoFactorStatus>('/auth/two-factor', { signal }),
  });

/** A new secret waiting for its first code. */
export const useStartTwoFactor = () =>
  useMutation({ mutationFn: () => api.post<TwoFactorSetup>('/auth/two-factor/setup') });

export function useEnableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<RecoveryCodes>('/auth/two-factor/enable', { code }),
    onSuccess: () => client.invalidateQueries({ queryKey: securityKeys.twoFactor }),
  });
}

export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<{ message: string }>('/auth/two-factor/disable', { code }),
    onSuccess: () => client.invalidateQueries({ queryKey: securityKeys.twoFactor }),
  });
}

export const useApiTokens = () =>
  useQuery({
    queryKey: securityKeys.tokens,
    queryFn: ({ signal }) => api.get<{ data: ApiToken[] }>('/auth/tokens', { signal }).then((r) => r.data),
  });

export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenCreate) => api.post<ApiTokenCreated>('/auth/tokens', body),
    onSuccess: () => client.invalidateQueries({ queryKey: securityKeys.tokens }),
  });
}

export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/auth/tokens/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: securityKeys.tokens }),
  });
}

export const useSessions = () =>
  useQuery({
    queryKey: securityKeys.sessions,
    queryFn: ({ signal }) =>
      api.get<{ data: SessionInfo[] }>('/auth/sessions', { signal }).then((r) => r.data),
  });

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/auth/sessions/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: securityKeys.sessions }),
  });
}

export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ message: string }>('/auth/sessions'),
    onSuccess: () => client.invalidateQueries({ queryKey: securityKeys.sessions }),
  });
}

// ---- Sign-in providers linked to the account (issue 27 #13) ----

export const useProviderLinks = () =>
  useQuery({
    queryKey: securityKeys.links,
    queryFn: ({ signal }) => api.get<ProviderLinks>('/auth/links', { signal }).then((r) => r.data),
  });

/** The provider's URL, to send the browser to; it comes back to Settings → Account. */
export const useStartProviderLink = () =>
  useMutation({
    mutationFn: (kind: ProviderKind) => api.post<{ url: string }>(`/auth/${kind}/link`),
  });

export function useUnlinkProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (kind: ProviderKind) => api.delete<{ message: string }>(`/auth/${kind}/link`),
    onSuccess: () => client.invalidateQueries({ queryKey: securityKeys.links }),
  });
}
