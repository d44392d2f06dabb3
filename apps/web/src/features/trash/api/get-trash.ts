import type { TrashList } from '@shipyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { trashKeys } from './keys.ts';

/** GET /api/trash: deleted tasks and products the caller may restore, newest first. */
function getTrash(productId: string | undefined, signal?: AbortSignal): Promise<TrashList> {
  const query = productId ? `?productId=${encodeURIComponent(productId)}` : '';
  return api.get<TrashList>(`/trash${query}`, { signal });
}

const trashQueryOptions = (productId?: string) =>
  queryOptions({
    queryKey: trashKeys.list(productId),
    queryFn: ({ signal }) => getTrash(productId, signal),
  });

export const useTrash = (productId?: string) => useQuery(trashQueryOptions(productId));
