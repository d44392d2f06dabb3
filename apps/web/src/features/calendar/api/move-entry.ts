import type { CalendarEvent, CalendarTask, CalendarTaskList, EventList } from '@shipyard/shared';
import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { calendarTaskKeys } from './get-calendar-tasks.ts';
import { refreshAfterEventChange } from './save-event.ts';

// Issue 31: a task or an event dragged (or moved from its menu) to another day. The calendar's
// caches move it at once; a refusal puts them back as they were (docs/decisions/054).

/** What moves: a task to a new due day, or an event (one date of a repeating one) to a new day. */
export type CalendarMove =
  | { kind: 'task'; task: CalendarTask; from: string; to: string }
  | { kind: 'event'; event: CalendarEvent; from: string; to: string };

/** The same move backwards: what Undo sends. */
export const reverseMove = (move: CalendarMove): CalendarMove => ({ ...move, from: move.to, to: move.from });

const eventLists = [...queryRoots.events, 'list'] as const;

/**
 * PATCH /api/tasks/{id}/update { dueDate }, or PATCH /api/events/{id} { date }. A date of a
 * repeating event moves alone: PATCH /api/events/{id}/occurrences/{its rule's day}?scope=this.
 */
function send(move: CalendarMove): Promise<unknown> {
  if (move.kind === 'task')
    return api.patch(`/tasks/${encodeURIComponent(move.task.id)}/update`, { dueDate: move.to });
  const { event } = move;
  const id = encodeURIComponent(event.id);
  if (event.recurrence && event.occurrenceDate)
    return api.patch(`/events/${id}/occurrences/${encodeURIComponent(event.occurrenceDate)}?scope=this`, {
      date: move.to,
    });
  return api.patch(`/events/${id}`, { date: move.to });
}

const inRange = (day: string, list: { from: string; to: string }) => day >= list.from && day <= list.to;

/** Whether a cached item is the moved event on the day it leaves. */
const isMovedEvent = (move: Extract<CalendarMove, { kind: 'event' }>, item: EventList['data'][number]) =>
  item.source === 'event' &&
  item.id === move.event.id &&
  item.date === move.from &&
  (item.occurrenceDate ?? null) === (move.event.occurrenceDate ?? null);

/** Moves the item in every cached calendar list at once; answers what to put back on failure. */
function moveInCaches(queryClient: QueryClient, move: CalendarMove): Array<[QueryKey, unknown]> {
  if (move.kind === 'task') {
    const snapshot = queryClient.getQueriesData<CalendarTaskList>({ queryKey: calendarTaskKeys.all });
    for (const [key, list] of snapshot) {
      if (!list) continue;
      const data = list.data
        .map((task) => (task.id === move.task.id ? { ...task, dueDate: move.to } : task))
        .filter((task) => inRange(task.dueDate, list));
      queryClient.setQueryData<CalendarTaskList>(key, { ...list, data });
    }
    return snapshot;
  }
  const snapshot = queryClient.getQueriesData<EventList>({ queryKey: eventLists });
  for (const [key, list] of snapshot) {
    if (!list) continue;
    const data = list.data
      .map((item) => (isMovedEvent(move, item) ? { ...item, date: move.to } : item))
      .filter((item) => inRange(item.date, list));
    queryClient.setQueryData<EventList>(key, { ...list, data });
  }
  return snapshot;
}

/**
 * Moves a task or an event to another day, optimistically: the grids show it there at once, and a
 * failure restores them (the caller toasts). Afterwards the server's answer is read back.
 */
export function useMoveCalendarEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: move.kind === 'task' ? calendarTaskKeys.all : eventLists });
      return { snapshot: moveInCaches(queryClient, move) };
    },
    onError: (_error, _move, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: (_answer, _error, move) =>
      move.kind === 'task'
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: calendarTaskKeys.all }),
            // Lists, boards and the task's page elsewhere read the due date too.
            queryClient.invalidateQueries({ queryKey: queryRoots.tasks }),
          ])
        : refreshAfterEventChange(queryClient, [move.event.productId]),
  });
}
