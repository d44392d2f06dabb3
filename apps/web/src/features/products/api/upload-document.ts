import type { ProductDocument } from '@shipyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { documentFileProblem } from '../../../lib/documents.ts';
import { productDetailKey } from './get-product.ts';
import { productActivitiesKey } from './get-product-activities.ts';
import { productDocumentsKey } from './get-product-documents.ts';

export { documentFileProblem };

/** POST /projects/{id}/documents as multipart field `file`; answers the stored document. */
function uploadDocument(productId: string, file: File): Promise<ProductDocument> {
  const problem = documentFileProblem(file);
  if (problem) return Promise.reject(new Error(problem));
  const body = new FormData();
  body.append('file', file);
  return api.post<ProductDocument>(`/projects/${encodeURIComponent(productId)}/documents`, body);
}

export function useUploadDocument(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadDocument(productId, file),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: productDocumentsKey(productId) }),
        // An upload is recorded in the product's timeline.
        queryClient.invalidateQueries({ queryKey: productActivitiesKey(productId) }),
        queryClient.invalidateQueries({ queryKey: productDetailKey(productId) }),
      ]),
  });
}
