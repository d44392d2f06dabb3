import type { CreateProduct, Product } from '@shipyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { productKeys } from './get-products.ts';

/** POST /api/projects; the server fills `created_by` from the session. */
function createProduct(body: CreateProduct): Promise<Product> {
  return api.post<Product>('/projects', body);
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => {
      // Every product list (and the sidebar's Recent Products) and the dashboard's counts.
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      void queryClient.invalidateQueries({ queryKey: queryRoots.dashboard });
    },
  });
}
