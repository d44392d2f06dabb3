import {
  addDays,
  blockedByTransitively,
  daysBetween,
  type Schedule,
  type ScheduleMove,
  type ScheduleMoveBody,
} from '@shipyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { queryRoots, sharedKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { scheduleKeys } from './keys.ts';

type Dates = { startDate: string | null; dueDate: string | null };

/** One move on the schedule: a task's new dates, and whether the tasks it blocks move with it. */
export type TaskDatesMove = {
  productId: string;
  taskId: string;
  dates: Dates;
  shiftBlocked: boolean;
  /** The dates it had: the Undo's move (none: an undo itself, no Undo offered). */
  previous?: Dates;
  /** What the toast says. */
  title: string;
  description: string;
};

const shiftDates = (d: Dates, days: number): Dates => ({
  startDate: d.startDate ? addDays(d.startDate, days) : null,
  dueDate: d.dueDate ? addDays(d.dueDate, days) : null,
});

/** How many days a move shifted the task, as the server counts it: by due date, else by start. */
export function daysMoved(before: Dates, after: Dates) {
  if (before.dueDate && after.dueDate) return daysBetween(before.dueDate, after.dueDate);
  if (before.startDate && after.startDate) return daysBetween(before.startDate, after.startDate);
  return 0;
}

/** The schedule as it is once `move` is made (what the screen shows while it is sent). */
export function applyMove(
  schedule: Schedule,
  move: Pick<TaskDatesMove, 'taskId' | 'dates' | 'shiftBlocked'>,
) {
  const task = schedule.tasks.find((x) => x.id === move.taskId);
  if (!task) return schedule;
  const days = move.shiftBlocked ? daysMoved(task, move.dates) : 0;
  const shifted = new Set(days === 0 ? [] : blockedByTransitively(move.taskId, schedule.links));
  return {
    ...schedule,
    tasks: schedule.tasks.map((x) => {
      if (x.id === move.taskId) return { ...x, ...move.dates };
      if (shifted.has(x.id) && x.status !== 'Completed') return { ...x, ...shiftDates(x, days) };
      return x;
    }),
  };
}

const send = (move: TaskDatesMove) =>
  api.patch<ScheduleMove>(`/tasks/${encodeURIComponent(move.taskId)}/schedule`, {
    ...move.dates,
    shiftBlocked: move.shiftBlocked,
  } satisfies ScheduleMoveBody);

/**
 * Moves a task on the schedule: shown at once, sent, then an Undo toast for 10 s (the old dates,
 * shifting back what moved with it); a refusal puts the dates back and says why.
 */
export function useMoveTaskDates() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: send,
    onMutate: async (move) => {
      const key = scheduleKeys.product(move.productId);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Schedule>(key);
      if (before) queryClient.setQueryData(key, applyMove(before, move));
      return { before };
    },
    onError: (error, move, context) => {
      if (context?.before) queryClient.setQueryData(scheduleKeys.product(move.productId), context.before);
      toast.error(t('Could not move the task'), { description: getErrorMessage(error) });
    },
    onSuccess: (answer, move) => {
      if (!move.previous) return;
      const back: TaskDatesMove = { ...move, dates: move.previous, previous: undefined };
      const moved = answer.shifted.length;
      toast.undoable(move.title, {
        description: moved
          ? `${move.description} · ${t('{{count}} blocked tasks moved', { count: moved })}`
          : move.description,
        undo: () => mutation.mutate(back),
      });
    },
    onSettled: (_answer, _error, move) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: scheduleKeys.product(move.productId) }),
        // The task's page, lists, calendar and the product's timeline show its dates.
        queryClient.invalidateQueries({ queryKey: queryRoots.tasks }),
        queryClient.invalidateQueries({ queryKey: queryRoots.events }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.productActivities(move.productId) }),
      ]),
  });
  return mutation;
}
