import { ALL_DEPARTMENTS, type DirectoryList, type DirectoryMember } from '@shipyard/shared';
import { type InfiniteData, infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** What narrows User Management (spec §5 Filters): '' and 'all' disable a filter. */
export type TeamMemberListParams = {
  search: string;
  /** One stored department, or 'all' (decision 007). */
  department: string;
  /** Members per page; 'Load more' asks for the next one. */
  limit: number;
};

export type TeamMemberPages = InfiniteData<DirectoryList, number>;

export const teamMemberKeys = {
  all: queryRoots.teamMembers,
  list: (params: TeamMemberListParams) => [...queryRoots.teamMembers, 'list', params] as const,
};

/** The query string: trimmed search, the department unless it is 'all', the page and its size. */
export function teamMemberListQuery(params: TeamMemberListParams, page: number): string {
  const query = new URLSearchParams();
  const search = params.search.trim();
  if (search) query.set('search', search);
  if (params.department && params.department !== ALL_DEPARTMENTS) query.set('department', params.department);
  query.set('page', String(page));
  query.set('limit', String(params.limit));
  return query.toString();
}

/** GET /api/team/all-team-members (admins). */
function getTeamMembers(params: TeamMemberListParams, page: number, signal?: AbortSignal) {
  return api.get<DirectoryList>(`/team/all-team-members?${teamMemberListQuery(params, page)}`, { signal });
}

export const teamMembersQueryOptions = (params: TeamMemberListParams) =>
  infiniteQueryOptions({
    queryKey: teamMemberKeys.list(params),
    queryFn: ({ pageParam, signal }) => getTeamMembers(params, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });

/** Every loaded member, in order (a member moved between pages by a change is shown once). */
export function loadedMembers(data: Pick<TeamMemberPages, 'pages'> | undefined): DirectoryMember[] {
  const seen = new Set<string>();
  const members: DirectoryMember[] = [];
  for (const page of data?.pages ?? []) {
    for (const member of page.data) {
      if (seen.has(member.id)) continue;
      seen.add(member.id);
      members.push(member);
    }
  }
  return members;
}

/** How many members match the search and filter in all. */
export const totalMembers = (data: Pick<TeamMemberPages, 'pages'> | undefined): number =>
  data?.pages[0]?.total ?? 0;
