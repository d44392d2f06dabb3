import { describe, expect, it } from 'vitest';
import { formatActivityTime, formatBytes, formatDate, formatRelative, toDate } from './format.ts';

const now = new Date('2025-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatRelative', () => {
  it("says 'just now' under a minute, and for a time slightly in the future", () => {
    expect(formatRelative(now, now)).toBe('just now');
    expect(formatRelative(ago(59 * SECOND), now)).toBe('just now');
    expect(formatRelative(ago(-30 * SECOND), now)).toBe('just now');
  });

  it('counts minutes, singular and plural', () => {
    expect(formatRelative(ago(MINUTE), now)).toBe('1 minute ago');
    expect(formatRelative(ago(2 * MINUTE + 10 * SECOND), now)).toBe('2 minutes ago');
    expect(formatRelative(ago(59 * MINUTE), now)).toBe('59 minutes ago');
  });

  it('counts hours, singular and plural', () => {
    expect(formatRelative(ago(HOUR), now)).toBe('1 hour ago');
    expect(formatRelative(ago(23 * HOUR + 59 * MINUTE), now)).toBe('23 hours ago');
  });

  it('counts days under 7 days', () => {
    expect(formatRelative(ago(DAY), now)).toBe('1 day ago');
    expect(formatRelative(ago(6 * DAY + 23 * HOUR), now)).toBe('6 days ago');
  });

  it('shows the date from 7 days on', () => {
    const then = ago(7 * DAY);
    expect(formatRelative(then, now)).toBe(formatDate(then));
    expect(formatRelative('2024-01-02T08:00:00.000Z', now)).toBe(formatDate('2024-01-02T08:00:00.000Z'));
    expect(formatRelative(then, now)).not.toMatch(/ago/);
  });

  it('accepts ISO strings and a numeric now', () => {
    expect(formatRelative('2025-03-10T11:30:00.000Z', now.getTime())).toBe('30 minutes ago');
  });

  it('answers an empty string for an unreadable date', () => {
    expect(formatRelative('not a date', now)).toBe('');
  });
});

describe('formatDate', () => {
  it('reads a date-only value as that calendar day wherever the user is', () => {
    expect(toDate('2023-12-31')?.getDate()).toBe(31);
    expect(formatDate('2023-12-31')).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(2023, 11, 31)),
    );
  });

  it('is empty for a missing value', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
  });
});

describe('formatActivityTime', () => {
  it("formats like 'MMM dd, h:mm a'", () => {
    expect(formatActivityTime(new Date(2025, 2, 5, 14, 7))).toBe('Mar 05, 2:07 PM');
  });
});

describe('formatBytes', () => {
  it('picks the unit that keeps the number readable', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
  });
});
