import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type BoardColumnKey, boardColumnFirstPage, boardColumnNextPage } from '../api/get-board.ts';
import { loadedTasks, tasksQueryOptions } from '../api/get-tasks.ts';
import type { TaskFilterValues } from './task-search-params.ts';

/** Tasks per page in each column; the next page loads as the column scrolls. */
export const BOARD_COLUMN_LIMIT = 100;

/**
 * One column's tasks: the filters with the column's status (across products) or workflow state
 * (one product's board, issue 29), unless a filter leaves it out (`hidden`) or there is no such
 * column (`column` undefined: a slot of the state columns left unused). On one product's board the
 * columns keep their manual order (issue 28): their first pages come from one request
 * (GET /tasks/{productId}/board, shared by the columns), the next ones from the same route, one
 * column from its cursor.
 */
export function useColumnTasks(filters: TaskFilterValues, column: BoardColumnKey | undefined) {
  const queryClient = useQueryClient();
  const status = column?.status ?? 'Pending';
  const stateId = column?.stateId;
  const enabled =
    column !== undefined &&
    (filters.status.length === 0 || filters.status.includes(status)) &&
    (!stateId || !filters.stateId?.length || filters.stateId.includes(stateId));
  const { productId } = filters;
  const params = {
    ...filters,
    ...(stateId ? { status: [], stateId: [stateId] } : { status: [status] }),
    limit: BOARD_COLUMN_LIMIT,
    ...(productId && { sort: 'manual' as const }),
  };
  const options = tasksQueryOptions(params);
  const key = { status, stateId };
  const query = useInfiniteQuery({
    ...options,
    ...(productId
      ? {
          queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) =>
            pageParam === null
              ? boardColumnFirstPage(queryClient, { ...filters, productId }, key)
              : boardColumnNextPage({ ...filters, productId }, key, pageParam, signal),
        }
      : {}),
    enabled,
    placeholderData: keepPreviousData,
  });
  const tasks = useMemo(() => loadedTasks(query.data), [query.data]);
  return { query, enabled, tasks };
}
export type ColumnQuery = ReturnType<typeof useColumnTasks>;
