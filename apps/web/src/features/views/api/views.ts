import type { CreateViewInput, SavedView, SavedViewList, UpdateViewInput } from '@shipyard/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { viewKeys } from './keys.ts';

const viewPath = (id: string) => `/views/${encodeURIComponent(id)}`;

const viewsQueryOptions = () =>
  queryOptions({
    queryKey: viewKeys.list,
    queryFn: ({ signal }) => api.get<SavedViewList>('/views', { signal }),
  });

/** GET /views: every view the caller sees, pinned first, with its count. */
export const useViews = () => useQuery(viewsQueryOptions());

/** GET /views/{id}. */
export const useView = (id: string) =>
  useQuery({
    queryKey: viewKeys.detail(id),
    queryFn: ({ signal }) => api.get<SavedView>(viewPath(id), { signal }),
  });

/** Save, change, delete, pin and unpin: each answer goes into the view's cache and refreshes the list. */
export function useViewWrites() {
  const queryClient = useQueryClient();
  const settle = async (view?: SavedView) => {
    if (view) queryClient.setQueryData(viewKeys.detail(view.id), view);
    await queryClient.invalidateQueries({ queryKey: viewKeys.list });
  };
  return {
    create: useMutation({
      mutationFn: (body: CreateViewInput) => api.post<SavedView>('/views', body),
      onSuccess: settle,
    }),
    update: useMutation({
      mutationFn: ({ id, ...patch }: UpdateViewInput & { id: string }) =>
        api.patch<SavedView>(viewPath(id), patch),
      onSuccess: settle,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete<null>(viewPath(id)),
      onSuccess: (_, id) => {
        queryClient.removeQueries({ queryKey: viewKeys.detail(id) });
        return settle();
      },
    }),
    pin: useMutation({
      mutationFn: ({ id, pinned }: { id: string; pinned: boolean }) =>
        pinned ? api.put<SavedView>(`${viewPath(id)}/pin`) : api.delete<SavedView>(`${viewPath(id)}/pin`),
      onSuccess: settle,
    }),
  };
}
