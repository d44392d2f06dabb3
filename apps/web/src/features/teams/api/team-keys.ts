import type { QueryClient } from '@tanstack/react-query';
import { queryRoots, sharedKeys } from '../../../lib/query-keys.ts';

/** Every query key of the teams feature (ARCHITECTURE §2: keys live in the feature's api). */
export const teamKeys = {
  all: queryRoots.teams,
  /** GET /team/project/{productId}/teams. */
  product: (productId: string) => [...queryRoots.teams, 'product', productId] as const,
  /** GET /team/{teamId}. */
  detail: (teamId: string) => [...queryRoots.teams, 'detail', teamId] as const,
  /** GET /team/{teamId}/candidates?search=: every search of one team. */
  candidatesOf: (teamId: string) => [...queryRoots.teams, 'candidates', teamId] as const,
  candidates: (teamId: string, search: string) =>
    [...queryRoots.teams, 'candidates', teamId, search] as const,
};

/**
 * After a team change commits: the team queries, and what is derived from teams elsewhere: a
 * product's team size and visibility (queryRoots.products), the dashboard's Team Overview, the activity
 * log, and the team and assignee choices of the task form (sharedKeys.taskOptions).
 */
export function refreshAfterTeamChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: teamKeys.all }),
    queryClient.invalidateQueries({ queryKey: queryRoots.products }),
    queryClient.invalidateQueries({ queryKey: queryRoots.dashboard }),
    queryClient.invalidateQueries({ queryKey: queryRoots.activity }),
    queryClient.invalidateQueries({ queryKey: sharedKeys.taskOptions }),
  ]);
}
