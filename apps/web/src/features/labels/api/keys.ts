import { queryRoots, sharedKeys } from '../../../lib/query-keys.ts';

// The query keys of this feature, for its realtime listener (api/changes.ts) and for app/.
export const labelKeys = {
  all: queryRoots.labels,
  /** One product's labels (shared with the tasks feature's label filter). */
  product: sharedKeys.productLabels,
  /** One task's labels. */
  ofTask: (taskId: string) => [...queryRoots.labels, 'task', taskId] as const,
};
