import type { QueryClient } from '@tanstack/react-query';
import { queryRoots } from '../../../lib/query-keys.ts';

/** What narrows the services list: '' for no search, undefined for 'All Categories'. */
export type ServiceListParams = { search: string; category: string | undefined };

/** Every query key of the services feature (ARCHITECTURE §2: keys live in the feature's api). */
export const serviceKeys = {
  all: queryRoots.services,
  /** GET /services?search&category. */
  list: (params: ServiceListParams) => [...queryRoots.services, 'list', params] as const,
  /** GET /services/{id}/deliveries. */
  deliveries: (serviceId: string) => [...queryRoots.services, 'deliveries', serviceId] as const,
};

/** After a service changes: every list (its card, the tabs and the statistics) and delivery log. */
export const refreshAfterServiceChange = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: serviceKeys.all });
