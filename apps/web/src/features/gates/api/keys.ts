import { queryRoots } from '../../../lib/query-keys.ts';

// The query keys of stage gates (issue 32), for its realtime listener and for app/.
export const gateKeys = {
  all: queryRoots.gates,
  /** One product's exit criteria and the state of its current stage's. */
  ofProduct: (productId: string) => [...queryRoots.gates, 'product', productId] as const,
  /** The people an approval of this product may name. */
  candidates: (productId: string) => [...queryRoots.gates, 'candidates', productId] as const,
  /** The workspace's default exit criteria. */
  workspace: [...queryRoots.gates, 'workspace'] as const,
};
