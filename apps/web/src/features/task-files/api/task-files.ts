import type { ProductDocument } from '@shipyard/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { documentFileProblem } from '../../../lib/documents.ts';
import { taskFileKeys } from './keys.ts';

const filesPath = (taskId: string) => `/tasks/${encodeURIComponent(taskId)}/files`;
/** A task holds far fewer files than this; one page shows them all. */
const FILES_PAGE_LIMIT = 100;

const taskFilesQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: taskFileKeys.ofTask(taskId),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: ProductDocument[] }>(`${filesPath(taskId)}?limit=${FILES_PAGE_LIMIT}`, {
          signal,
        })
      ).data,
  });

/** GET /tasks/{id}/files: the task's files, newest first. */
export const useTaskFiles = (taskId: string) => useQuery(taskFilesQueryOptions(taskId));

/** POST /tasks/{id}/files (multipart field `file`) and DELETE /tasks/{id}/files/{fileId}. */
export function useTaskFileWrites(taskId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: taskFileKeys.ofTask(taskId) });
  return {
    upload: useMutation({
      mutationFn: (file: File) => {
        const problem = documentFileProblem(file);
        if (problem) return Promise.reject(new Error(problem));
        const body = new FormData();
        body.append('file', file);
        return api.post<ProductDocument>(filesPath(taskId), body);
      },
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (fileId: string) => api.delete<null>(`${filesPath(taskId)}/${encodeURIComponent(fileId)}`),
      onSuccess: refresh,
    }),
  };
}
