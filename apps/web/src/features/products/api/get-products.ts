import type { ProductList, ProductPriority, ProductStatus, TeamType } from '@shipyard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** What narrows the products list (spec §2.9; the filters work, ARCHITECTURE §5). */
export type ProductFilterValues = {
  search: string;
  status: ProductStatus[];
  team: TeamType[];
  priority: ProductPriority[];
  /** "Show archived": archived products are listed too (the API leaves them out by default). */
  archived?: boolean;
};

export type ProductListParams = ProductFilterValues & { page: number; limit: number };

export const productKeys = {
  all: queryRoots.products,
  /** Every cached list, whatever its filters: the prefix an optimistic change patches. */
  lists: [...queryRoots.products, 'list'] as const,
  list: (params: ProductListParams) => [...queryRoots.products, 'list', params] as const,
};

/**
 * The query string of GET /api/projects: paging, the trimmed search, and each filter as one
 * comma list (`status=planning,testing`); empty filters are left out.
 */
export function productListQuery(params: ProductListParams): string {
  const parts = [`page=${params.page}`, `limit=${params.limit}`];
  const search = params.search.trim();
  if (search) parts.push(`search=${encodeURIComponent(search)}`);
  for (const key of ['status', 'team', 'priority'] as const) {
    if (params[key].length > 0) parts.push(`${key}=${params[key].join(',')}`);
  }
  if (params.archived) parts.push('archived=true');
  return parts.join('&');
}

function getProducts(params: ProductListParams, signal?: AbortSignal): Promise<ProductList> {
  return api.get<ProductList>(`/projects?${productListQuery(params)}`, { signal });
}

const productsQueryOptions = (params: ProductListParams) =>
  queryOptions({
    queryKey: productKeys.list(params),
    queryFn: ({ signal }) => getProducts(params, signal),
    // A new page or filter keeps the last answer on screen (dimmed) instead of a skeleton flash.
    placeholderData: keepPreviousData,
  });

export const useProducts = (params: ProductListParams) => useQuery(productsQueryOptions(params));
