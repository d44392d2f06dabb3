import {
  addDays,
  daysBetween,
  type ScheduleGroup,
  type ScheduleLink,
  type ScheduleTask,
  type ScheduleZoom,
} from '@shipyard/shared';
import type { Delta } from '../../../hooks/use-day-drag.ts';
import { k } from '../../../lib/i18n/index.ts';

// The Gantt's layout maths (issue 31, decision 057): a day is a column of `dayWidth` px from the
// window's first day; rows are the tasks, grouped, with the undated ones last; the critical path is
// the longest chain of "blocks" by duration. Days are 'YYYY-MM-DD' strings throughout (UTC maths).

/** Pixels per day: a day ~32 px, a week ~84 px, a month ~120 px. */
const DAY_WIDTH: Record<ScheduleZoom, number> = { day: 32, week: 12, month: 4 };
/** Days shown before the first and after the last date. */
const PADDING: Record<ScheduleZoom, number> = { day: 7, week: 21, month: 62 };
/** The longest window drawn (some 8 years by month): a stray date far away cannot make it endless. */
const MAX_DAYS = 3_000;

export type Scale = { from: string; to: string; dayWidth: number; days: number; width: number };

/** A task's bar: from its start (else its due date) to its due date (else its start). */
export function spanOfTask(task: Pick<ScheduleTask, 'startDate' | 'dueDate'>) {
  const start = task.startDate ?? task.dueDate;
  const end = task.dueDate ?? task.startDate;
  return start && end ? { start, end } : undefined;
}

/** The window around every dated task and today, padded and starting on a Monday (week) or the 1st (month). */
export function scaleFor(tasks: readonly ScheduleTask[], zoom: ScheduleZoom, today: string): Scale {
  let first = today;
  let last = today;
  for (const task of tasks) {
    const span = spanOfTask(task);
    if (!span) continue;
    if (span.start < first) first = span.start;
    if (span.end > last) last = span.end;
  }
  let from = addDays(first, -PADDING[zoom]);
  if (zoom === 'week') from = addDays(from, -((new Date(`${from}T00:00:00Z`).getUTCDay() + 6) % 7));
  if (zoom === 'month') from = `${from.slice(0, 8)}01`;
  let to = addDays(last, PADDING[zoom]);
  if (daysBetween(from, to) >= MAX_DAYS) to = addDays(from, MAX_DAYS - 1);
  const days = daysBetween(from, to) + 1;
  const dayWidth = DAY_WIDTH[zoom];
  return { from, to, dayWidth, days, width: days * dayWidth };
}

/** Where a day begins, in px from the window's start. */
export const xOf = (scale: Scale, day: string) => daysBetween(scale.from, day) * scale.dayWidth;

/** The header's ticks: each day, each week's Monday or each month's 1st in the window. */
export function ticksOf(scale: Scale, zoom: ScheduleZoom): { day: string; x: number; width: number }[] {
  const ticks: { day: string; x: number; width: number }[] = [];
  let day = scale.from;
  while (day <= scale.to) {
    const next =
      zoom === 'day'
        ? addDays(day, 1)
        : zoom === 'week'
          ? addDays(day, 7 - ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7))
          : nextMonth(day);
    const end = next > scale.to ? addDays(scale.to, 1) : next;
    ticks.push({ day, x: xOf(scale, day), width: daysBetween(day, end) * scale.dayWidth });
    day = next;
  }
  return ticks;
}

function nextMonth(day: string) {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

export type Row =
  | { kind: 'group'; id: string; label: string; translate: boolean; count: number }
  | { kind: 'task'; id: string; task: ScheduleTask };

const NONE = '∅';
const noneLabels: Record<Exclude<ScheduleGroup, 'none'>, string> = {
  state: k('No state'),
  assignee: k('Unassigned'),
  team: k('No team'),
};
const NO_DATES = k('No dates');

/**
 * The rows: dated tasks in the server's order (by start), by group when asked (states in their
 * order, people and teams by name, "none" last), then the undated ones in a "No dates" group.
 */
export function rowsOf(
  tasks: readonly ScheduleTask[],
  group: ScheduleGroup,
  states: readonly { id: string; name: string }[],
): Row[] {
  const dated = tasks.filter((task) => spanOfTask(task));
  const undated = tasks.filter((task) => !spanOfTask(task));
  const rows: Row[] = [];
  const taskRows = (list: readonly ScheduleTask[]) =>
    list.map((task): Row => ({ kind: 'task', id: task.id, task }));
  if (group === 'none') rows.push(...taskRows(dated));
  else {
    const keyOf = (task: ScheduleTask) =>
      (group === 'state' ? task.stateId : group === 'assignee' ? task.assignee?.id : task.team?.id) ?? NONE;
    const names = new Map<string, string>();
    for (const task of dated) {
      const ref = group === 'assignee' ? task.assignee : group === 'team' ? task.team : undefined;
      if (ref) names.set(ref.id, ref.name);
    }
    for (const state of states) names.set(state.id, state.name);
    const buckets = new Map<string, ScheduleTask[]>();
    for (const task of dated) buckets.set(keyOf(task), [...(buckets.get(keyOf(task)) ?? []), task]);
    const order =
      group === 'state'
        ? [...states.map((s) => s.id), NONE]
        : [...buckets.keys()]
            .filter((key) => key !== NONE)
            .sort((a, b) => (names.get(a) ?? '').localeCompare(names.get(b) ?? ''))
            .concat(NONE);
    for (const key of order) {
      const list = buckets.get(key);
      if (!list?.length) continue;
      const none = key === NONE;
      rows.push({
        kind: 'group',
        id: `group:${key}`,
        label: none ? noneLabels[group] : (names.get(key) ?? key),
        translate: none,
        count: list.length,
      });
      rows.push(...taskRows(list));
    }
  }
  if (undated.length > 0) {
    rows.push({
      kind: 'group',
      id: 'group:undated',
      label: NO_DATES,
      translate: true,
      count: undated.length,
    });
    rows.push(...taskRows(undated));
  }
  return rows;
}

/**
 * The critical path: the chain of "blocks" relations among dated tasks whose durations (days,
 * both ends included) add up to the most. Tasks in a cycle of relations are left out of it.
 */
export function criticalPath(tasks: readonly ScheduleTask[], links: readonly ScheduleLink[]) {
  const duration = new Map<string, number>();
  for (const task of tasks) {
    const span = spanOfTask(task);
    if (span) duration.set(task.id, daysBetween(span.start, span.end) + 1);
  }
  const usable = links.filter((l) => duration.has(l.from) && duration.has(l.to));
  const incoming = new Map<string, number>();
  const next = new Map<string, string[]>();
  for (const l of usable) {
    incoming.set(l.to, (incoming.get(l.to) ?? 0) + 1);
    next.set(l.from, [...(next.get(l.from) ?? []), l.to]);
  }
  const best = new Map<string, number>();
  const previous = new Map<string, string>();
  const queue = [...duration.keys()].filter((id) => !incoming.get(id));
  for (const id of queue) best.set(id, duration.get(id) ?? 0);
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i] as string;
    for (const to of next.get(id) ?? []) {
      const through = (best.get(id) ?? 0) + (duration.get(to) ?? 0);
      if (through > (best.get(to) ?? 0)) {
        best.set(to, through);
        previous.set(to, id);
      }
      const left = (incoming.get(to) ?? 0) - 1;
      incoming.set(to, left);
      if (left === 0) queue.push(to);
    }
  }
  let end: string | undefined;
  for (const [id, length] of best) if (!end || length > (best.get(end) ?? 0)) end = id;
  const taskIds = new Set<string>();
  const linkKeys = new Set<string>();
  // Only a chain is a path: a lone task is not highlighted.
  if (!end || !previous.has(end)) return { taskIds, linkKeys };
  for (let id: string | undefined = end; id; id = previous.get(id)) {
    taskIds.add(id);
    const from = previous.get(id);
    if (from) linkKeys.add(linkKey({ from, to: id }));
  }
  return { taskIds, linkKeys };
}

export const linkKey = (link: ScheduleLink) => `${link.from}>${link.to}`;

/**
 * The dates a task gets from a move of its bar: the dates it has move; a dragged edge it lacked is
 * set (a task with only a due date gets a start by dragging the start edge).
 */
export function movedDates(task: Pick<ScheduleTask, 'startDate' | 'dueDate'>, delta: Delta) {
  const span = spanOfTask(task);
  if (!span) return { startDate: task.startDate, dueDate: task.dueDate };
  let start = addDays(span.start, delta.start);
  let end = addDays(span.end, delta.end);
  if (start > end) {
    if (delta.end === 0) start = end;
    else end = start;
  }
  const startEdge = delta.start !== 0 && delta.end === 0;
  const endEdge = delta.end !== 0 && delta.start === 0;
  return {
    startDate: task.startDate || startEdge ? start : null,
    dueDate: task.dueDate || endEdge ? end : null,
  };
}
