import { DOCUMENT_MAX_BYTES, type ProductDocument } from '@shipyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { formatBytes } from '../../../lib/format.ts';
import { productDetailKey } from './get-product.ts';
import { productActivitiesKey } from './get-product-activities.ts';
import { productDocumentsKey } from './get-product-documents.ts';

/** Why this file cannot be uploaded, or undefined when it may be sent (the server checks again). */
export function documentFileProblem(file: File): string | undefined {
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > DOCUMENT_MAX_BYTES)
    return `${file.name} is larger than ${formatBytes(DOCUMENT_MAX_BYTES)}, the largest file a product can hold.`;
  return undefined;
}

/** POST /projects/{id}/documents as multipart field `file`; answers the stored document. */
export function uploadDocument(productId: string, file: File): Promise<ProductDocument> {
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
