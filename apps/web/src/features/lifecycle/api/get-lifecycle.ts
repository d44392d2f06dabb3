import type {
  FlowDayProducts,
  GateEntry,
  LifecycleReport,
  StageHistory,
  StageStay,
  TaskFlow,
} from '@shipyard/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type DrillParams, type LifecycleParams, lifecycleKeys } from './keys.ts';

/** The query string of the reports' filters (and a drill-down's), without empty values. */
export function lifecycleSearch(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return search.toString();
}

/** GET /api/lifecycle: durations, gate rates, stuck products and the flow over the products the caller sees. */
export const useLifecycleReport = (params: LifecycleParams) =>
  useQuery({
    queryKey: lifecycleKeys.report(params),
    queryFn: ({ signal }) => api.get<LifecycleReport>(`/lifecycle?${lifecycleSearch(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export type DrillAnswer =
  | { kind: 'stays'; data: StageStay[]; truncated: boolean }
  | { kind: 'gates'; data: GateEntry[]; truncated: boolean }
  | { kind: 'day'; date: string; data: FlowDayProducts['data'] };

/** A figure's entries: a stage's stays, a stage's gate decisions, a flow day's products. */
export const useLifecycleDrill = (params: DrillParams | undefined) =>
  useQuery({
    queryKey: lifecycleKeys.drill(params ?? { kind: 'stays', days: 0, team: '' }),
    enabled: params !== undefined,
    queryFn: async ({ signal }): Promise<DrillAnswer> => {
      const { kind, ...rest } = params as DrillParams;
      const body = await api.get<Omit<DrillAnswer, 'kind'>>(`/lifecycle/${kind}?${lifecycleSearch(rest)}`, {
        signal,
      });
      return { kind, ...body } as DrillAnswer;
    },
  });

/** GET /api/projects/{id}/stage-history: the product's stays, oldest first. */
export const useStageHistory = (productId: string) =>
  useQuery({
    queryKey: lifecycleKeys.history(productId),
    queryFn: ({ signal }) =>
      api.get<StageHistory>(`/projects/${encodeURIComponent(productId)}/stage-history`, { signal }),
  });

/** GET /api/projects/{id}/task-flow: the product's tasks per status per day. */
export const useTaskFlow = (productId: string, days: number) =>
  useQuery({
    queryKey: lifecycleKeys.taskFlow(productId, days),
    enabled: productId !== '',
    queryFn: ({ signal }) =>
      api.get<TaskFlow>(`/projects/${encodeURIComponent(productId)}/task-flow?days=${days}`, { signal }),
    placeholderData: keepPreviousData,
  });
