import type { Comment, CommentList } from '@shipyard/shared';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { commentKeys } from './keys.ts';

/** Pages as loaded: the newest first, each earlier one after it (`previousCursor` → `before`). */
export type CommentPages = InfiniteData<CommentList, string | null>;
/** A comment on screen; `pending` while it is being posted (not yet stored). */
export type ShownComment = Comment & { pending?: boolean };

const taskPath = (taskId: string) => `/tasks/${encodeURIComponent(taskId)}`;

function getComments(taskId: string, before: string | null, signal?: AbortSignal) {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return api.get<CommentList>(`${taskPath(taskId)}/comments${query}`, { signal });
}

const commentsQueryOptions = (taskId: string) =>
  infiniteQueryOptions({
    queryKey: commentKeys.list(taskId),
    queryFn: ({ pageParam, signal }) => getComments(taskId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.previousCursor,
  });

export const useComments = (taskId: string) => useInfiniteQuery(commentsQueryOptions(taskId));

/** Every loaded comment, oldest first (newest last). */
export const loadedComments = (data: Pick<CommentPages, 'pages'> | undefined): ShownComment[] =>
  data ? [...data.pages].reverse().flatMap((page) => page.data) : [];

function changePages(
  queryClient: QueryClient,
  taskId: string,
  change: (page: CommentList, index: number) => CommentList,
) {
  queryClient.setQueryData<CommentPages>(commentKeys.list(taskId), (data) =>
    data ? { ...data, pages: data.pages.map(change) } : data,
  );
}

const refresh = (queryClient: QueryClient, taskId: string) =>
  queryClient.invalidateQueries({ queryKey: commentKeys.task(taskId) });

let pendingIds = 0;

/**
 * Posts a comment, shown at once at the end of the list as pending; on failure it disappears
 * again (the composer keeps the text and shows why).
 */
export function usePostComment(taskId: string, author: Comment['author']) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.post<Comment>(`${taskPath(taskId)}/comments`, { body }),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: commentKeys.list(taskId) });
      pendingIds += 1;
      const pending: ShownComment = {
        id: `pending-${pendingIds}`,
        taskId,
        author,
        body: body.trim(),
        createdAt: new Date().toISOString(),
        editedAt: null,
        pending: true,
      };
      changePages(queryClient, taskId, (page, index) =>
        index === 0 ? { ...page, data: [...page.data, pending], total: page.total + 1 } : page,
      );
      return { pendingId: pending.id };
    },
    onError: (_error, _body, context) => {
      changePages(queryClient, taskId, (page) => ({
        ...page,
        data: page.data.filter((c) => c.id !== context?.pendingId),
        total: page.data.some((c) => c.id === context?.pendingId) ? page.total - 1 : page.total,
      }));
    },
    onSuccess: (comment, _body, context) => {
      changePages(queryClient, taskId, (page) => ({
        ...page,
        data: page.data.map((c) => (c.id === context?.pendingId ? comment : c)),
      }));
    },
    onSettled: () => refresh(queryClient, taskId),
  });
}

export function useEditComment(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      api.patch<Comment>(`/comments/${encodeURIComponent(id)}`, { body }),
    onSuccess: (comment) => {
      changePages(queryClient, taskId, (page) => ({
        ...page,
        data: page.data.map((c) => (c.id === comment.id ? comment : c)),
      }));
    },
    onSettled: () => refresh(queryClient, taskId),
  });
}

export function useDeleteComment(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/comments/${encodeURIComponent(id)}`),
    onSuccess: (_answer, id) => {
      changePages(queryClient, taskId, (page) =>
        page.data.some((c) => c.id === id)
          ? { ...page, data: page.data.filter((c) => c.id !== id), total: page.total - 1 }
          : page,
      );
    },
    onSettled: () => refresh(queryClient, taskId),
  });
}
