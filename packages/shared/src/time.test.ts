import { describe, expect, it } from 'vitest';
import {
  CreateTimeEntrySchema,
  daysOfIsoWeek,
  formatDuration,
  formatElapsed,
  isoWeekOf,
  mondayOfIsoWeek,
  parseDuration,
  shiftIsoWeek,
  TimeEntryFormSchema,
  timeMessages,
} from './time.ts';

describe('parseDuration', () => {
  it.each([
    ['1h 30m', 5400],
    ['1h30m', 5400],
    ['90m', 5400],
    ['90 min', 5400],
    ['1.5h', 5400],
    ['1,5h', 5400],
    ['1:30', 5400],
    ['2', 7200],
    ['0.25', 900],
    ['45m', 2700],
    ['2 hours', 7200],
    ['1h 30m 15s', 5415],
  ])('reads %s as %i seconds', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it.each(['', 'abc', '1x', 'h', '1:75', '-1h', '1h-30m'])('refuses %j', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });
});

describe('formatting', () => {
  it('writes durations in hours and minutes, and a running timer’s time as h:mm:ss', () => {
    expect(formatDuration(5400)).toBe('1h 30m');
    expect(formatDuration(7200)).toBe('2h');
    expect(formatDuration(2700)).toBe('45m');
    expect(formatDuration(20)).toBe('0m');
    expect(formatElapsed(3725)).toBe('1:02:05');
    expect(formatElapsed(5)).toBe('0:00:05');
  });
});

describe('ISO weeks', () => {
  it('finds a week’s Monday and the week of a day, across a year’s end', () => {
    expect(mondayOfIsoWeek('2026-W01')).toBe('2025-12-29');
    expect(mondayOfIsoWeek('2026-W49')).toBe('2026-11-30');
    expect(mondayOfIsoWeek('2020-W53')).toBe('2020-12-28');
    expect(mondayOfIsoWeek('2026-W53')).toBe('2026-12-28');
    expect(mondayOfIsoWeek('2025-W53')).toBeUndefined();
    expect(mondayOfIsoWeek('2026-W00')).toBeUndefined();
    expect(mondayOfIsoWeek('2026-49')).toBeUndefined();
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53');
    expect(isoWeekOf('2021-01-03')).toBe('2020-W53');
    expect(isoWeekOf('2026-11-30')).toBe('2026-W49');
    expect(shiftIsoWeek('2026-W01', -1)).toBe('2025-W52');
    expect(daysOfIsoWeek('2026-11-30')).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
  });
});

describe('the entry schemas', () => {
  const today = new Date().toISOString().slice(0, 10);
  const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues[0]?.message;

  it('take a day up to today and 1 minute to 24 hours, with the field’s message otherwise', () => {
    expect(CreateTimeEntrySchema.safeParse({ date: today, seconds: 60 }).success).toBe(true);
    expect(messageOf(CreateTimeEntrySchema.safeParse({ date: today, seconds: 59 }))).toBe(
      timeMessages.durationTooShort,
    );
    expect(messageOf(CreateTimeEntrySchema.safeParse({ date: today, seconds: 86_401 }))).toBe(
      timeMessages.durationTooLong,
    );
    expect(messageOf(CreateTimeEntrySchema.safeParse({ date: '2999-01-01', seconds: 60 }))).toBe(
      timeMessages.dateInFuture,
    );
    expect(messageOf(CreateTimeEntrySchema.safeParse({ date: '2026-02-29', seconds: 60 }))).toBe(
      timeMessages.dateInvalid,
    );
  });

  it('check a typed duration in the form with its own message', () => {
    const form = (duration: string) => TimeEntryFormSchema.safeParse({ date: today, duration, note: '' });
    expect(form('1h 30m').success).toBe(true);
    expect(messageOf(form('soon'))).toBe(timeMessages.durationInvalid);
    expect(messageOf(form('25h'))).toBe(timeMessages.durationTooLong);
    expect(messageOf(form('30s'))).toBe(timeMessages.durationTooShort);
  });
});
