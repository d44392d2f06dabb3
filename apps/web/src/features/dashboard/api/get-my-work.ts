import type { TaskList } from '@shipyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

// The dashboard's "My work" (issue 28): the caller's overdue tasks, those due this week and those
// in progress, each a short list with its count, read with the task query of /tasks (so each list
// links to /tasks with the same filters).

export const MY_WORK_LISTS = ['overdue', 'week', 'progress'] as const;
export type MyWorkList = (typeof MY_WORK_LISTS)[number];

const OPEN = 'Pending,In Progress';

/** Each list's filters, in TaskQuerySchema's names: what it asks and what its /tasks link shows. */
export const myWorkFilters: Record<MyWorkList, Record<string, string>> = {
  overdue: { assignee: 'me', due: 'overdue', status: OPEN, sort: 'due', order: 'asc' },
  week: { assignee: 'me', due: 'week', status: OPEN, sort: 'due', order: 'asc' },
  progress: { assignee: 'me', status: 'In Progress', sort: 'updated', order: 'desc' },
};

/** Tasks shown per list (the count says how many there are in all). */
const MY_WORK_LIMIT = 5;

const myWorkKey = (list: MyWorkList) => [...queryRoots.dashboard, 'my-work', list] as const;

function getMyWork(list: MyWorkList, signal?: AbortSignal): Promise<TaskList> {
  const query = new URLSearchParams({
    ...myWorkFilters[list],
    limit: String(MY_WORK_LIMIT),
    // The browser's date: what "overdue" and "this week" count from.
    today: format(new Date(), 'yyyy-MM-dd'),
  });
  return api.get<TaskList>(`/tasks/all?${query}`, { signal });
}

const myWorkQueryOptions = (list: MyWorkList) =>
  queryOptions({ queryKey: myWorkKey(list), queryFn: ({ signal }) => getMyWork(list, signal) });

export const useMyWork = (list: MyWorkList) => useQuery(myWorkQueryOptions(list));
