import type { AuditPage, AuditQuery, InstanceSettings } from '@shipyard/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export type AuditFilters = Pick<AuditQuery, 'action' | 'from' | 'to'>;

export const adminSecurityKeys = {
  settings: [...queryRoots.admin, 'settings'] as const,
  audit: (filters: AuditFilters) => [...queryRoots.admin, 'audit', filters] as const,
  auditAll: [...queryRoots.admin, 'audit'] as const,
};

/** The filters as a query string (no empty values). */
export function auditSearch(filters: AuditFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const useInstanceSettings = () =>
  useQuery({
    queryKey: adminSecurityKeys.settings,
    queryFn: ({ signal }) => api.get<InstanceSettings>('/admin/settings', { signal }),
  });

export function useUpdateInstanceSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InstanceSettings) => api.patch<InstanceSettings>('/admin/settings', body),
    onSuccess: (settings) => {
      client.setQueryData(adminSecurityKeys.settings, settings);
      return client.invalidateQueries({ queryKey: adminSecurityKeys.auditAll });
    },
  });
}

export const useAuditLog = (filters: AuditFilters) =>
  useInfiniteQuery({
    queryKey: adminSecurityKeys.audit(filters),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.get<AuditPage>(`/admin/audit-log${auditSearch(filters, pageParam ? { cursor: pageParam } : {})}`, {
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
