import type {
  CreateFieldInput,
  Field,
  FieldList,
  SetFieldValues,
  TaskFields,
  TaskOptions,
  UpdateField,
} from '@shipyard/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots, sharedKeys } from '../../../lib/query-keys.ts';
import { fieldKeys } from './keys.ts';

const productFieldsPath = (productId: string) => `/projects/${encodeURIComponent(productId)}/fields`;

const productFieldsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: fieldKeys.product(productId),
    queryFn: ({ signal }) => api.get<FieldList>(productFieldsPath(productId), { signal }),
    staleTime: 60_000,
  });

/** GET /projects/{id}/fields: the product's custom fields in their order. */
export const useProductFields = (productId: string) => useQuery(productFieldsQueryOptions(productId));

/** Fields: create, edit, reorder, delete; each refreshes the product's fields and the task lists. */
export function useFieldWrites(productId: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: fieldKeys.product(productId) }),
      queryClient.invalidateQueries({ queryKey: sharedKeys.fieldsInSight }),
      queryClient.invalidateQueries({ queryKey: queryRoots.tasks }),
    ]);
  return {
    create: useMutation({
      mutationFn: (body: CreateFieldInput) => api.post<Field>(productFieldsPath(productId), body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...patch }: UpdateField & { id: string }) =>
        api.patch<Field>(`/fields/${encodeURIComponent(id)}`, patch),
      onSuccess: refresh,
    }),
    reorder: useMutation({
      mutationFn: (ids: string[]) => api.put<FieldList>(`${productFieldsPath(productId)}/order`, { ids }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete<null>(`/fields/${encodeURIComponent(id)}`),
      onSuccess: refresh,
    }),
  };
}

/** PUT /tasks/{id}/fields: some of the task's values; the task's caches are read again. */
export function useSetTaskFields(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: SetFieldValues) =>
      api.put<TaskFields>(`/tasks/${encodeURIComponent(taskId)}/fields`, { fields }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.tasks }),
  });
}

/** Whom a person field may name: the product's people, as the task form offers them (shared cache). */
export const useFieldPeople = (productId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...sharedKeys.taskOptions, productId],
    queryFn: ({ signal }) =>
      api.get<TaskOptions>(`/tasks/${encodeURIComponent(productId)}/options`, { signal }),
    enabled,
    select: (options) => options.assignees.map(({ id, name }) => ({ id, name })),
  });
