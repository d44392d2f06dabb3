import { queryRoots } from '../../../lib/query-keys.ts';

// The query keys of this feature, for its realtime listener (api/changes.ts).
export const templateKeys = {
  all: queryRoots.templates,
  /** One product's task templates. */
  ofProduct: (productId: string) => [...queryRoots.templates, 'product', productId] as const,
  /** The workspace's product templates. */
  products: [...queryRoots.templates, 'products'] as const,
};
