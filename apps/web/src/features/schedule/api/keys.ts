import { queryRoots } from '../../../lib/query-keys.ts';

// The query keys of this feature, for its realtime listener (api/changes.ts) and for app/.
export const scheduleKeys = {
  all: queryRoots.schedule,
  /** One product's schedule. */
  product: (productId: string) => [...queryRoots.schedule, 'product', productId] as const,
};
