import { z } from 'zod/mini';
import { notEmptyUpdate } from './api.ts';
import { multiLine } from './text.ts';

// Time tracking (issue 31, docs/decisions/055-time-tracking.md): time entries logged on a task,
// by a timer (one running per person) or by hand (a day, a duration, a note); the task's, the
// product's and a person's week's totals, with CSV.

/** One entry is at most a day of work. */
export const TIME_ENTRY_MAX_SECONDS = 24 * 60 * 60;
export const TIME_NOTE_MAX = 500;
/** Entries a task's time section lists (newest first); its totals count them all. */
export const TASK_TIME_ENTRIES_LISTED = 200;
/** The longest period a product report covers. */
export const TIME_REPORT_MAX_DAYS = 366;
/** Rows a product report answers per person and per task at most (the biggest first). */
export const TIME_REPORT_ROWS_MAX = 1000;

export const timeMessages = {
  notFound: 'Time entry not found',
  notRunning: 'No timer is running.',
  readOnly: 'Guests cannot log time.',
  notAuthor: 'Only the person who logged this time can change it.',
  othersTimesheet: 'Only admins can see another person’s timesheet.',
  durationInvalid: 'Enter a duration like 1h 30m, 90m or 1.5h.',
  durationTooLong: 'A time entry is at most 24 hours.',
  durationTooShort: 'A time entry is at least one minute.',
  dateInvalid: 'Enter a date as YYYY-MM-DD.',
  dateInFuture: 'Time can be logged up to today, not on a later day.',
  noteTooLong: `A note is at most ${TIME_NOTE_MAX} characters.`,
  weekInvalid: 'Enter a week as YYYY-Www, for example 2026-W05.',
  periodOrder: 'The start date must be on or before the end date.',
  periodTooLong: `A time report covers at most ${TIME_REPORT_MAX_DAYS} days.`,
  userNotFound: 'User not found',
  timerFailed: 'Failed to change the timer',
  saveFailed: 'Failed to save the time entry',
  deleteFailed: 'Failed to delete the time entry',
  loadFailed: 'Failed to load the time',
} as const;

// ---- Days and weeks: 'YYYY-MM-DD' and 'YYYY-Www', never shifted through a time zone ----

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const utcMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

const isRealDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  value >= '1970' &&
  !Number.isNaN(utcMs(value)) &&
  dayOf(utcMs(value)) === value;

/**
 * The latest day time may be logged on: today where it is latest (UTC+14), so that a person's
 * own today is never refused wherever they are.
 */
export const latestLoggableDay = (now = Date.now()) => dayOf(now + 14 * 60 * 60 * 1000);

/** A real day, not after today (the field's own messages). */
export const TimeEntryDateSchema = z.string(timeMessages.dateInvalid).check(
  z.refine(isRealDay, timeMessages.dateInvalid),
  z.refine((v) => !isRealDay(v) || v <= latestLoggableDay(), timeMessages.dateInFuture),
);

/** The Monday of ISO week `week` ('2026-W05'), or undefined when it names no week. */
export function mondayOfIsoWeek(week: string): string | undefined {
  const match = /^(\d{4})-W(\d{2})$/.exec(week);
  if (!match) return undefined;
  const year = Number(match[1]);
  const n = Number(match[2]);
  // 4 January is always in week 1; its week's Monday starts week 1.
  const jan4 = Date.UTC(year, 0, 4);
  const week1 = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY_MS;
  const monday = week1 + (n - 1) * 7 * DAY_MS;
  if (n < 1 || isoWeekOf(dayOf(monday)) !== week) return undefined;
  return dayOf(monday);
}

/** The ISO week ('2026-W05') that day 'YYYY-MM-DD' is in. */
export function isoWeekOf(day: string): string {
  const ms = utcMs(day);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7;
  // The week's Thursday decides its year.
  const thursday = new Date(ms + (3 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const n = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(n).padStart(2, '0')}`;
}

/** The seven days of an ISO week, Monday first. */
export const daysOfIsoWeek = (monday: string): string[] =>
  Array.from({ length: 7 }, (_, i) => dayOf(utcMs(monday) + i * DAY_MS));

/** The ISO week `n` weeks after `week` (before, when negative). */
export function shiftIsoWeek(week: string, n: number): string {
  const monday = mondayOfIsoWeek(week);
  return monday ? isoWeekOf(dayOf(utcMs(monday) + n * 7 * DAY_MS)) : week;
}

export const IsoWeekSchema = z
  .string(timeMessages.weekInvalid)
  .check(z.refine((v) => mondayOfIsoWeek(v) !== undefined, timeMessages.weekInvalid));

// ---- Durations: typed as "1h 30m", "90m", "1.5h", "1:30" or "2" (hours) ----

/**
 * The seconds a typed duration means, or undefined when it is not one: parts of a number and a
 * unit (h, m, s: "1h 30m", "90m", "1.5h"), hours and minutes ("1:30"), or a bare number of hours
 * (as Harvest and Clockify read it). Rounded to the second.
 */
export function parseDuration(text: string): number | undefined {
  const value = text.trim().toLowerCase().replace(/,/g, '.');
  if (value === '') return undefined;
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(value);
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 3600);
  const parts =
    /^(?:(\d+(?:\.\d+)?)\s*h(?:ours?|rs?)?)?\s*(?:(\d+(?:\.\d+)?)\s*m(?:in(?:utes?)?)?)?\s*(?:(\d+)\s*s(?:ec(?:onds?)?)?)?$/.exec(
      value,
    );
  if (!parts || (!parts[1] && !parts[2] && !parts[3])) return undefined;
  return Math.round(Number(parts[1] ?? 0) * 3600 + Number(parts[2] ?? 0) * 60 + Number(parts[3] ?? 0));
}

/** "1h 30m", "45m", "2h"; under a minute "0m" (entries are counted in whole minutes shown). */
export function formatDuration(seconds: number): string {
  const minutes = Math.round(Math.max(0, seconds) / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m}m`;
  return m === 0 ? `${h}h` : `${h}h ${m}m`;
}

/** A running timer's elapsed time: "0:04:09", "12:00:00". */
export function formatElapsed(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

const seconds = z
  .int(timeMessages.durationInvalid)
  .check(
    z.minimum(60, timeMessages.durationTooShort),
    z.maximum(TIME_ENTRY_MAX_SECONDS, timeMessages.durationTooLong),
  );

const note = z.string().check(z.trim(), z.maxLength(TIME_NOTE_MAX, timeMessages.noteTooLong), multiLine());

/** POST /api/tasks/{id}/time: a manual entry. */
export const CreateTimeEntrySchema = z.object({
  date: TimeEntryDateSchema,
  seconds,
  note: z._default(note, ''),
});
export type CreateTimeEntry = z.input<typeof CreateTimeEntrySchema>;

/** PATCH /api/time-entries/{id}: its author changes its day, duration or note. */
export const UpdateTimeEntrySchema = z
  .object({ date: z.optional(TimeEntryDateSchema), seconds: z.optional(seconds), note: z.optional(note) })
  .check(notEmptyUpdate());
export type UpdateTimeEntry = z.infer<typeof UpdateTimeEntrySchema>;

/** The form's fields: the duration as typed, checked with the field's own message. */
export const TimeEntryFormSchema = z.object({
  date: TimeEntryDateSchema,
  duration: z.string().check(
    z.refine((v) => parseDuration(v) !== undefined, timeMessages.durationInvalid),
    z.refine((v) => (parseDuration(v) ?? 60) >= 60, timeMessages.durationTooShort),
    z.refine((v) => (parseDuration(v) ?? 0) <= TIME_ENTRY_MAX_SECONDS, timeMessages.durationTooLong),
  ),
  note: z.string().check(z.maxLength(TIME_NOTE_MAX, timeMessages.noteTooLong), multiLine()),
});
export type TimeEntryForm = z.infer<typeof TimeEntryFormSchema>;

/** POST /api/tasks/{id}/timer: the day the time counts for, in the person's own calendar. */
export const StartTimerSchema = z.object({ date: z.optional(TimeEntryDateSchema) });
export type StartTimer = z.infer<typeof StartTimerSchema>;

export const TimeEntryIdParamsSchema = z.object({ id: z.uuid(timeMessages.notFound) });

const csvFormat = z.optional(z.enum(['json', 'csv']));

/** GET /api/time/timesheet: a week (this one by default), the caller's own or (admins) another's. */
export const TimesheetQuerySchema = z.object({
  week: z.optional(IsoWeekSchema),
  userId: z.optional(z.uuid(timeMessages.userNotFound)),
  format: csvFormat,
});
export type TimesheetQuery = z.infer<typeof TimesheetQuerySchema>;

/** GET /api/projects/{id}/time-report: a period of days (both counted), the last 30 by default. */
export const TimeReportQuerySchema = z.object({
  from: z.optional(TimeEntryDateSchema),
  to: z.optional(TimeEntryDateSchema),
  format: csvFormat,
});
export type TimeReportQuery = z.infer<typeof TimeReportQuerySchema>;

// ---- Answers ----

const person = z.object({ id: z.string(), name: z.string() });
const taskRef = z.object({ id: z.string(), key: z.string(), title: z.string(), projectId: z.string() });

export const TimeEntrySchema = z.object({
  id: z.string(),
  taskId: z.string(),
  /** Null once the author's account is deleted. */
  author: z.nullable(person),
  date: z.string(),
  seconds: z.number(),
  note: z.string(),
  source: z.enum(['timer', 'manual']),
  startedAt: z.nullable(z.string()),
  endedAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TimeEntry = z.infer<typeof TimeEntrySchema>;

/** The caller's running timer, with the task it times. */
export const TimerSchema = z.object({
  id: z.string(),
  task: taskRef,
  startedAt: z.string(),
  date: z.string(),
});
export type Timer = z.infer<typeof TimerSchema>;

/** GET /api/me/timer; what starting and stopping answer (`stopped`: the entry a stop logged). */
export const TimerStateSchema = z.object({
  timer: z.nullable(TimerSchema),
  stopped: z.optional(z.nullable(TimeEntrySchema)),
});
export type TimerState = z.infer<typeof TimerStateSchema>;

/** GET /api/tasks/{id}/time: the task's totals and its newest entries. */
export const TaskTimeSchema = z.object({
  taskId: z.string(),
  /** The task's estimate on its product's scale (issue 29), as the task carries it. */
  estimate: z.nullable(z.string()),
  estimateScale: z.string(),
  totalSeconds: z.number(),
  mySeconds: z.number(),
  entryCount: z.number(),
  entries: z.array(TimeEntrySchema),
});
export type TaskTime = z.infer<typeof TaskTimeSchema>;

export const TimesheetRowSchema = z.object({
  task: taskRef,
  productName: z.string(),
  /** Seconds per day, Monday first (7 numbers). */
  days: z.array(z.number()),
  totalSeconds: z.number(),
});
export type TimesheetRow = z.infer<typeof TimesheetRowSchema>;

export const TimesheetSchema = z.object({
  week: z.string(),
  days: z.array(z.string()),
  user: person,
  rows: z.array(TimesheetRowSchema),
  dayTotals: z.array(z.number()),
  totalSeconds: z.number(),
});
export type Timesheet = z.infer<typeof TimesheetSchema>;

export const TimeReportSchema = z.object({
  productId: z.string(),
  from: z.string(),
  to: z.string(),
  totalSeconds: z.number(),
  /** The product's time since its first entry (whatever the period). */
  allTimeSeconds: z.number(),
  people: z.array(z.object({ user: z.nullable(person), seconds: z.number() })),
  tasks: z.array(z.object({ task: taskRef, seconds: z.number(), estimate: z.nullable(z.string()) })),
});
export type TimeReport = z.infer<typeof TimeReportSchema>;

/**
 * GET /api/time/tasks-total (with a task list's query, GET /api/tasks/all's): the time logged on
 * the tasks the list matches, shown in its header beside their estimates.
 */
export const TaskListTimeSchema = z.object({
  /** Seconds logged on the matching tasks, by everyone (running timers not yet). */
  seconds: z.number(),
  /** How many of the matching tasks have time logged. */
  tasks: z.number(),
});
export type TaskListTime = z.infer<typeof TaskListTimeSchema>;
