import { queryRoots } from '../../../lib/query-keys.ts';

// The query keys of this feature, for its realtime listener (api/changes.ts) and for app/.
export const fieldKeys = {
  all: queryRoots.fields,
  /** One product's custom fields (issue 29). */
  product: (productId: string) => [...queryRoots.fields, 'product', productId] as const,
};
