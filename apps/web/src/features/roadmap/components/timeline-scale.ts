import {
  addDays,
  addMonths,
  differenceInCalendarDays,
  endOfMonth,
  endOfQuarter,
  format,
  parseISO,
  startOfMonth,
  startOfQuarter,
} from 'date-fns';

// The roadmap's layout maths (issue 31): a calendar day is a column of `dayWidth` pixels from the
// window's first day; a product's bar, a stage's segment and a milestone are placed by their days.
// Days are 'YYYY-MM-DD' strings throughout, read as local dates: the same day in every time zone.

export type Zoom = 'month' | 'quarter';

/** Pixels per day: a month is ~120 px wide, a quarter ~135 px. */
const DAY_WIDTH: Record<Zoom, number> = { month: 4, quarter: 1.5 };

export type Scale = { from: string; to: string; dayWidth: number; days: number; width: number };

export const toDay = (date: Date) => format(date, 'yyyy-MM-dd');
export const shiftDay = (day: string, by: number) => toDay(addDays(parseISO(day), by));
const daysBetween = (from: string, to: string) => differenceInCalendarDays(parseISO(to), parseISO(from));

/**
 * The window a zoom shows around today: by month, from 3 months back to 12 ahead; by quarter,
 * from 3 quarters back to 8 ahead (under the server's cap of 1,100 days). Whole months or quarters.
 */
export function windowFor(zoom: Zoom, today: Date): { from: string; to: string } {
  if (zoom === 'month')
    return { from: toDay(startOfMonth(addMonths(today, -3))), to: toDay(endOfMonth(addMonths(today, 12))) };
  return { from: toDay(startOfQuarter(addMonths(today, -9))), to: toDay(endOfQuarter(addMonths(today, 24))) };
}

export function scaleOf(window: { from: string; to: string }, zoom: Zoom): Scale {
  const days = daysBetween(window.from, window.to) + 1;
  const dayWidth = DAY_WIDTH[zoom];
  return { ...window, dayWidth, days, width: Math.round(days * dayWidth) };
}

/** Where a day begins, in pixels from the window's start (negative or past the width outside it). */
export const xOf = (scale: Scale, day: string) => daysBetween(scale.from, day) * scale.dayWidth;

/**
 * The span of the days `start` to `end` (both included), clipped to the window: its offset and
 * width, or undefined when it lies wholly outside. `clippedStart`/`clippedEnd` say it goes on.
 */
export function spanOf(scale: Scale, start: string, end: string) {
  if (end < scale.from || start > scale.to) return undefined;
  const left = Math.max(0, xOf(scale, start));
  const right = Math.min(scale.width, xOf(scale, end) + scale.dayWidth);
  return {
    offset: left,
    width: Math.max(right - left, 2),
    clippedStart: start < scale.from,
    clippedEnd: end > scale.to,
  };
}

/** Whole days a pointer moved by `dx` pixels (a right-to-left page runs the other way). */
export type Tick = { key: string; day: string; label: string; offset: number; width: number };

/** The header's columns: each month (month zoom) or quarter (quarter zoom) of the window. */
export function ticksOf(scale: Scale, zoom: Zoom, label: (start: Date) => string): Tick[] {
  const ticks: Tick[] = [];
  let start = parseISO(scale.from);
  const last = parseISO(scale.to);
  while (start <= last) {
    const end = zoom === 'month' ? endOfMonth(start) : endOfQuarter(start);
    const day = toDay(start);
    const offset = xOf(scale, day);
    ticks.push({
      key: day,
      day,
      label: label(start),
      offset,
      width: xOf(scale, toDay(end)) + scale.dayWidth - offset,
    });
    start = addDays(end, 1);
  }
  return ticks;
}

/**
 * Where each of the five stages lies when it has no plan: the product's span split evenly in
 * lifecycle order (what a first drag starts from), each at least one day.
 */
export function suggestedSpans(start: string, end: string, count: number): { start: string; end: string }[] {
  const total = Math.max(daysBetween(start, end) + 1, count);
  return Array.from({ length: count }, (_, i) => {
    const first = Math.floor((total * i) / count);
    const next = Math.floor((total * (i + 1)) / count);
    return { start: shiftDay(start, first), end: shiftDay(start, Math.max(next - 1, first)) };
  });
}

/**
 * Each stage's span on a product's bar, in lifecycle order: a planned stage its plan; a run of
 * stages without one shares evenly the days between the plans around it (the product's start and
 * target at the ends), so what a first drag starts from never covers a plan.
 */
export function stageSpans(
  start: string,
  target: string,
  plans: readonly ({ start: string; end: string } | undefined)[],
): { start: string; end: string; planned: boolean }[] {
  const spans: { start: string; end: string; planned: boolean }[] = [];
  let i = 0;
  while (i < plans.length) {
    const plan = plans[i];
    if (plan) {
      spans.push({ ...plan, planned: true });
      i += 1;
      continue;
    }
    let j = i;
    while (j < plans.length && !plans[j]) j += 1;
    const previous = spans.at(-1);
    const from = previous ? shiftDay(previous.end, 1) : start;
    const next = plans[j];
    const to = next ? shiftDay(next.start, -1) : target;
    const [first, last] = from <= to ? [from, to] : [to, from];
    for (const span of suggestedSpans(first, last, j - i)) spans.push({ ...span, planned: false });
    i = j;
  }
  return spans;
}
