import type { MentionableList } from '@shipyard/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { commentKeys } from './keys.ts';

function getMentionable(taskId: string, q: string, signal?: AbortSignal) {
  const query = q ? `?q=${encodeURIComponent(q)}` : '';
  return api.get<MentionableList>(`/tasks/${encodeURIComponent(taskId)}/mentionable${query}`, { signal });
}

/** People to @mention, while the composer is typing one (`q` is what follows the @). */
export const useMentionable = (taskId: string, q: string, enabled: boolean) =>
  useQuery({
    queryKey: commentKeys.mentionable(taskId, q),
    queryFn: ({ signal }) => getMentionable(taskId, q, signal),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
