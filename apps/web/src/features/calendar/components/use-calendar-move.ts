import {
  type CalendarEvent,
  type CalendarTask,
  canEditTasks,
  canScheduleEvents,
  type Role,
} from '@shipyard/shared';
import { useCallback } from 'react';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { type CalendarMove, reverseMove, useMoveCalendarEntry } from '../api/move-entry.ts';
import { formatDayLong } from './calendar-days.ts';
import type { GridEntry } from './calendar-grid-model.ts';

/** A task's due date is an edit of the task: members and admins. */
export const canMoveTasks = (viewer: { role: Role }) => canEditTasks(viewer.role);

/**
 * Who may move what (spec §6, decision 012): a task's due date is an edit of the task (members and
 * admins; the server also refuses an archived product's); an event, its creator or an admin (the
 * server's `canEdit`, false for guests); a product's target date never moves from the calendar.
 */
export function canMoveEntry(viewer: { role: Role }, entry: GridEntry): boolean {
  if (entry.kind === 'task') return canMoveTasks(viewer);
  return entry.item.source === 'event' && entry.item.canEdit && canScheduleEvents(viewer.role);
}

/** What moves when an entry goes from one day to another, or nothing for a target date. */
export function moveOf(entry: GridEntry, from: string, to: string): CalendarMove | undefined {
  if (entry.kind === 'task') return { kind: 'task', task: entry.task, from, to };
  if (entry.item.source !== 'event') return undefined;
  return { kind: 'event', event: entry.item, from, to };
}

const titleOf = (move: CalendarMove) => (move.kind === 'task' ? move.task.title : move.event.title);

/**
 * Moves a task or an event to another day at once; then a toast offers Undo for 10 s, or a
 * refusal puts it back and says why.
 */
export function useCalendarMove() {
  const { mutateAsync } = useMoveCalendarEntry();
  return useCallback(
    (move: CalendarMove) => {
      const title = titleOf(move);
      mutateAsync(move).then(
        () =>
          toast.undoable(t('Moved "{{title}}" to {{date}}', { title, date: formatDayLong(move.to) }), {
            undo: () => mutateAsync(reverseMove(move)),
            undoFailed: t('Could not move "{{title}}" back.', { title }),
          }),
        (error: unknown) =>
          toast.error(t('Could not move "{{title}}"', { title }), { description: getErrorMessage(error) }),
      );
    },
    [mutateAsync],
  );
}

/** A task or an event as the "Move to date" action names it. */
export type MovableThing = { kind: 'task'; task: CalendarTask } | { kind: 'event'; event: CalendarEvent };
