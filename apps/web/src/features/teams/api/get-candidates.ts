import type { Candidate } from '@shipyard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { teamKeys } from './team-keys.ts';

/**
 * GET /team/{teamId}/candidates?search=: users who are not yet in the team; `restricted` when
 * the caller finds people only by exact e-mail or the start of a name (decision 010).
 */
async function getCandidates(teamId: string, search: string, signal?: AbortSignal) {
  const query = search ? `?search=${encodeURIComponent(search)}` : '';
  return api.get<{ data: Candidate[]; restricted: boolean }>(
    `/team/${encodeURIComponent(teamId)}/candidates${query}`,
    { signal },
  );
}

const candidatesQueryOptions = (teamId: string, search: string) =>
  queryOptions({
    queryKey: teamKeys.candidates(teamId, search),
    queryFn: ({ signal }) => getCandidates(teamId, search, signal),
    // A new search keeps the last answer on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

/** `search` is trimmed; the caller debounces it. */
export const useCandidates = (teamId: string, search: string, enabled = true) =>
  useQuery({ ...candidatesQueryOptions(teamId, search.trim()), enabled });
