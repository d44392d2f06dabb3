import { queryRoots } from '../../../lib/query-keys.ts';

// The query keys of this feature, for its realtime listener (api/changes.ts) and for app/.
export const checklistKeys = {
  all: queryRoots.checklists,
  /** One task's checklist. */
  ofTask: (taskId: string) => [...queryRoots.checklists, taskId] as const,
};
