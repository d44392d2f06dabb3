import { format, isValid, parseISO } from 'date-fns';
import { currentLanguage, formattingLocale, t } from './i18n/index.ts';

// Dates and sizes as the screens show them, in the page's language and the user's time zone
// (ARCHITECTURE §6, issue 33). The formatters are made at first use, not at module load: the
// language is set (startLanguage) after the modules are loaded, and stays for the page's life.

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

/** One formatter per options, in the page's locale, made when first asked for. */
function lazily<T>(make: (locale: string) => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make(formattingLocale());
    return made;
  };
}

/**
 * Spec §2.11: 'just now', 'n minute(s) ago', 'n hour(s) ago', 'n day(s) ago' under 7 days,
 * otherwise the date. A time in the future (a clock a little ahead) reads 'just now'.
 */
export function formatRelative(value: string | Date, now: Date | number = Date.now()): string {
  const date = toDate(value);
  if (!date) return '';
  const elapsed = (typeof now === 'number' ? now : now.getTime()) - date.getTime();
  if (elapsed < MINUTE) return t('just now');
  if (elapsed < HOUR) return t('{{count}} minutes ago', { count: Math.floor(elapsed / MINUTE) });
  if (elapsed < DAY) return t('{{count}} hours ago', { count: Math.floor(elapsed / HOUR) });
  if (elapsed < RELATIVE_TIME_DAYS * DAY) {
    return t('{{count}} days ago', { count: Math.floor(elapsed / DAY) });
  }
  return formatDate(date);
}

const dateFormat = lazily((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }));
const dateTimeFormat = lazily(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
);

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

const formatDateOf = (date: Date | undefined) => (date ? dateFormat().format(date) : '');

const shortDateFormat = lazily(
  (locale) => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' }),
);

/** 'Dec 31' for a day of this year, otherwise as formatDate ('Dec 31, 2027'): short, for chips. */
export function formatShortDate(value: string | null | undefined, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  return date.getFullYear() === now.getFullYear()
    ? shortDateFormat().format(date)
    : dateFormat().format(date);
}

/** The date and time of day, in the user's locale and time zone. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateTimeFormat().format(date) : '';
}

const activityTimeFormat = lazily(
  (locale) =>
    new Intl.DateTimeFormat(locale, { month: 'short', day: '2-digit', hour: 'numeric', minute: '2-digit' }),
);

/**
 * Spec §2.8: the dashboard's activity times, 'MMM dd, h:mm a' (e.g. 'Mar 05, 2:07 PM') in
 * English; the same parts in the order and words of another language.
 */
export function formatActivityTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  return currentLanguage() === 'en' ? format(date, 'MMM dd, h:mm a') : activityTimeFormat().format(date);
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
  const number = (unit === 0 ? wholeNumber : oneDecimal)().format(value);
  return `${number} ${BYTE_UNITS[unit]}`;
}

const wholeNumber = lazily((locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }));
const oneDecimal = lazily((locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }));
const groupedNumber = lazily((locale) => new Intl.NumberFormat(locale));

/** A whole number with the locale's grouping: 12,345. */
export function formatNumber(value: number): string {
  return groupedNumber().format(value);
}
