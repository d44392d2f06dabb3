import type { ProductDocument } from '@shipyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export const productDocumentsKey = (id: string) => [...queryRoots.products, 'documents', id] as const;

const documentsPath = (productId: string) => `/projects/${encodeURIComponent(productId)}/documents`;

/** GET /projects/{id}/documents: the product's files, newest first. */
async function getProductDocuments(id: string, signal?: AbortSignal): Promise<ProductDocument[]> {
  const page = await api.get<{ data: ProductDocument[] }>(documentsPath(id), { signal });
  return page.data;
}

export { documentDownloadUrl } from '../../../lib/documents.ts';

const productDocumentsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: productDocumentsKey(id),
    queryFn: ({ signal }) => getProductDocuments(id, signal),
  });

export const useProductDocuments = (id: string) => useQuery(productDocumentsQueryOptions(id));
