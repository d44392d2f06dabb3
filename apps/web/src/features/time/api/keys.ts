import { queryRoots } from '../../../lib/query-keys.ts';

// The query keys of time tracking (issue 31), for its realtime listener and for app/.
export const timeKeys = {
  all: queryRoots.time,
  /** One task's logged time. */
  ofTask: (taskId: string) => [...queryRoots.time, 'task', taskId] as const,
  /** The caller's running timer. */
  timer: [...queryRoots.time, 'timer'] as const,
  /** Every timesheet week, and one person's week (`userId` '' for one's own). */
  timesheets: [...queryRoots.time, 'timesheet'] as const,
  timesheet: (week: string, userId: string) => [...queryRoots.time, 'timesheet', week, userId] as const,
  /** The people an admin may open the timesheet of. */
  people: [...queryRoots.time, 'people'] as const,
  /** The time logged on a task list's tasks, by the list's query (issue 31: each view's total). */
  lists: [...queryRoots.time, 'list'] as const,
  list: (query: string) => [...queryRoots.time, 'list', query] as const,
  /** Every product's time report, and one product's period. */
  reports: [...queryRoots.time, 'report'] as const,
  report: (productId: string, from: string, to: string) =>
    [...queryRoots.time, 'report', productId, from, to] as const,
};
