import type { TaskRecurrence, TaskRecurrenceInput, TaskRecurrenceResult } from '@shipyard/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { queryRoots, sharedKeys } from './query-keys.ts';

// How a task repeats (issue 29) is read and set by two features: the recurrence feature (the task
// page's part) and the tasks feature (the create dialog's chip), so its calls live here.

const path = (taskId: string) => `/tasks/${encodeURIComponent(taskId)}/recurrence`;

/** The browser's IANA time zone: a new rule is read in it (stored with the rule). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const taskRecurrenceQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: sharedKeys.taskRecurrence(taskId),
    queryFn: ({ signal }) => api.get<TaskRecurrenceResult>(path(taskId), { signal }),
  });

/** How the task repeats; read only for a task that does (`recurring`): the others' page costs no request more. */
export function useTaskRecurrence(taskId: string, recurring: boolean) {
  return useQuery({ ...taskRecurrenceQueryOptions(taskId), enabled: recurring });
}

/** Cards, rows and the task's page show the repeat icon: read them again. */
const refreshTasks = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: queryRoots.tasks });

/** PUT: makes the task repeat or changes how (in the browser's time zone unless told). */
export function useSetTaskRecurrence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, ...body }: TaskRecurrenceInput & { taskId: string }) =>
      api.put<TaskRecurrence>(path(taskId), body),
    onSuccess: (recurrence, { taskId }) => {
      queryClient.setQueryData(sharedKeys.taskRecurrence(taskId), { recurrence });
      return refreshTasks(queryClient);
    },
  });
}

/** DELETE: the task no longer repeats. */
export function useStopTaskRecurrence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) => api.delete<null>(path(taskId)),
    onSuccess: (_answer, taskId) => {
      queryClient.setQueryData(sharedKeys.taskRecurrence(taskId), { recurrence: null });
      return refreshTasks(queryClient);
    },
  });
}
