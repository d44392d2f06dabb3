import type { TrashKind } from '@shipyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { trashKeys } from './keys.ts';

type Target = { kind: TrashKind; id: string };
const path = ({ kind, id }: Target) => `/trash/${kind}/${encodeURIComponent(id)}`;

/** POST /api/trash/{kind}/{id}/restore: back with its comments, checklist, labels, files and history. */
const restore = (target: Target) => api.post<{ message: string }>(`${path(target)}/restore`);

/** DELETE /api/trash/{kind}/{id}: deleted forever, with its files. */
const purge = (target: Target) => api.delete<{ message: string }>(path(target));

/**
 * After either: the trash; and after a restore every list it comes back to (tasks, products, the
 * dashboard), by their roots (features never import each other).
 */
function useRefresh(restored: boolean) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trashKeys.all }),
      ...(restored
        ? [queryRoots.tasks, queryRoots.products, queryRoots.dashboard, queryRoots.search].map((queryKey) =>
            queryClient.invalidateQueries({ queryKey }),
          )
        : []),
    ]);
}

export function useRestoreFromTrash() {
  const refresh = useRefresh(true);
  return useMutation({ mutationFn: restore, onSuccess: refresh });
}

export function usePurgeFromTrash() {
  const refresh = useRefresh(false);
  return useMutation({ mutationFn: purge, onSuccess: refresh });
}
