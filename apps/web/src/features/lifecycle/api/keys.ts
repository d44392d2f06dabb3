import { queryRoots } from '../../../lib/query-keys.ts';

/** The reports' filters as the URL holds them: a window of days, a team type ('' for all). */
export type LifecycleParams = { days: number; team: string };
export type DrillParams = LifecycleParams & {
  kind: 'stays' | 'gates' | 'day';
  stage?: string;
  decision?: string;
  date?: string;
};

// The query keys of this feature (issue 32). A product's stage move changes them all: api/changes.ts.
export const lifecycleKeys = {
  all: queryRoots.lifecycle,
  report: (params: LifecycleParams) => [...queryRoots.lifecycle, 'report', params] as const,
  drill: (params: DrillParams) => [...queryRoots.lifecycle, 'drill', params] as const,
  history: (productId: string) => [...queryRoots.lifecycle, 'history', productId] as const,
  taskFlow: (productId: string, days: number) =>
    [...queryRoots.lifecycle, 'task-flow', productId, days] as const,
};
