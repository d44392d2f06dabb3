import * as rrulePackage from 'rrule';
import { z } from 'zod/mini';
import { isTimeZone } from './time-zones.ts';

// Recurring tasks and events (issue 29, docs/decisions/040-recurrence.md): a rule is an RFC 5545
// RRULE (FREQ, INTERVAL, BYDAY, BYMONTHDAY, BYMONTH, COUNT, UNTIL) without its DTSTART, which is
// the series' first day. Rules work on calendar days ('YYYY-MM-DD'), evaluated by the `rrule`
// library as floating dates (midnight UTC standing for the day), so a daylight-saving change
// never moves a day; the time zone stored with the rule says which day "today" is and when a
// day starts (when the job queue creates an occurrence on schedule).

/**
 * rrule ships CommonJS for Node, whose named exports Node cannot see (they come as `default`), and
 * ES modules for bundlers (named exports, no default).
 */
const rrule = () =>
  ((rrulePackage as typeof rrulePackage & { default?: typeof rrulePackage }).default ?? rrulePackage).RRule;

export const RECURRENCE_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** How the next occurrence of a recurring task comes. */
export const RECURRENCE_MODES = ['completed', 'schedule'] as const;
export type RecurrenceMode = (typeof RECURRENCE_MODES)[number];

export const RECURRENCE_COUNT_MAX = 1000;
export const RECURRENCE_INTERVAL_MAX = 99;
export const RECURRENCE_RULE_MAX = 200;
export const TIME_ZONE_MAX = 64;
/** Occurrences of recurring events one calendar request expands at most (each series and in all). */
export const RECURRENCE_EXPAND_MAX = 500;

export const recurrenceMessages = {
  ruleInvalid: 'This repeat rule is not valid.',
  ruleUnsupported: (part: string) => `Repeat rules do not support ${part}.`,
  tooFrequent: 'A repeat may be at most daily.',
  intervalInvalid: `Repeat every 1 to ${RECURRENCE_INTERVAL_MAX}.`,
  countInvalid: `A repeat may end after 1 to ${RECURRENCE_COUNT_MAX.toLocaleString('en-US')} times.`,
  untilInvalid: 'Choose a valid end date.',
  dayInvalid: 'Choose days of the week from Monday to Sunday.',
  monthDayInvalid: 'Choose a day of the month from 1 to 31.',
  monthInvalid: 'Choose a month from 1 to 12.',
  timeZoneInvalid: 'Choose a valid time zone.',
  modeInvalid: 'Choose when the next one is created.',
  readOnly: 'Guests cannot make tasks repeat.',
  set: 'The task repeats',
  stopped: 'The task no longer repeats',
  setFailed: 'Could not save the repeat',
  stopFailed: 'Could not stop the repeat',
  ended: 'The repeat has ended',
} as const;

/** A rule's parts, as the editor holds them. */
export type RuleParts = {
  freq: RecurrenceFrequency;
  interval: number;
  byDay: Weekday[];
  byMonthDay: number | null;
  byMonth: number | null;
  count: number | null;
  /** The last day it may fall on, 'YYYY-MM-DD'. */
  until: string | null;
};

type Parsed = { ok: true; parts: RuleParts } | { ok: false; message: string };

const UNTIL = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/;
/** A real day ('2026-02-30' is not); events.ts has the same, which imports this file. */
const isDay = (day: string) => new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

/** Reads an RRULE ('RRULE:' prefix optional) into its parts, or says what is wrong with it. */
export function parseRule(text: string): Parsed {
  const body = text.trim().replace(/^RRULE:/i, '');
  if (body === '' || body.length > RECURRENCE_RULE_MAX || /[\s\n]/.test(body)) {
    return { ok: false, message: recurrenceMessages.ruleInvalid };
  }
  const values = new Map<string, string>();
  for (const item of body.split(';')) {
    const [key, value, extra] = item.split('=');
    if (!key || value === undefined || value === '' || extra !== undefined || values.has(key.toUpperCase())) {
      return { ok: false, message: recurrenceMessages.ruleInvalid };
    }
    values.set(key.toUpperCase(), value.toUpperCase());
  }
  const freq = values.get('FREQ');
  if (!freq) return { ok: false, message: recurrenceMessages.ruleInvalid };
  if (['HOURLY', 'MINUTELY', 'SECONDLY'].includes(freq))
    return { ok: false, message: recurrenceMessages.tooFrequent };
  if (!(RECURRENCE_FREQUENCIES as readonly string[]).includes(freq)) {
    return { ok: false, message: recurrenceMessages.ruleInvalid };
  }
  for (const key of values.keys()) {
    if (!['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'COUNT', 'UNTIL', 'WKST'].includes(key)) {
      return { ok: false, message: recurrenceMessages.ruleUnsupported(key) };
    }
  }
  const whole = (value: string | undefined) =>
    value !== undefined && /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
  const interval = values.has('INTERVAL') ? whole(values.get('INTERVAL')) : 1;
  if (!(interval >= 1 && interval <= RECURRENCE_INTERVAL_MAX)) {
    return { ok: false, message: recurrenceMessages.intervalInvalid };
  }
  const byDay = (values.get('BYDAY')?.split(',') ?? []) as Weekday[];
  if (
    byDay.some((day) => !(WEEKDAYS as readonly string[]).includes(day)) ||
    new Set(byDay).size !== byDay.length
  ) {
    return { ok: false, message: recurrenceMessages.dayInvalid };
  }
  const byMonthDay = values.has('BYMONTHDAY') ? whole(values.get('BYMONTHDAY')) : null;
  if (byMonthDay !== null && !(byMonthDay >= 1 && byMonthDay <= 31)) {
    return { ok: false, message: recurrenceMessages.monthDayInvalid };
  }
  const byMonth = values.has('BYMONTH') ? whole(values.get('BYMONTH')) : null;
  if (byMonth !== null && !(byMonth >= 1 && byMonth <= 12)) {
    return { ok: false, message: recurrenceMessages.monthInvalid };
  }
  const count = values.has('COUNT') ? whole(values.get('COUNT')) : null;
  if (count !== null && !(count >= 1 && count <= RECURRENCE_COUNT_MAX)) {
    return { ok: false, message: recurrenceMessages.countInvalid };
  }
  let until: string | null = null;
  const untilText = values.get('UNTIL');
  if (untilText !== undefined) {
    const match = UNTIL.exec(untilText);
    until = match ? `${match[1]}-${match[2]}-${match[3]}` : null;
    if (!until || !isDay(until)) return { ok: false, message: recurrenceMessages.untilInvalid };
  }
  if (count !== null && until !== null) return { ok: false, message: recurrenceMessages.ruleInvalid };
  return {
    ok: true,
    parts: { freq: freq as RecurrenceFrequency, interval, byDay, byMonthDay, byMonth, count, until },
  };
}

/** The parts as an RRULE (no DTSTART, no 'RRULE:' prefix), in a stable order. */
export function formatRule(parts: RuleParts): string {
  const items = [`FREQ=${parts.freq}`];
  if (parts.interval !== 1) items.push(`INTERVAL=${parts.interval}`);
  if (parts.byDay.length > 0) {
    items.push(
      `BYDAY=${[...parts.byDay].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b)).join(',')}`,
    );
  }
  if (parts.byMonth !== null) items.push(`BYMONTH=${parts.byMonth}`);
  if (parts.byMonthDay !== null) items.push(`BYMONTHDAY=${parts.byMonthDay}`);
  if (parts.count !== null) items.push(`COUNT=${parts.count}`);
  if (parts.until !== null) items.push(`UNTIL=${parts.until.replaceAll('-', '')}`);
  return items.join(';');
}

// ---- Words ----

const DAY_NAMES: Record<Weekday, string> = {
  MO: 'Mon',
  TU: 'Tue',
  WE: 'Wed',
  TH: 'Thu',
  FR: 'Fri',
  SA: 'Sat',
  SU: 'Sun',
};
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const UNIT: Record<RecurrenceFrequency, string> = {
  DAILY: 'day',
  WEEKLY: 'week',
  MONTHLY: 'month',
  YEARLY: 'year',
};
const WORK_WEEK = ['MO', 'TU', 'WE', 'TH', 'FR'];

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${n}${suffix}`;
};
const shortDate = (day: string) =>
  `${MONTH_NAMES[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}, ${day.slice(0, 4)}`;

/** The rule in words: "Every week on Mon, Thu", "Every 2 months on the 15th, 3 times". */
export function describeRule(parts: RuleParts): string {
  const days = [...parts.byDay].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b));
  let words: string;
  if (parts.freq === 'WEEKLY' && parts.interval === 1 && days.join() === WORK_WEEK.join()) {
    words = 'Every weekday';
  } else {
    const unit = UNIT[parts.freq];
    words = parts.interval === 1 ? `Every ${unit}` : `Every ${parts.interval} ${unit}s`;
    if (days.length > 0) words += ` on ${days.map((d) => DAY_NAMES[d]).join(', ')}`;
    if (parts.byMonth !== null) words += ` in ${MONTH_NAMES[parts.byMonth - 1]}`;
    if (parts.byMonthDay !== null) words += ` on the ${ordinal(parts.byMonthDay)}`;
  }
  if (parts.count !== null) words += `, ${parts.count} ${parts.count === 1 ? 'time' : 'times'}`;
  if (parts.until !== null) words += `, until ${shortDate(parts.until)}`;
  return words;
}

/** The rule's text in words, or null when it is not a valid rule. */
export function describeRuleText(rule: string): string | null {
  const parsed = parseRule(rule);
  return parsed.ok ? describeRule(parsed.parts) : null;
}

// ---- Dates ----

const floating = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

function ruleFrom(rule: string, startsOn: string) {
  const parsed = parseRule(rule);
  if (!parsed.ok) throw new Error(parsed.message);
  const { parts } = parsed;
  const RRule = rrule();
  return new RRule({
    freq: RRule[parts.freq],
    interval: parts.interval,
    byweekday: parts.byDay.length > 0 ? parts.byDay.map((d) => RRule[d]) : null,
    bymonthday: parts.byMonthDay,
    bymonth: parts.byMonth,
    count: parts.count,
    until: parts.until ? floating(parts.until) : null,
    dtstart: floating(startsOn),
    wkst: RRule.MO,
  });
}

/** The first `n` days of the series starting on `startsOn` that come after `after` (not on it). */
export function nextDates(rule: string, startsOn: string, after: string, n = 1): string[] {
  const found: string[] = [];
  ruleFrom(rule, startsOn).all((date, i) => {
    if (i > RECURRENCE_COUNT_MAX * 40 || found.length >= n) return false;
    const day = dayOf(date);
    if (day > after) found.push(day);
    return found.length < n;
  });
  return found;
}

/** The day after `after` that the series falls on next, or null when it has ended. */
export function nextDate(rule: string, startsOn: string, after: string): string | null {
  const date = ruleFrom(rule, startsOn).after(floating(after), false);
  return date ? dayOf(date) : null;
}

/** The series' days from `from` to `to` (both included), `limit` at most. */
export function datesBetween(
  rule: string,
  startsOn: string,
  from: string,
  to: string,
  limit: number,
): string[] {
  const found: string[] = [];
  ruleFrom(rule, startsOn).between(floating(from), floating(to), true, (date) => {
    if (found.length >= limit) return false;
    found.push(dayOf(date));
    return true;
  });
  return found;
}

/** The calendar day it is at `now` in `timeZone`. */
export function todayIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Minutes `timeZone` is ahead of UTC at `instant`. */
function offsetMinutes(timeZone: string, instant: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((local - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/** The instant `day` starts (00:00) in `timeZone`: daylight-saving aware. */
export function startOfDayIn(day: string, timeZone: string): Date {
  const guess = floating(day).getTime();
  let instant = guess - offsetMinutes(timeZone, new Date(guess)) * 60_000;
  // Once more with the offset at the guess: right across a change that day.
  instant = guess - offsetMinutes(timeZone, new Date(instant)) * 60_000;
  return new Date(instant);
}

// ---- API ----

const ruleField = z.string(recurrenceMessages.ruleInvalid).check(
  z.trim(),
  z.superRefine((value, ctx) => {
    const parsed = parseRule(value);
    if (!parsed.ok) ctx.issues.push({ code: 'custom', message: parsed.message, input: value });
  }),
);

/** An optional rule: '' and null clear it. */
export const OptionalRuleSchema = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v)),
  z.nullable(ruleField),
);

const timeZoneField = z.string(recurrenceMessages.timeZoneInvalid).check(
  z.trim(),
  z.maxLength(TIME_ZONE_MAX, recurrenceMessages.timeZoneInvalid),
  z.refine((v) => v !== '' && isTimeZone(v), recurrenceMessages.timeZoneInvalid),
);

/** PUT /api/tasks/{id}/recurrence: makes the task repeat, or changes how. */
export const TaskRecurrenceInputSchema = z.object({
  rule: ruleField,
  timeZone: timeZoneField,
  mode: z._default(z.enum(RECURRENCE_MODES, recurrenceMessages.modeInvalid), 'completed'),
});
export type TaskRecurrenceInput = z.input<typeof TaskRecurrenceInputSchema>;

export const TaskRecurrenceSchema = z.object({
  seriesId: z.string(),
  taskId: z.string(),
  rule: z.string(),
  /** The rule in words. */
  words: z.string(),
  timeZone: z.string(),
  mode: z.enum(RECURRENCE_MODES),
  /** The series' first day (the rule's DTSTART). */
  startsOn: z.string(),
  /** The next days the rule falls on after this occurrence (its due date, else today). */
  next: z.array(z.string()),
});
export type TaskRecurrence = z.infer<typeof TaskRecurrenceSchema>;

/** GET /api/tasks/{id}/recurrence. */
export const TaskRecurrenceResultSchema = z.object({ recurrence: z.nullable(TaskRecurrenceSchema) });
export type TaskRecurrenceResult = z.infer<typeof TaskRecurrenceResultSchema>;

/** The preset the editor shows for a rule. */
export type RecurrencePreset = 'daily' | 'weekdays' | 'weekly' | 'monthly' | 'yearly' | 'custom';

export function presetOf(parts: RuleParts): RecurrencePreset {
  if (parts.interval !== 1 || parts.count !== null || parts.until !== null) return 'custom';
  const days = [...parts.byDay].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b)).join();
  if (parts.freq === 'DAILY' && days === '' && parts.byMonthDay === null && parts.byMonth === null)
    return 'daily';
  if (parts.freq === 'WEEKLY' && days === WORK_WEEK.join() && parts.byMonthDay === null) return 'weekdays';
  if (parts.freq === 'WEEKLY' && parts.byMonthDay === null && parts.byMonth === null) return 'weekly';
  if (parts.freq === 'MONTHLY' && days === '' && parts.byMonth === null) return 'monthly';
  if (parts.freq === 'YEARLY' && days === '' && parts.byMonthDay === null && parts.byMonth === null)
    return 'yearly';
  return 'custom';
}

/** The weekday of a day, as in a rule. */
export function weekdayOf(day: string): Weekday {
  return WEEKDAYS[(floating(day).getUTCDay() + 6) % 7] as Weekday;
}

/** A preset's rule for a series that starts on `day`. */
export function presetRule(preset: Exclude<RecurrencePreset, 'custom'>, day: string): RuleParts {
  const base: RuleParts = {
    freq: 'DAILY',
    interval: 1,
    byDay: [],
    byMonthDay: null,
    byMonth: null,
    count: null,
    until: null,
  };
  switch (preset) {
    case 'daily':
      return base;
    case 'weekdays':
      return { ...base, freq: 'WEEKLY', byDay: [...WORK_WEEK] as Weekday[] };
    case 'weekly':
      return { ...base, freq: 'WEEKLY', byDay: [weekdayOf(day)] };
    case 'monthly':
      return { ...base, freq: 'MONTHLY', byMonthDay: Number(day.slice(8, 10)) };
    case 'yearly':
      return { ...base, freq: 'YEARLY' };
  }
}
