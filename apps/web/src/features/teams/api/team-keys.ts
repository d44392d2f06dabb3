import type { QueryClient } from '@tanstack/react-query';

/** Every query key of the teams feature (ARCHITECTURE §2: keys live in the feature's api). */
export const teamKeys = {
  all: ['teams'] as const,
  /** GET /team/project/{productId}/teams. */
  product: (productId: string) => ['teams', 'product', productId] as const,
  /** GET /team/{teamId}. */
  detail: (teamId: string) => ['teams', 'detail', teamId] as const,
  /** GET /team/{teamId}/candidates?search=: every search of one team. */
  candidatesOf: (teamId: string) => ['teams', 'candidates', teamId] as const,
  candidates: (teamId: string, search: string) => ['teams', 'candidates', teamId, search] as const,
};

/**
 * After a team change commits: the team queries, and what is derived from teams elsewhere: a
 * product's team size and visibility (['products']), the dashboard's Team Overview, the activity
 * log, and the team and assignee choices of the task form (['tasks', 'options']).
 */
export function refreshAfterTeamChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: teamKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['products'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    queryClient.invalidateQueries({ queryKey: ['activity'] }),
    queryClient.invalidateQueries({ queryKey: ['tasks', 'options'] }),
  ]);
}
