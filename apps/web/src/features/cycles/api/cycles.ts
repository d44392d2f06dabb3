import {
  type CreateCycle,
  type Cycle,
  type CycleCompletion,
  type CycleDetail,
  type CycleList,
  cycleMessages as m,
  type TaskCycle,
  type TaskList,
  type UpdateCycle,
  type Velocity,
} from '@shipyard/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { cycleKeys } from './keys.ts';

// Cycles' calls (issue 31, docs/decisions/058-cycles.md). Every write refreshes every cycle cache
// (a move touches two cycles, the task's field and the velocity); realtime does the same for others.

const product = (id: string) => `/projects/${encodeURIComponent(id)}`;
const cycle = (id: string) => `/cycles/${encodeURIComponent(id)}`;

/** The browser's time zone: the calendar a new cycle's days are in. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const useCycles = (productId: string) =>
  useQuery(
    queryOptions({
      queryKey: cycleKeys.ofProduct(productId),
      queryFn: ({ signal }) => api.get<CycleList>(`${product(productId)}/cycles`, { signal }),
    }),
  );

export const useCycle = (cycleId: string) =>
  useQuery(
    queryOptions({
      queryKey: cycleKeys.detail(cycleId),
      queryFn: ({ signal }) => api.get<CycleDetail>(cycle(cycleId), { signal }),
      enabled: cycleId !== '',
    }),
  );

export const useTaskCycle = (taskId: string) =>
  useQuery(
    queryOptions({
      queryKey: cycleKeys.ofTask(taskId),
      queryFn: ({ signal }) => api.get<TaskCycle>(`/tasks/${encodeURIComponent(taskId)}/cycle`, { signal }),
    }),
  );

export const useVelocity = (productId: string, n: number) =>
  useQuery(
    queryOptions({
      queryKey: cycleKeys.velocity(productId, n),
      queryFn: ({ signal }) => api.get<Velocity>(`${product(productId)}/velocity?cycles=${n}`, { signal }),
      enabled: productId !== '',
      placeholderData: keepPreviousData,
    }),
  );

/** Open tasks of the product matching `search`: what the add dialog offers. */
export const useCycleCandidates = (productId: string, search: string, enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: cycleKeys.candidates(productId, search),
      queryFn: ({ signal }) => {
        const query = new URLSearchParams({ productId, status: 'Pending,In Progress', limit: '50' });
        if (search.trim()) query.set('search', search.trim());
        return api.get<TaskList>(`/tasks/all?${query}`, { signal });
      },
      enabled,
      placeholderData: keepPreviousData,
    }),
  );

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: cycleKeys.all });
}

/** Creates a cycle, or changes one; the form reports its own failure. */
export function useSaveCycle(productId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (change: { id?: string; body: CreateCycle | UpdateCycle }) =>
      change.id
        ? api.patch<Cycle>(cycle(change.id), change.body)
        : api.post<Cycle>(`${product(productId)}/cycles`, change.body),
    onSuccess: refresh,
  });
}

export function useDeleteCycle() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => api.delete(cycle(id)), onSuccess: refresh });
}

export function useCompleteCycle() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.post<CycleCompletion>(`${cycle(id)}/complete`),
    onSuccess: (done) => {
      refresh();
      toast.success(
        done.movedTo
          ? t('Cycle completed: unfinished tasks moved to {{name}}', { name: done.movedTo.name })
          : t('Cycle completed'),
      );
    },
    onError: (error) => toast.error(t(m.saveFailed), { description: getErrorMessage(error) }),
  });
}

export function useAddCycleTasks(cycleId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (taskIds: string[]) => api.post<CycleDetail>(`${cycle(cycleId)}/tasks`, { taskIds }),
    onSuccess: refresh,
    onError: (error) => toast.error(t(m.moveFailed), { description: getErrorMessage(error) }),
  });
}

export function useRemoveCycleTask(cycleId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (taskId: string) => api.delete(`${cycle(cycleId)}/tasks/${encodeURIComponent(taskId)}`),
    onSuccess: refresh,
    onError: (error) => toast.error(t(m.moveFailed), { description: getErrorMessage(error) }),
  });
}

export function useSetTaskCycle(taskId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (cycleId: string | null) =>
      api.put<TaskCycle>(`/tasks/${encodeURIComponent(taskId)}/cycle`, { cycleId }),
    onSuccess: (answer) => {
      queryClient.setQueryData(cycleKeys.ofTask(taskId), answer);
      refresh();
    },
    onError: (error) => toast.error(t(m.moveFailed), { description: getErrorMessage(error) }),
  });
}

export function useCycleSettings(productId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (rollOver: boolean) => api.put(`${product(productId)}/cycle-settings`, { rollOver }),
    onSuccess: refresh,
    onError: (error) => toast.error(t(m.saveFailed), { description: getErrorMessage(error) }),
  });
}

/** The person's own calendar day ('YYYY-MM-DD'). */
export const localToday = (at = new Date()) =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
