import { queryRoots } from '../../../lib/query-keys.ts';

// The query keys of this feature (issue 29), for its realtime listener (api/changes.ts) and app/.
export const hierarchyKeys = {
  all: queryRoots.hierarchy,
  /** One task's sub-tasks and parents. */
  subtasks: (taskId: string) => [...queryRoots.hierarchy, 'subtasks', taskId] as const,
  /** One task's relations. */
  relations: (taskId: string) => [...queryRoots.hierarchy, 'relations', taskId] as const,
  /** The tasks a picker offers for a search. */
  search: (productId: string | undefined, search: string) =>
    [...queryRoots.hierarchy, 'search', productId ?? 'all', search] as const,
  /** A product's estimate scale (and, for a candidate scale, how many estimates it clears). */
  scale: (productId: string, candidate?: string) =>
    [...queryRoots.hierarchy, 'scale', productId, candidate ?? ''] as const,
};
