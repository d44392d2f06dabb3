import { format, isValid, parseISO } from 'date-fns';

// Dates and sizes as the screens show them, in the user's locale and time zone (ARCHITECTURE §6).

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Spec §9: relative time switches to a date after 7 days. */
/** 'development' → 'Development': statuses are stored lowercase and shown capitalised (spec §4). */
export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1).toLowerCase();
}

/** 'Ada Lovelace' → 'AL', 'grace' → 'G', '' → '?'. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.charAt(0) ?? '';
  const last = words.length > 1 ? (words.at(-1)?.charAt(0) ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

const RELATIVE_TIME_DAYS = 7;

/**
 * A timestamp or a date-only value ('2024-05-01', read as local midnight, not UTC) as a Date;
 * undefined when it is missing or unreadable.
 */
export function toDate(value: string | Date | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : parseISO(value);
  return isValid(date) ? date : undefined;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * Spec §2.11: 'just now', 'n minute(s) ago', 'n hour(s) ago', 'n day(s) ago' under 7 days,
 * otherwise the date. A time in the future (a clock a little ahead) reads 'just now'.
 */
export function formatRelative(value: string | Date, now: Date | number = Date.now()): string {
  const date = toDate(value);
  if (!date) return '';
  const elapsed = (typeof now === 'number' ? now : now.getTime()) - date.getTime();
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < RELATIVE_TIME_DAYS * DAY) return plural(Math.floor(elapsed / DAY), 'day');
  return formatDate(date);
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

// The texts of the dates read as strings (a list's due dates repeat): parsing and Intl formatting
// cost a list row more than the rest of its cells (issue 28's scroll measure). Emptied when full.
const formattedDates = new Map<string, string>();
const FORMATTED_DATES_MAX = 2000;

/** 'Dec 31, 2023' in en-US; '' for a missing or unreadable value. */
export function formatDate(value: string | Date | null | undefined): string {
  if (typeof value !== 'string') return formatDateOf(toDate(value));
  let text = formattedDates.get(value);
  if (text === undefined) {
    if (formattedDates.size >= FORMATTED_DATES_MAX) formattedDates.clear();
    text = formatDateOf(toDate(value));
    formattedDates.set(value, text);
  }
  return text;
}

const formatDateOf = (date: Date | undefined) => (date ? dateFormat.format(date) : '');

const shortDateFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

/** 'Dec 31' for a day of this year, otherwise as formatDate ('Dec 31, 2027'): short, for chips. */
export function formatShortDate(value: string | null | undefined, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  return date.getFullYear() === now.getFullYear() ? shortDateFormat.format(date) : dateFormat.format(date);
}

/** The date and time of day, in the user's locale and time zone. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : '';
}

/** Spec §2.8: the dashboard's activity times, 'MMM dd, h:mm a' (e.g. 'Mar 05, 2:07 PM'). */
export function formatActivityTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'MMM dd, h:mm a') : '';
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** A file size in the largest unit that keeps the number at least 1: '512 B', '1.5 KB', '25 MB'. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(undefined, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(
    value,
  );
  return `${number} ${BYTE_UNITS[unit]}`;
}

/** A whole number with the locale's grouping: 12,345. */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat().format(value);
}
