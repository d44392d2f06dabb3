import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dayKey,
  fromDayKey,
  itemsByDay,
  localeWeekStart,
  monthGridRange,
  upcomingRange,
} from './calendar-days.ts';
import { makeEvent, makeMilestone } from './test-events.ts';

describe('calendar days', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('reads a day as local midnight and writes it back unchanged', () => {
    const date = fromDayKey('2026-05-04');
    expect(date?.getFullYear()).toBe(2026);
    expect(date?.getMonth()).toBe(4);
    expect(date?.getDate()).toBe(4);
    expect(date?.getHours()).toBe(0);
    expect(dayKey(date as Date)).toBe('2026-05-04');
    expect(fromDayKey('2026-02-30')).toBeUndefined();
  });

  it('takes the day of a late evening in the user’s zone, not in UTC', () => {
    expect(dayKey(new Date(2026, 4, 4, 23, 59))).toBe('2026-05-04');
    expect(dayKey(new Date(2026, 4, 5, 0, 1))).toBe('2026-05-05');
  });

  it('spans a month’s whole grid, from the week start it is given', () => {
    // May 2026 starts on a Friday and ends on a Sunday.
    expect(monthGridRange(new Date(2026, 4, 17), 0)).toEqual({ from: '2026-04-26', to: '2026-06-06' });
    expect(monthGridRange(new Date(2026, 4, 17), 1)).toEqual({ from: '2026-04-27', to: '2026-05-31' });
  });

  it('looks a year ahead for upcoming events', () => {
    expect(upcomingRange('2026-05-04')).toEqual({ from: '2026-05-04', to: '2027-05-03', limit: 20 });
  });

  it('knows the first day of the week of a locale', () => {
    const start = localeWeekStart('en-GB');
    // Runtimes without Intl week info fall back to Sunday.
    expect([0, 1]).toContain(start);
    expect(localeWeekStart('not a locale!')).toBe(0);
  });

  it('groups items by day, keeping their order', () => {
    const a = makeEvent({ id: 'a', date: '2026-05-04' });
    const b = makeMilestone({ date: '2026-05-04' });
    const c = makeEvent({ id: 'c', date: '2026-05-06' });
    const days = itemsByDay([a, b, c]);
    expect(days.get('2026-05-04')).toEqual([a, b]);
    expect(days.get('2026-05-06')).toEqual([c]);
    expect(days.has('2026-05-05')).toBe(false);
  });
});
