import { queryRoots } from '../../../lib/query-keys.ts';

// The query keys of saved views (issue 28), for the realtime listener (api/changes.ts) and app/.
export const viewKeys = {
  all: queryRoots.views,
  /** Every view the caller sees, with their counts (the sidebar and the views page). */
  list: [...queryRoots.views, 'list'] as const,
  /** One view, with its count. */
  detail: (id: string) => [...queryRoots.views, 'detail', id] as const,
};
