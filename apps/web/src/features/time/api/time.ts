import {
  type CreateTimeEntry,
  timeMessages as m,
  type TaskListTime,
  type TaskTime,
  type TimeEntry,
  type TimeReport,
  type TimerState,
  type Timesheet,
  type UpdateTimeEntry,
} from '@shipyard/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { timeKeys } from './keys.ts';

// Time tracking's calls (issue 31). The timer lives on the server (GET /api/me/timer), so it
// survives a reload and every tab shows the same one; realtime changes keep them in step.

const taskPath = (taskId: string) => `/tasks/${encodeURIComponent(taskId)}`;

/** The person's own calendar day ('YYYY-MM-DD'), the day a timer started now counts for. */
export const localDay = (at = new Date()) =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;

export const useTaskTime = (taskId: string) =>
  useQuery(
    queryOptions({
      queryKey: timeKeys.ofTask(taskId),
      queryFn: ({ signal }) => api.get<TaskTime>(`${taskPath(taskId)}/time`, { signal }),
    }),
  );

/** The time logged on the tasks a list's query matches (its header's total). */
export const useListTime = (query: string) =>
  useQuery(
    queryOptions({
      queryKey: timeKeys.list(query),
      queryFn: ({ signal }) => api.get<TaskListTime>(`/time/tasks-total?${query}`, { signal }),
      // The list's filters changing: the total of the last ones stays until the new one is in.
      placeholderData: (previous) => previous,
    }),
  );

/**
 * The caller's timer. The top bar reads it once for the whole app (HeaderTimer); a part of a page
 * passes `watch` to follow that cache without a request of its own (the task page costs two).
 */
export const useTimer = ({ watch = false } = {}) =>
  useQuery(
    queryOptions({
      queryKey: timeKeys.timer,
      queryFn: ({ signal }) => api.get<TimerState>('/me/timer', { signal }),
      enabled: !watch,
    }),
  );

/** Starts the timer on a task (a running one elsewhere is stopped and logged), or stops it. */
export function useTimerToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...timeKeys.timer, 'toggle'],
    mutationFn: (action: { start: string } | { stop: true }) =>
      'start' in action
        ? api.post<TimerState>(`${taskPath(action.start)}/timer`, { date: localDay() })
        : api.delete<TimerState>('/me/timer'),
    onSuccess: (state) => {
      queryClient.setQueryData<TimerState>(timeKeys.timer, { timer: state.timer });
      const logged = state.stopped?.taskId;
      if (logged) void queryClient.invalidateQueries({ queryKey: timeKeys.ofTask(logged) });
      void queryClient.invalidateQueries({ queryKey: timeKeys.timesheets });
      void queryClient.invalidateQueries({ queryKey: timeKeys.reports });
    },
    onError: (error) => {
      toast.error(t(m.timerFailed), { description: getErrorMessage(error) });
      void queryClient.invalidateQueries({ queryKey: timeKeys.timer });
    },
  });
}

type EntryChange =
  | { kind: 'create'; body: CreateTimeEntry }
  | { kind: 'update'; id: string; body: UpdateTimeEntry };

/** Adds or edits one of one's entries; the caller's form reports its own failure. */
export function useSaveTimeEntry(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: EntryChange): Promise<TaskTime | TimeEntry> =>
      change.kind === 'create'
        ? api.post<TaskTime>(`${taskPath(taskId)}/time`, change.body)
        : api.patch<TimeEntry>(`/time-entries/${encodeURIComponent(change.id)}`, change.body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: timeKeys.all }),
  });
}

export function useDeleteTimeEntry(taskId: string) {
  const queryClient = useQueryClient();
  const key = timeKeys.ofTask(taskId);
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/time-entries/${encodeURIComponent(id)}`),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<TaskTime>(key);
      if (before) {
        const gone = before.entries.find((entry) => entry.id === id);
        queryClient.setQueryData<TaskTime>(key, {
          ...before,
          entries: before.entries.filter((entry) => entry.id !== id),
          totalSeconds: before.totalSeconds - (gone?.seconds ?? 0),
          mySeconds: before.mySeconds - (gone?.seconds ?? 0),
          entryCount: before.entryCount - (gone ? 1 : 0),
        });
      }
      return { before };
    },
    onError: (error, _id, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast.error(t(m.deleteFailed), { description: getErrorMessage(error) });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: timeKeys.all }),
  });
}

/** A person's week; `userId` '' for one's own. */
export const timesheetPath = (week: string, userId: string, csv = false) =>
  `/time/timesheet${csv ? '.csv' : ''}?${new URLSearchParams({ week, ...(userId ? { userId } : {}) })}`;

export const useTimesheet = (week: string, userId: string) =>
  useQuery(
    queryOptions({
      queryKey: timeKeys.timesheet(week, userId),
      queryFn: ({ signal }) => api.get<Timesheet>(timesheetPath(week, userId), { signal }),
    }),
  );

/** Everyone an admin may open the timesheet of (the first 200 accounts, by name). */
export const usePeople = (enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: timeKeys.people,
      queryFn: async ({ signal }) => {
        const page = await api.get<{ data: Array<{ id: string; full_name: string; email: string }> }>(
          '/user/all-users?limit=200',
          { signal },
        );
        return page.data
          .map((user) => ({ value: user.id, label: user.full_name || user.email }))
          .sort((a, b) => a.label.localeCompare(b.label));
      },
      enabled,
    }),
  );

export const timeReportPath = (productId: string, from: string, to: string, csv = false) =>
  `/projects/${encodeURIComponent(productId)}/time-report${csv ? '.csv' : ''}?${new URLSearchParams({ from, to })}`;

export const useTimeReport = (productId: string, from: string, to: string) =>
  useQuery(
    queryOptions({
      queryKey: timeKeys.report(productId, from, to),
      queryFn: ({ signal }) => api.get<TimeReport>(timeReportPath(productId, from, to), { signal }),
    }),
  );
