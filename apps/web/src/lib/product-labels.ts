import type { LabelList } from '@shipyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { sharedKeys } from './query-keys.ts';

// A product's labels (issue 15) are read by two features: the labels feature (picker, manager)
// and the tasks feature (the label filter), so their query lives here.

/** GET /projects/{id}/labels: the product's labels by name, and whether the caller manages them. */
const productLabelsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: sharedKeys.productLabels(productId),
    queryFn: ({ signal }) =>
      api.get<LabelList>(`/projects/${encodeURIComponent(productId)}/labels`, { signal }),
  });

/** The product's labels; idle while no product is chosen. */
export function useProductLabels(productId: string | undefined) {
  return useQuery({ ...productLabelsQueryOptions(productId ?? ''), enabled: Boolean(productId) });
}
