import type {
  CreateRelation,
  EstimateScale,
  EstimateScaleInfo,
  Relation,
  RelationList,
  SubtaskList,
  Task,
  TaskList,
} from '@shipyard/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { hierarchyKeys } from './keys.ts';

const taskPath = (taskId: string) => `/tasks/${encodeURIComponent(taskId)}`;

/** GET /tasks/{id}/subtasks: its sub-tasks and its parents (the breadcrumb). */
export const useSubtasks = (taskId: string) =>
  useQuery({
    queryKey: hierarchyKeys.subtasks(taskId),
    queryFn: ({ signal }) => api.get<SubtaskList>(`${taskPath(taskId)}/subtasks`, { signal }),
  });

/** GET /tasks/{id}/relations. */
export const useRelations = (taskId: string) =>
  useQuery({
    queryKey: hierarchyKeys.relations(taskId),
    queryFn: ({ signal }) => api.get<RelationList>(`${taskPath(taskId)}/relations`, { signal }),
  });

/** Tasks whose title or key matches `search`, of one product or of every product the viewer sees. */
export const useTaskSearch = (search: string, productId?: string) =>
  useQuery({
    queryKey: hierarchyKeys.search(productId, search),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ search, limit: '8' });
      if (productId) params.set('productId', productId);
      return api.get<TaskList>(`/tasks/all?${params}`, { signal });
    },
    enabled: search.trim().length > 0,
    placeholderData: keepPreviousData,
  });

/** Whatever changed a task: its page, every list and board, its sub-tasks and relations. */
function useRefreshTasks() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryRoots.tasks }),
      queryClient.invalidateQueries({ queryKey: hierarchyKeys.all }),
    ]);
}

/** POST /tasks with a parent: a sub-task of `parent`, in its product. */
export function useCreateSubtask(parent: { id: string; projectId: string }) {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: (title: string) =>
      api.post<Task>('/tasks', { title, projectId: parent.projectId, parentId: parent.id }),
    onSuccess: refresh,
  });
}

/** PATCH /tasks/{id}/update with `parentId` (null clears it). */
export function useSetParent(taskId: string) {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: (parentId: string | null) => api.patch<Task>(`${taskPath(taskId)}/update`, { parentId }),
    onSuccess: refresh,
  });
}

/** Add and remove a task's relations. */
export function useRelationWrites(taskId: string) {
  const refresh = useRefreshTasks();
  return {
    add: useMutation({
      mutationFn: (body: CreateRelation) => api.post<Relation>(`${taskPath(taskId)}/relations`, body),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (relationId: string) =>
        api.delete<null>(`${taskPath(taskId)}/relations/${encodeURIComponent(relationId)}`),
      onSuccess: refresh,
    }),
  };
}

const scalePath = (productId: string) => `/projects/${encodeURIComponent(productId)}/estimates`;

/** GET /projects/{id}/estimates (with `candidate`: how many estimates it would clear). */
export const useEstimateScale = (productId: string, candidate?: EstimateScale) =>
  useQuery({
    queryKey: hierarchyKeys.scale(productId, candidate),
    queryFn: ({ signal }) =>
      api.get<EstimateScaleInfo>(`${scalePath(productId)}${candidate ? `?scale=${candidate}` : ''}`, {
        signal,
      }),
  });

/** PUT /projects/{id}/estimates. */
export function useSetEstimateScale(productId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: (scale: EstimateScale) => api.put<EstimateScaleInfo>(scalePath(productId), { scale }),
    onSuccess: () =>
      Promise.all([
        refresh(),
        queryClient.invalidateQueries({ queryKey: [...hierarchyKeys.all, 'scale', productId] }),
      ]),
  });
}
