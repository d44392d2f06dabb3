import { queryRoots } from '../../../lib/query-keys.ts';

// The query keys of cycles (issue 31), for its realtime listener and for app/.
export const cycleKeys = {
  all: queryRoots.cycles,
  /** One product's cycles. */
  ofProduct: (productId: string) => [...queryRoots.cycles, 'product', productId] as const,
  /** One cycle with its tasks and chart. */
  detail: (cycleId: string) => [...queryRoots.cycles, 'detail', cycleId] as const,
  /** A task's cycle and the cycles it may join. */
  ofTask: (taskId: string) => [...queryRoots.cycles, 'task', taskId] as const,
  /** A product's velocity over its last finished cycles. */
  velocity: (productId: string, n: number) => [...queryRoots.cycles, 'velocity', productId, n] as const,
  /** Tasks of a product that may be added to a cycle (the add dialog's search). */
  candidates: (productId: string, search: string) =>
    [...queryRoots.cycles, 'candidates', productId, search] as const,
};
