import type { Product } from '@shipyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { api } from './api-client.ts';
import { t } from './i18n/index.ts';
import { queryRoots } from './query-keys.ts';

export type ProductOption = Pick<Product, 'id' | 'name'>;

const PRODUCT_OPTIONS_LIMIT = 200;

// Under queryRoots.products, so a change to the products refreshes the filter's choices too.
export const productOptionsKey = [
  ...queryRoots.products,
  'options',
  { limit: PRODUCT_OPTIONS_LIMIT },
] as const;

/** The products the caller may see, by name, for the product filters and selects (activity log, tasks). */
async function getProductOptions(signal?: AbortSignal): Promise<ProductOption[]> {
  const page = await api.get<{ data: Product[] }>(`/projects?limit=${PRODUCT_OPTIONS_LIMIT}`, { signal });
  return page.data
    .map(({ id, name }) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

const productOptionsQueryOptions = () =>
  queryOptions({ queryKey: productOptionsKey, queryFn: ({ signal }) => getProductOptions(signal) });

/** `enabled`: false until the choices are needed (a picker that is not open asks nothing). */
export const useProductOptions = (enabled = true) => useQuery({ ...productOptionsQueryOptions(), enabled });

/**
 * The products as a select's options, and the chosen one when it is not among them (a link to a
 * product since hidden or deleted) as 'Selected product', once the products are known.
 */
export function productSelectOptions(
  products: readonly ProductOption[] | undefined,
  selectedId: string,
  icon?: (productId: string) => ReactNode,
): Array<{ value: string; label: string; icon?: ReactNode }> {
  const options = (products ?? []).map((product) => ({
    value: product.id,
    label: product.name,
    ...(icon ? { icon: icon(product.id) } : {}),
  }));
  if (selectedId && products && !products.some((product) => product.id === selectedId)) {
    options.push({ value: selectedId, label: t('Selected product') });
  }
  return options;
}
