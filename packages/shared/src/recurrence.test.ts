import { describe, expect, it } from 'vitest';
import {
  datesBetween,
  describeRuleText,
  formatRule,
  nextDate,
  nextDates,
  parseRule,
  presetOf,
  presetRule,
  recurrenceMessages,
  startOfDayIn,
  todayIn,
} from './recurrence.ts';

const rule = (text: string) => {
  const parsed = parseRule(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.parts;
};

describe('parseRule', () => {
  it('reads a weekly rule and writes it back the same', () => {
    expect(formatRule(rule('RRULE:FREQ=WEEKLY;BYDAY=TH,MO'))).toBe('FREQ=WEEKLY;BYDAY=MO,TH');
  });

  it.each([
    ['FREQ=HOURLY', recurrenceMessages.tooFrequent],
    ['FREQ=MINUTELY;INTERVAL=5', recurrenceMessages.tooFrequent],
    ['FREQ=DAILY;COUNT=1001', recurrenceMessages.countInvalid],
    ['FREQ=DAILY;COUNT=0', recurrenceMessages.countInvalid],
    ['FREQ=WEEKLY;BYDAY=XX', recurrenceMessages.dayInvalid],
    ['FREQ=MONTHLY;BYMONTHDAY=32', recurrenceMessages.monthDayInvalid],
    ['FREQ=DAILY;INTERVAL=0', recurrenceMessages.intervalInvalid],
    ['FREQ=DAILY;UNTIL=20260230', recurrenceMessages.untilInvalid],
    ['FREQ=DAILY;BYSETPOS=1', recurrenceMessages.ruleUnsupported('BYSETPOS')],
    ['every day', recurrenceMessages.ruleInvalid],
    ['', recurrenceMessages.ruleInvalid],
  ])('refuses %s with its own message', (text, message) => {
    expect(parseRule(text)).toEqual({ ok: false, message });
  });
});

describe('describeRule', () => {
  it.each([
    ['FREQ=DAILY', 'Every day'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'Every weekday'],
    ['FREQ=WEEKLY;BYDAY=MO,TH', 'Every week on Mon, Thu'],
    ['FREQ=MONTHLY;BYMONTHDAY=15', 'Every month on the 15th'],
    ['FREQ=YEARLY', 'Every year'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=FR;COUNT=3', 'Every 2 weeks on Fri, 3 times'],
    ['FREQ=DAILY;UNTIL=20270105', 'Every day, until Jan 5, 2027'],
  ])('%s reads "%s"', (text, words) => {
    expect(describeRuleText(text)).toBe(words);
  });
});

describe('next dates of each preset', () => {
  // 2026-03-26 is a Thursday; Europe/Berlin moves its clocks on Sunday 2026-03-29.
  const day = '2026-03-26';
  it.each([
    ['daily', ['2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30']],
    ['weekdays', ['2026-03-27', '2026-03-30', '2026-03-31', '2026-04-01']],
    ['weekly', ['2026-04-02', '2026-04-09', '2026-04-16', '2026-04-23']],
    ['monthly', ['2026-04-26', '2026-05-26', '2026-06-26', '2026-07-26']],
    ['yearly', ['2027-03-26', '2028-03-26', '2029-03-26', '2030-03-26']],
  ] as const)('%s', (preset, expected) => {
    const parts = presetRule(preset, day);
    expect(presetOf(parts)).toBe(preset);
    expect(nextDates(formatRule(parts), day, day, 4)).toEqual(expected);
  });

  it('a series stops after COUNT and at UNTIL', () => {
    expect(nextDate('FREQ=DAILY;COUNT=2', day, '2026-03-27')).toBeNull();
    expect(nextDate('FREQ=DAILY;UNTIL=20260328', day, '2026-03-27')).toBe('2026-03-28');
    expect(nextDate('FREQ=DAILY;UNTIL=20260328', day, '2026-03-28')).toBeNull();
  });

  it('lists the days in a range, capped', () => {
    expect(datesBetween('FREQ=WEEKLY;BYDAY=TH', day, '2026-04-01', '2026-04-30', 10)).toEqual([
      '2026-04-02',
      '2026-04-09',
      '2026-04-16',
      '2026-04-23',
      '2026-04-30',
    ]);
    expect(datesBetween('FREQ=DAILY', day, '2026-04-01', '2026-12-31', 3)).toHaveLength(3);
  });
});

describe('time zones', () => {
  it('a day starts at local midnight on both sides of a daylight-saving change', () => {
    expect(startOfDayIn('2026-03-28', 'Europe/Berlin').toISOString()).toBe('2026-03-27T23:00:00.000Z');
    expect(startOfDayIn('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfDayIn('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(startOfDayIn('2026-11-02', 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });

  it('today is the day in the zone', () => {
    const instant = new Date('2026-03-29T23:30:00Z');
    expect(todayIn('Europe/Berlin', instant)).toBe('2026-03-30');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2026-03-29');
  });
});
