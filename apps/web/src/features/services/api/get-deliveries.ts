import type { DeliveryList } from '@shipyard/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { serviceKeys } from './service-keys.ts';

/** Deliveries per page of the log. */
const DELIVERY_PAGE_SIZE = 20;

/** GET /api/services/{id}/deliveries (admins): newest first, keyset paging. */
function getDeliveries(serviceId: string, cursor: string | undefined, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(DELIVERY_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return api.get<DeliveryList>(`/services/${encodeURIComponent(serviceId)}/deliveries?${query}`, { signal });
}

const deliveriesQueryOptions = (serviceId: string) =>
  infiniteQueryOptions({
    queryKey: serviceKeys.deliveries(serviceId),
    queryFn: ({ pageParam, signal }) => getDeliveries(serviceId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useDeliveries = (serviceId: string, enabled: boolean) =>
  useInfiniteQuery({ ...deliveriesQueryOptions(serviceId), enabled });
