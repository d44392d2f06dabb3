import {
  type Checklist,
  type ChecklistItem,
  checklistMessages as m,
  type UpdateChecklistItem,
} from '@shipyard/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { checklistKeys } from './keys.ts';

// Every checklist write answers the whole checklist: it replaces the cache once no other write of
// the same checklist is still on its way (so a quick second tick is not undone by the first one's
// answer). Ticks, renames, moves and deletions show at once and roll back on a failure.

const itemPath = (id: string) => `/checklist-items/${encodeURIComponent(id)}`;

const checklistQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: checklistKeys.ofTask(taskId),
    queryFn: ({ signal }) => api.get<Checklist>(`/tasks/${encodeURIComponent(taskId)}/checklist`, { signal }),
  });

export const useChecklist = (taskId: string) => useQuery(checklistQueryOptions(taskId));

/** The counts of a list of items. */
const countsOf = (items: ChecklistItem[]) => ({
  total: items.length,
  done: items.filter((item) => item.done).length,
});

/** The list with `item` moved to `index` (an index of the list without it). */
function moveTo<T extends { id: string }>(items: readonly T[], id: string, index: number): T[] {
  const item = items.find((i) => i.id === id);
  if (!item) return [...items];
  const others = items.filter((i) => i.id !== id);
  const at = Math.max(0, Math.min(index, others.length));
  return [...others.slice(0, at), item, ...others.slice(at)];
}

type Change =
  | { kind: 'add'; title: string }
  | { kind: 'update'; id: string; patch: UpdateChecklistItem }
  | { kind: 'move'; id: string; position: number }
  | { kind: 'remove'; id: string };

function send(taskId: string, change: Change): Promise<Checklist> {
  switch (change.kind) {
    case 'add':
      return api.post<Checklist>(`/tasks/${encodeURIComponent(taskId)}/checklist`, { title: change.title });
    case 'update':
      return api.patch<Checklist>(itemPath(change.id), change.patch);
    case 'move':
      return api.post<Checklist>(`${itemPath(change.id)}/move`, { position: change.position });
    case 'remove':
      return api.delete<Checklist>(itemPath(change.id));
  }
}

/** What the list looks like once the change is made (an addition waits for the server). */
function guess(list: Checklist, change: Change): Checklist {
  let items = list.items;
  if (change.kind === 'update') {
    items = items.map((item) => (item.id === change.id ? { ...item, ...change.patch } : item));
  } else if (change.kind === 'move') {
    items = moveTo(items, change.id, change.position);
  } else if (change.kind === 'remove') {
    items = items.filter((item) => item.id !== change.id);
  }
  return { ...list, items, ...countsOf(items) };
}

const failures: Record<Change['kind'], string> = {
  add: m.addFailed,
  update: m.updateFailed,
  move: m.moveFailed,
  remove: m.deleteFailed,
};

/** One mutation for every change of a task's checklist; a failure is a toast and a rollback. */
export function useChecklistChange(taskId: string) {
  const queryClient = useQueryClient();
  const key = checklistKeys.ofTask(taskId);
  const mutationKey = [...key, 'change'];
  return useMutation({
    mutationKey,
    mutationFn: (change: Change) => send(taskId, change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Checklist>(key);
      if (before) queryClient.setQueryData<Checklist>(key, guess(before, change));
      return { before };
    },
    onError: (error, change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast.error(t(failures[change.kind]), { description: getErrorMessage(error) });
    },
    onSuccess: (list) => {
      // This one is the last write still on its way: its answer is the truth.
      if (queryClient.isMutating({ mutationKey }) <= 1) queryClient.setQueryData(key, list);
    },
  });
}
