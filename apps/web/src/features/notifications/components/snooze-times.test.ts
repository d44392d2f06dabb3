import { describe, expect, it } from 'vitest';
import { snoozeUntil } from './snooze-times.ts';

// Local times: the test runs in the machine's time zone, as the picker does in the browser's.
const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);

describe('snoozeUntil', () => {
  it('is three hours on for later today', () => {
    expect(snoozeUntil('laterToday', at(2026, 11, 25, 22, 30))).toEqual(at(2026, 11, 26, 1, 30));
  });

  it('is 9:00 the next day for tomorrow, across a month’s end', () => {
    expect(snoozeUntil('tomorrow', at(2026, 11, 30, 23, 50))).toEqual(at(2026, 12, 1, 9));
  });

  it('is the coming Monday at 9:00 for next week, a Monday’s next one from a Monday', () => {
    expect(snoozeUntil('nextWeek', at(2026, 11, 25, 15))).toEqual(at(2026, 11, 30, 9)); // Wednesday
    expect(snoozeUntil('nextWeek', at(2026, 11, 29, 8))).toEqual(at(2026, 11, 30, 9)); // Sunday
    expect(snoozeUntil('nextWeek', at(2026, 11, 30, 8))).toEqual(at(2026, 12, 7, 9)); // Monday
  });
});
