import type { CreateState, UpdateState, WorkflowState, WorkflowStateList } from '@shipyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';
import { workflowKeys } from './keys.ts';

export { useProductStates } from '../../../lib/product-states.ts';

/**
 * A product's states: add, rename or recolour, reorder, delete (moving the tasks); each refreshes
 * the product's states (the board's columns) and, for a delete, the task lists.
 */
export function useStateWrites(productId: string) {
  const queryClient = useQueryClient();
  const key = workflowKeys.product(productId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  return {
    create: useMutation({
      mutationFn: (body: CreateState) =>
        api.post<WorkflowState>(`/projects/${encodeURIComponent(productId)}/states`, body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...patch }: UpdateState & { id: string }) =>
        api.patch<WorkflowState>(`/states/${encodeURIComponent(id)}`, patch),
      onSuccess: refresh,
    }),
    reorder: useMutation({
      mutationFn: (stateIds: string[]) =>
        api.put<WorkflowStateList>(`/projects/${encodeURIComponent(productId)}/states/order`, { stateIds }),
      // The new order at once; the answer (or a refusal's refetch) settles it.
      onMutate: async (stateIds) => {
        await queryClient.cancelQueries({ queryKey: key });
        const before = queryClient.getQueryData<WorkflowStateList>(key);
        if (before) {
          const byId = new Map(before.data.map((s) => [s.id, s]));
          const data = stateIds.flatMap((id, position) => {
            const state = byId.get(id);
            return state ? [{ ...state, position }] : [];
          });
          queryClient.setQueryData<WorkflowStateList>(key, { ...before, data });
        }
        return { before };
      },
      onError: (_error, _ids, context) => queryClient.setQueryData(key, context?.before),
      onSuccess: (list) => queryClient.setQueryData(key, list),
    }),
    remove: useMutation({
      mutationFn: ({ id, moveTo }: { id: string; moveTo: string }) =>
        api.delete<{ moved: number }>(
          `/states/${encodeURIComponent(id)}?moveTo=${encodeURIComponent(moveTo)}`,
        ),
      onSuccess: () =>
        Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: sharedKeys.taskLists })]),
    }),
  };
}
