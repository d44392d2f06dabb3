import { queryRoots, sharedKeys } from '../../../lib/query-keys.ts';

// The query keys of this feature, for its realtime listener (api/changes.ts) and for app/.
export const workflowKeys = {
  all: queryRoots.workflow,
  /** One product's states (shared with the tasks feature's board, filter and state select). */
  product: sharedKeys.productStates,
};
