import { addMonths, addWeeks, eachDayOfInterval, endOfWeek, startOfMonth, startOfWeek } from 'date-fns';
import { useCallback, useMemo } from 'react';
import { useUrlState } from '../../../hooks/use-url-state.ts';
import { dayKey, fromDayKey, monthGridRange, type WeekStart } from './calendar-days.ts';

// Issue 31: which grid the calendar shows and around which day, in the address beside the filters
// (?view=week&date=2026-05-04), so a reload or a shared link shows the same weeks.

export const CALENDAR_VIEWS = ['month', 'week'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

const isView = (value: string): value is CalendarView =>
  (CALENDAR_VIEWS as readonly string[]).includes(value);

/** The view and its anchor day read from the address (an unknown view is the month, a bad day today). */
export function useCalendarView(today: string) {
  const { values, set } = useUrlState({ view: 'month', date: '' });
  const view: CalendarView = isView(values.view) ? values.view : 'month';
  const anchor = fromDayKey(values.date) ? values.date : today;
  /** Another view, around `day` when given (the selected day, as Google Calendar does). */
  const setView = useCallback(
    (next: CalendarView, day?: string) =>
      set(day === undefined ? { view: next } : { view: next, date: day === today ? null : day }),
    [set, today],
  );
  /** Today's day is written as no date at all, so the link keeps following the clock. */
  const setAnchor = useCallback((day: string) => set({ date: day === today ? null : day }), [set, today]);
  return useMemo(() => ({ view, anchor, setView, setAnchor }), [view, anchor, setView, setAnchor]);
}

/** The days a view's grid shows around its anchor: a month's whole weeks, or the anchor's week. */
export function viewRange(view: CalendarView, anchor: string, weekStartsOn: WeekStart) {
  const date = fromDayKey(anchor) ?? new Date();
  if (view === 'month') return monthGridRange(startOfMonth(date), weekStartsOn);
  return {
    from: dayKey(startOfWeek(date, { weekStartsOn })),
    to: dayKey(endOfWeek(date, { weekStartsOn })),
  };
}

/** The anchor one month or week earlier (-1) or later (1). */
export function shiftAnchor(view: CalendarView, anchor: string, step: -1 | 1): string {
  const date = fromDayKey(anchor) ?? new Date();
  return dayKey(view === 'month' ? addMonths(startOfMonth(date), step) : addWeeks(date, step));
}

/** Every day from `from` to `to`, both included. */
export function daysOf(range: { from: string; to: string }): string[] {
  const start = fromDayKey(range.from);
  const end = fromDayKey(range.to);
  if (!start || !end || end < start) return [];
  return eachDayOfInterval({ start, end }).map(dayKey);
}
