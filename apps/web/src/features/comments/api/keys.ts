import { queryRoots } from '../../../lib/query-keys.ts';

// The query keys of a task's conversation, for this feature (its realtime listener too) and for app/.

const ofTask = (taskId: string) => [...queryRoots.comments, 'task', taskId] as const;

export const commentKeys = {
  all: queryRoots.comments,
  /** Everything cached about one task's conversation. */
  task: ofTask,
  /** The task's comment pages (an infinite query: newest page first, earlier ones after). */
  list: (taskId: string) => [...ofTask(taskId), 'list'] as const,
  watchers: (taskId: string) => [...ofTask(taskId), 'watchers'] as const,
  mentionable: (taskId: string, q: string) => [...ofTask(taskId), 'mentionable', q] as const,
};
