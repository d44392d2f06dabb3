import { addCalendarDays, type CalendarItem } from '@shipyard/shared';
import { endOfMonth, endOfWeek, format, isValid, parse, startOfMonth, startOfWeek } from 'date-fns';

// An event is on a calendar day ('YYYY-MM-DD', spec §2.13): the same day wherever the user is.
// These helpers read and write days in the user's own time zone and never pass a day through
// UTC (new Date('2026-05-04') is UTC midnight: the evening before, west of Greenwich).

export type WeekStart = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** The user's calendar day of a moment: '2026-05-04'. */
export const dayKey = (date: Date): string => format(date, 'yyyy-MM-dd');

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Local midnight of a calendar day; undefined when it is not one. Read by hand rather than with
 * date-fns' parse: a month grid reads some hundred days each render, and parse is the slower part.
 */
export function fromDayKey(key: string): Date | undefined {
  const match = DAY_KEY.exec(key);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = new Date(year, month, day);
  if (year < 100) date.setFullYear(year, month, day); // not 19xx
  // 2026-02-31 would roll over into March: not a day.
  return date.getMonth() === month && date.getDate() === day ? date : undefined;
}

/** The user's first day of the week, from their locale when the browser tells it (else Sunday). */
export function localeWeekStart(
  locale = typeof navigator === 'undefined' ? 'en-US' : navigator.language,
): WeekStart {
  try {
    const info = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const firstDay = info.getWeekInfo?.().firstDay ?? info.weekInfo?.firstDay;
    // Intl counts Monday 1 … Sunday 7; date-fns Sunday 0 … Saturday 6.
    return firstDay ? ((firstDay % 7) as WeekStart) : 0;
  } catch {
    return 0;
  }
}

/** The days a month's grid shows, from the first day of its first week to the last of its last. */
export function monthGridRange(month: Date, weekStartsOn: WeekStart): { from: string; to: string } {
  return {
    from: dayKey(startOfWeek(startOfMonth(month), { weekStartsOn })),
    to: dayKey(endOfWeek(endOfMonth(month), { weekStartsOn })),
  };
}

/** How far ahead the Upcoming Events list looks, and how many it shows. */
const UPCOMING_DAYS = 365;
export const UPCOMING_LIMIT = 20;

export const upcomingRange = (today: string) => ({
  from: today,
  to: addCalendarDays(today, UPCOMING_DAYS - 1),
  limit: UPCOMING_LIMIT,
});

/** Things by their calendar day, each day's in the order given. */
export function groupByDay<T>(things: readonly T[], dayOf: (thing: T) => string): Map<string, T[]> {
  const days = new Map<string, T[]>();
  for (const thing of things) {
    const list = days.get(dayOf(thing));
    if (list) list.push(thing);
    else days.set(dayOf(thing), [thing]);
  }
  return days;
}

/** The items by day, each day's in the server's order. */
export const itemsByDay = (items: readonly CalendarItem[]) => groupByDay(items, (item) => item.date);

const fullDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'full' });
const shortTime = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** 'Monday, May 4, 2026' in en-US. */
export const formatDayLong = (key: string): string => {
  const date = fromDayKey(key);
  return date ? fullDate.format(date) : key;
};

/** A start time 'HH:MM' on its day, in the user's clock style: '9:30 AM' in en-US. */
export function formatStartTime(day: string, time: string): string {
  const date = parse(`${day} ${time}`, 'yyyy-MM-dd HH:mm', new Date());
  return isValid(date) ? shortTime.format(date) : time;
}
