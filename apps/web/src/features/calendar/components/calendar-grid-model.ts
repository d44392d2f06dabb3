import type { CalendarItem, CalendarTask } from '@shipyard/shared';

// What one day of the big month and week grids shows (issue 31): its events and products' target
// dates in the server's order (all-day first, then by start time), then its tasks due, cut to the
// lines the cell has room for, the last line then saying how many more there are.

export type GridEntry =
  | { kind: 'item'; key: string; item: CalendarItem }
  | { kind: 'task'; key: string; task: CalendarTask };

/** Lines a day shows at most, "+N more" included: a month cell is short, a week column tall. */
export const DAY_LINES = { month: 4, week: 14 } as const;

/** The key of an entry, unique in a day: an occurrence of a repeating event shares its series' id. */
const itemKey = (item: CalendarItem) => `${item.source}:${item.id}:${item.date}`;
const taskKey = (task: CalendarTask) => `task:${task.id}`;

/** The day's entries, and how many past `lines` are left out ("+N more" takes the last line). */
export function dayEntries(
  items: readonly CalendarItem[],
  tasks: readonly CalendarTask[],
  lines: number,
): { shown: GridEntry[]; more: number } {
  const total = items.length + tasks.length;
  const room = total > lines ? Math.max(0, lines - 1) : total;
  const shown: GridEntry[] = [];
  for (const item of items) {
    if (shown.length >= room) break;
    shown.push({ kind: 'item', key: itemKey(item), item });
  }
  for (const task of tasks) {
    if (shown.length >= room) break;
    shown.push({ kind: 'task', key: taskKey(task), task });
  }
  return { shown, more: total - shown.length };
}

/** Past its due day and not completed (as /tasks marks it): drawn in red. */
export const isTaskOverdue = (task: Pick<CalendarTask, 'dueDate' | 'status'>, today: string) =>
  task.status !== 'Completed' && task.dueDate < today;

/** What a drag carries: the entry moved and the day it comes from. */
export type DragPayload = { entry: GridEntry; from: string };
