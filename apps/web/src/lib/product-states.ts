import type { WorkflowStateList } from '@shipyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { sharedKeys } from './query-keys.ts';

// A product's workflow states (issue 29) are read by two features: the workflow feature (the
// settings card) and the tasks feature (board columns, the state select, the state filter), so
// their query lives here, as the labels' does (product-labels.ts).

/** GET /projects/{id}/states: the product's states in board order, and whether the caller manages them. */
export const productStatesQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: sharedKeys.productStates(productId),
    queryFn: ({ signal }) =>
      api.get<WorkflowStateList>(`/projects/${encodeURIComponent(productId)}/states`, { signal }),
  });

/** The product's states; idle while no product is chosen. */
export function useProductStates(productId: string | undefined) {
  return useQuery({ ...productStatesQueryOptions(productId ?? ''), enabled: Boolean(productId) });
}
