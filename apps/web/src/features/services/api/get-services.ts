import type { ServiceList } from '@shipyard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type ServiceListParams, serviceKeys } from './service-keys.ts';

/** The query string: the trimmed search and the category, each only when set. */
function serviceListQuery({ search, category }: ServiceListParams): string {
  const query = new URLSearchParams();
  if (search.trim()) query.set('search', search.trim());
  if (category) query.set('category', category);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** GET /api/services: the matching services, and the statistics over every service. */
function getServices(params: ServiceListParams, signal?: AbortSignal) {
  return api.get<ServiceList>(`/services${serviceListQuery(params)}`, { signal });
}

const servicesQueryOptions = (params: ServiceListParams) =>
  queryOptions({
    queryKey: serviceKeys.list(params),
    queryFn: ({ signal }) => getServices(params, signal),
    // A new search or tab keeps the cards (and the tabs) on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });

export const useServices = (params: ServiceListParams) => useQuery(servicesQueryOptions(params));
