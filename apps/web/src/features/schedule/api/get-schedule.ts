import type { Schedule } from '@shipyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { scheduleKeys } from './keys.ts';

/** GET /api/projects/{id}/schedule: the product's tasks with their dates and the blocks among them. */
const getSchedule = (productId: string, signal?: AbortSignal) =>
  api.get<Schedule>(`/projects/${encodeURIComponent(productId)}/schedule`, { signal });

const scheduleQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: scheduleKeys.product(productId),
    queryFn: ({ signal }) => getSchedule(productId, signal),
  });

export const useSchedule = (productId: string) => useQuery(scheduleQueryOptions(productId));
