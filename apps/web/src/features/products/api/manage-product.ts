import type { Product, UpdateProduct } from '@shipyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { productDetailKey } from './get-product.ts';
import { productKeys } from './get-products.ts';

const path = (id: string) => `/projects/${encodeURIComponent(id)}`;

/** PATCH /api/projects/{id}: any of the create form's fields (its creator or an admin). */
function updateProduct({ id, ...body }: UpdateProduct & { id: string }): Promise<Product> {
  return api.patch<Product>(path(id), body);
}

/** PATCH /api/projects/{id}/archive: archived, a product is read-only and left out of lists. */
function archiveProduct({ id, archived }: { id: string; archived: boolean }): Promise<Product> {
  return api.patch<Product>(`${path(id)}/archive`, { archived });
}

/** DELETE /api/projects/{id}: the product and everything under it, to the trash (issue 28). */
function deleteProduct(id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(path(id));
}

/** POST /api/trash/product/{id}/restore: the delete toast's Undo, with the tasks deleted with it (issue 28). */
function restoreProduct(id: string): Promise<{ message: string }> {
  return api.post<{ message: string }>(`/trash/product/${encodeURIComponent(id)}/restore`);
}

/** After any of them: every product list, the sidebar's Recent Products, the product's page, the dashboard. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: productKeys.all }),
      // The dashboard's counts and progress (its key belongs to the dashboard feature).
      queryClient.invalidateQueries({ queryKey: queryRoots.dashboard }),
    ]);
}

/** The key of a product edit in flight, so the dialog around the form can refuse to close meanwhile. */
export const updateProductKey = [...queryRoots.products, 'update'] as const;

export function useUpdateProduct() {
  const refresh = useRefresh();
  return useMutation({ mutationKey: updateProductKey, mutationFn: updateProduct, onSuccess: refresh });
}

export function useArchiveProduct() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: archiveProduct, onSuccess: refresh });
}

export function useDeleteProduct() {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_answer, id) => {
      // Its page must not refetch a product that is gone.
      queryClient.removeQueries({ queryKey: productDetailKey(id) });
      return refresh();
    },
  });
}

export function useRestoreProduct() {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreProduct,
    onSuccess: () =>
      Promise.all([
        refresh(),
        // Its tasks come back too, and it leaves the trash (roots of the tasks and trash features).
        queryClient.invalidateQueries({ queryKey: queryRoots.tasks }),
        queryClient.invalidateQueries({ queryKey: queryRoots.trash }),
      ]),
  });
}
