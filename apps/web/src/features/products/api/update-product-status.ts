import {
  PRODUCT_STATUSES,
  type Product,
  type ProductList,
  type ProductStatus,
  productMessages,
} from '@shipyard/shared';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { productKeys } from './get-products.ts';

type ProductStatusChange = {
  id: string;
  /** Any casing: the board sends the column id capitalised ('Testing', spec §4). */
  status: string;
};

/** PATCH /api/projects/{id}/status; answers the product with its stored (lowercase) status. */
function updateProductStatus({ id, status }: ProductStatusChange): Promise<Product> {
  return api.patch<Product>(`/projects/${encodeURIComponent(id)}/status`, { status });
}

function isProductStatus(value: string): value is ProductStatus {
  return (PRODUCT_STATUSES as readonly string[]).includes(value);
}

/** The server's own text (our error shape, or no response at all), else the spec's fallback. */
function failureText(error: unknown): string {
  if (error instanceof ApiRequestError && (error.code !== undefined || error.status === 0) && error.message) {
    return error.message;
  }
  return productMessages.statusUpdateFailed;
}

type Snapshot = Array<[QueryKey, ProductList | undefined]>;

/**
 * Changes a product's status optimistically: every cached products list shows the new status at
 * once; a refusal puts the lists back as they were and says why (spec §8.2 'Product status').
 */
export function useUpdateProductStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProductStatus,
    onMutate: async ({ id, status }): Promise<{ previous: Snapshot }> => {
      // A list request in flight would land after the patch and undo it.
      await queryClient.cancelQueries({ queryKey: productKeys.lists });
      const previous = queryClient.getQueriesData<ProductList>({ queryKey: productKeys.lists });
      const next = status.trim().toLowerCase();
      if (isProductStatus(next)) {
        queryClient.setQueriesData<ProductList>({ queryKey: productKeys.lists }, (list) =>
          list
            ? {
                ...list,
                data: list.data.map((product) =>
                  product.id === id ? { ...product, status: next } : product,
                ),
              }
            : list,
        );
      }
      return { previous };
    },
    onError: (error, _change, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
      toast.error(failureText(error));
    },
    onSuccess: () => {
      toast.success(productMessages.statusUpdated);
    },
    onSettled: () =>
      Promise.all([
        // Lists, the sidebar's Recent Products and the product's own page.
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
        // The dashboard's counts and progress (its key belongs to the dashboard feature).
        queryClient.invalidateQueries({ queryKey: queryRoots.dashboard }),
      ]),
  });
}
