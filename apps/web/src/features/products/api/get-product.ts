import type { ProductDetail } from '@shipyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';

export const productDetailKey = sharedKeys.productDetail;

/** GET /projects/{id}: the product with its newest activity entries and its creator. */
function getProduct(id: string, signal?: AbortSignal): Promise<ProductDetail> {
  return api.get<ProductDetail>(`/projects/${encodeURIComponent(id)}`, { signal });
}

const productQueryOptions = (id: string) =>
  queryOptions({ queryKey: productDetailKey(id), queryFn: ({ signal }) => getProduct(id, signal) });

export const useProduct = (id: string) => useQuery(productQueryOptions(id));
