import { queryRoots } from '../../../lib/query-keys.ts';

// The query keys of this feature, for its realtime listener (api/changes.ts) and for app/.
export const taskFileKeys = {
  all: queryRoots.taskFiles,
  /** One task's files. */
  ofTask: (taskId: string) => [...queryRoots.taskFiles, taskId] as const,
};
