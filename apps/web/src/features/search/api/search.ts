import type { SearchResult } from '@shipyard/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export const searchKeys = {
  all: queryRoots.search,
  results: (q: string) => [...queryRoots.search, q] as const,
};

/**
 * GET /api/search for `q` (already debounced and trimmed). A request for a query that is no longer
 * wanted is aborted (TanStack Query aborts the signal of a query nobody observes any more), and the
 * previous results stay on screen until the new ones arrive.
 */
export function useSearchResults(q: string) {
  return useQuery({
    queryKey: searchKeys.results(q),
    queryFn: ({ signal }) => api.get<SearchResult>(`/search?q=${encodeURIComponent(q)}`, { signal }),
    enabled: q !== '',
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
