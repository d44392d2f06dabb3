import type { Roadmap } from '@shipyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type RoadmapParams, roadmapKeys } from './keys.ts';

/** GET /api/roadmap: the products the caller sees in the window, with plans and milestones. */
function getRoadmap(params: RoadmapParams, signal?: AbortSignal): Promise<Roadmap> {
  const search = new URLSearchParams({ from: params.from, to: params.to });
  if (params.stage) search.set('stage', params.stage);
  if (params.team) search.set('team', params.team);
  return api.get<Roadmap>(`/roadmap?${search}`, { signal });
}

const roadmapQueryOptions = (params: RoadmapParams) =>
  queryOptions({
    queryKey: roadmapKeys.window(params),
    queryFn: ({ signal }) => getRoadmap(params, signal),
    // Moving the window or a filter keeps the rows on screen until the next answer.
    placeholderData: (previous) => previous,
  });

export const useRoadmap = (params: RoadmapParams) => useQuery(roadmapQueryOptions(params));
