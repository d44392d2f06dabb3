import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** The few fields the sidebar's 'Recent Products' list reads. */
export type RecentProduct = { id: string; _id?: string; name: string; status: string };

type ProductPage = { data: RecentProduct[]; total: number; page: number; limit: number };

const RECENT_PRODUCTS_LIMIT = 5;

// Under queryRoots.products, so refreshing the product lists after a change refreshes this one too.
export const recentProductsKey = [
  ...queryRoots.products,
  'recent',
  { limit: RECENT_PRODUCTS_LIMIT },
] as const;

async function getRecentProducts(signal?: AbortSignal): Promise<RecentProduct[]> {
  const page = await api.get<ProductPage>(`/projects?limit=${RECENT_PRODUCTS_LIMIT}`, { signal });
  return page.data;
}

const recentProductsQueryOptions = () =>
  queryOptions({ queryKey: recentProductsKey, queryFn: ({ signal }) => getRecentProducts(signal) });

export const useRecentProducts = () => useQuery(recentProductsQueryOptions());
