import type { CreateLabelInput, Label, TaskLabels, UpdateLabel } from '@shipyard/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';
import { labelKeys } from './keys.ts';

export { useProductLabels } from '../../../lib/product-labels.ts';

const taskLabelsPath = (taskId: string) => `/tasks/${encodeURIComponent(taskId)}/labels`;

const taskLabelsQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: labelKeys.ofTask(taskId),
    queryFn: ({ signal }) => api.get<TaskLabels>(taskLabelsPath(taskId), { signal }),
  });

/** GET /tasks/{id}/labels. */
export const useTaskLabels = (taskId: string) => useQuery(taskLabelsQueryOptions(taskId));

/** PUT /tasks/{id}/labels: the whole set; the answer replaces the cache. */
export function useSetTaskLabels(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (labelIds: string[]) => api.put<TaskLabels>(taskLabelsPath(taskId), { labelIds }),
    onSuccess: (labels) => {
      queryClient.setQueryData(labelKeys.ofTask(taskId), labels);
      // The task lists show a task's labels; realtime patches them, this marks them for the next view.
      return queryClient.invalidateQueries({ queryKey: sharedKeys.taskLists, refetchType: 'none' });
    },
  });
}

/** Product labels: create, rename or recolour, delete; each refreshes the product's labels and the task lists. */
export function useLabelWrites(productId: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: labelKeys.product(productId) }),
      queryClient.invalidateQueries({ queryKey: [...labelKeys.all, 'task'] }),
      queryClient.invalidateQueries({ queryKey: sharedKeys.taskLists }),
    ]);
  return {
    create: useMutation({
      mutationFn: (body: CreateLabelInput) =>
        api.post<Label>(`/projects/${encodeURIComponent(productId)}/labels`, body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...patch }: UpdateLabel & { id: string }) =>
        api.patch<Label>(`/labels/${encodeURIComponent(id)}`, patch),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete<null>(`/labels/${encodeURIComponent(id)}`),
      onSuccess: refresh,
    }),
  };
}
