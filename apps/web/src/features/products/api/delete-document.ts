import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { productDetailKey } from './get-product.ts';
import { productActivitiesKey } from './get-product-activities.ts';
import { productDocumentsKey } from './get-product-documents.ts';

/** DELETE /projects/{id}/documents/{docId}. */
function deleteDocument(productId: string, documentId: string): Promise<unknown> {
  return api.delete(`/projects/${encodeURIComponent(productId)}/documents/${encodeURIComponent(documentId)}`);
}

export function useDeleteDocument(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) => deleteDocument(productId, documentId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: productDocumentsKey(productId) }),
        // A deletion is recorded in the product's timeline.
        queryClient.invalidateQueries({ queryKey: productActivitiesKey(productId) }),
        queryClient.invalidateQueries({ queryKey: productDetailKey(productId) }),
      ]),
  });
}
