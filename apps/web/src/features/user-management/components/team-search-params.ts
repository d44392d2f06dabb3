import { ALL_DEPARTMENTS, DEPARTMENTS, type Department } from '@shipyard/shared';

// User Management keeps its search, department and tab in the URL, so a reload, a shared link
// and the back button show the same people. The defaults are left out of the URL.

export type TeamView = 'list' | 'grid';

export type TeamSearchState = {
  search: string;
  /** One stored department, or undefined for 'All' (decision 007). */
  department: Department | undefined;
  view: TeamView;
};

export const defaultTeamSearch: TeamSearchState = { search: '', department: undefined, view: 'list' };

export const isDepartment = (value: string): value is Department =>
  (DEPARTMENTS as readonly string[]).includes(value);

export function readTeamSearch(params: URLSearchParams): TeamSearchState {
  const department = params.get('department')?.trim().toLowerCase() ?? '';
  return {
    search: (params.get('search') ?? '').trim(),
    department: isDepartment(department) ? department : undefined,
    view: params.get('view') === 'grid' ? 'grid' : 'list',
  };
}

/** `?search=…&department=…&view=grid` without the defaults ('' when all are). */
export function writeTeamSearch(state: TeamSearchState): string {
  const params = new URLSearchParams();
  const search = state.search.trim();
  if (search) params.set('search', search);
  if (state.department) params.set('department', state.department);
  if (state.view !== 'list') params.set('view', state.view);
  const query = params.toString();
  return query ? `?${query}` : '';
}

export const isNarrowed = (state: TeamSearchState) => state.search !== '' || state.department !== undefined;

/** The API's department value for the state: 'all' when no department is chosen. */
export const departmentParam = (state: TeamSearchState): string => state.department ?? ALL_DEPARTMENTS;
