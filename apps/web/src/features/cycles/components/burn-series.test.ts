import { describe, expect, it } from 'vitest';
import { burnSeries } from './burn-series.ts';

const cycle = { starts_on: '2026-03-02', ends_on: '2026-03-06' };
const day = (d: string, scope: number, completed: number) => ({
  day: d,
  scope,
  completed,
  scopePoints: scope * 2,
  completedPoints: completed * 2,
});

describe('the burn chart’s points', () => {
  it('covers every day of the cycle, stops the lines at today and draws the ideal from the first day’s scope', () => {
    const points = burnSeries(cycle, [day('2026-03-02', 4, 0), day('2026-03-03', 5, 2)], 'tasks');
    expect(points.map((p) => p.day)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
    ]);
    expect(points.map((p) => p.ideal)).toEqual([4, 3, 2, 1, 0]);
    expect(points[1]).toMatchObject({ remaining: 3, scope: 5, completed: 2 });
    expect(points[2]).toMatchObject({ remaining: null, scope: null, completed: null });
  });

  it('counts estimate points when asked, and starts the ideal from the latest scope when the first day had none', () => {
    const points = burnSeries(cycle, [day('2026-03-02', 0, 0), day('2026-03-03', 3, 1)], 'points');
    expect(points[0]?.ideal).toBe(6);
    expect(points[1]).toMatchObject({ remaining: 4, scope: 6, completed: 2 });
  });
});
