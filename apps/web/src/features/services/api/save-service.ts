import type { CreateService, Service, ServiceWithSecret } from '@shipyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshAfterServiceChange } from './service-keys.ts';

/** The body of POST /services: the server starts a service Active. */
type NewService = Omit<CreateService, 'status'>;

/** POST /api/services: a Webhook service comes back with its signing secret, this once. */
function createService(body: NewService): Promise<ServiceWithSecret> {
  return api.post<ServiceWithSecret>('/services', body);
}

/** PATCH /api/services/{id}/status: Enable (Active) or Disable (Inactive). */
function setServiceStatus({ id, status }: { id: string; status: 'Active' | 'Inactive' }) {
  return api.patch<Service>(`/services/${encodeURIComponent(id)}/status`, { status });
}

/** DELETE /api/services/{id}. */
function deleteService(id: string) {
  return api.delete<{ message: string }>(`/services/${encodeURIComponent(id)}`);
}

// The screens toast (spec §8.2); these keep the caches true.

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createService, onSuccess: () => refreshAfterServiceChange(queryClient) });
}

export function useSetServiceStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setServiceStatus,
    onSuccess: () => refreshAfterServiceChange(queryClient),
  });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteService, onSuccess: () => refreshAfterServiceChange(queryClient) });
}
