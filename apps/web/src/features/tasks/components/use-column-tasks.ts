import type { TaskStatus } from '@shipyard/shared';
import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { boardColumnFirstPage, boardColumnNextPage } from '../api/get-board.ts';
import { loadedTasks, tasksQueryOptions } from '../api/get-tasks.ts';
import type { TaskFilterValues } from './task-search-params.ts';

/** Tasks per page in each column; the next page loads as the column scrolls. */
export const BOARD_COLUMN_LIMIT = 100;

/**
 * One column's tasks: the filters with the column's status, unless the status filter leaves it
 * out. On one product's board the columns keep their manual order (issue 28): their first pages
 * come from one request (GET /tasks/{productId}/board, shared by the columns), the next ones from
 * the same route, one column from its cursor.
 */
export function useColumnTasks(filters: TaskFilterValues, status: TaskStatus) {
  const queryClient = useQueryClient();
  const enabled = filters.status.length === 0 || filters.status.includes(status);
  const { productId } = filters;
  const params = {
    ...filters,
    status: [status],
    limit: BOARD_COLUMN_LIMIT,
    ...(productId && { sort: 'manual' as const }),
  };
  const options = tasksQueryOptions(params);
  const query = useInfiniteQuery({
    ...options,
    ...(productId
      ? {
          queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) =>
            pageParam === null
              ? boardColumnFirstPage(queryClient, { ...filters, productId }, status)
              : boardColumnNextPage({ ...filters, productId }, status, pageParam, signal),
        }
      : {}),
    enabled,
    placeholderData: keepPreviousData,
  });
  const tasks = useMemo(() => loadedTasks(query.data), [query.data]);
  return { query, enabled, tasks };
}
export type ColumnQuery = ReturnType<typeof useColumnTasks>;
