import { describe, expect, it } from 'vitest';
import { parseDueDate } from './due-date.ts';

// A fixed clock: Wednesday 25 November 2026, 10:00 local time.
const NOW = new Date(2026, 10, 25, 10, 0, 0);

describe('parseDueDate', () => {
  it.each([
    ['tomorrow', '2026-11-26'],
    ['today', '2026-11-25'],
    ['fri', '2026-11-27'],
    ['Friday', '2026-11-27'],
    ['mon', '2026-11-30'],
    ['next fri', '2026-12-04'],
    ['next week', '2026-12-02'],
    ['in 3 days', '2026-11-28'],
    ['in 2 weeks', '2026-12-09'],
    ['dec 3', '2026-12-03'],
    ['2027-01-15', '2027-01-15'],
  ])('reads "%s" as %s', (text, day) => {
    expect(parseDueDate(text, NOW)).toBe(day);
  });

  it('looks forward: a month day already past this year is next year’s', () => {
    expect(parseDueDate('jan 5', NOW)).toBe('2027-01-05');
  });

  it('answers null (no due date) for an empty text and undefined for words that name no date', () => {
    expect(parseDueDate('   ', NOW)).toBeNull();
    expect(parseDueDate('whenever', NOW)).toBeUndefined();
    expect(parseDueDate('2026-13-40', NOW)).toBeUndefined();
  });
});
