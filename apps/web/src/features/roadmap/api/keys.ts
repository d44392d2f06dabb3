import { queryRoots } from '../../../lib/query-keys.ts';

export type RoadmapParams = { from: string; to: string; stage: string; team: string };

// The query keys of this feature, for its realtime listener (api/changes.ts) and for app/.
export const roadmapKeys = {
  all: queryRoots.roadmap,
  /** One window of the roadmap with its filters. */
  window: (params: RoadmapParams) => [...queryRoots.roadmap, 'window', params] as const,
};
