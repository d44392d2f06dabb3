import type { TaskStatus } from '@shipyard/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { tasksQueryOptions } from '../api/get-tasks.ts';
import type { TaskFilterValues } from './task-search-params.ts';

/** Tasks per page in each column; the next page loads as the column scrolls. */
export const BOARD_COLUMN_LIMIT = 100;

/** One column's tasks: the filters with the column's status, unless the status filter leaves it out. */
export function useColumnTasks(filters: TaskFilterValues, status: TaskStatus) {
  const enabled = filters.status.length === 0 || filters.status.includes(status);
  const params = { ...filters, status: [status], limit: BOARD_COLUMN_LIMIT };
  const query = useInfiniteQuery({
    ...tasksQueryOptions(params),
    enabled,
    placeholderData: keepPreviousData,
  });
  return { query, enabled };
}
export type ColumnQuery = ReturnType<typeof useColumnTasks>;
