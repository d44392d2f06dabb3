import { addCalendarDays, type BurnDay } from '@shipyard/shared';

// The points the burn chart draws (issue 31): every day of the cycle, the server's figures up to
// today and nothing after (a line stops at today), and the ideal line from the scope at the start
// down to nothing on the last day.

export type BurnMode = 'down' | 'up';
export type BurnMetric = 'tasks' | 'points';

export type BurnPoint = {
  day: string;
  ideal: number;
  remaining: number | null;
  scope: number | null;
  completed: number | null;
};

const round = (n: number) => Math.round(n * 100) / 100;

export function burnSeries(
  cycle: { starts_on: string; ends_on: string },
  burn: readonly BurnDay[],
  metric: BurnMetric,
): BurnPoint[] {
  const scopeOf = (d: BurnDay) => (metric === 'points' ? d.scopePoints : d.scope);
  const doneOf = (d: BurnDay) => (metric === 'points' ? d.completedPoints : d.completed);
  const byDay = new Map(burn.map((d) => [d.day, d]));
  const days: string[] = [];
  for (let day = cycle.starts_on; day <= cycle.ends_on; day = addCalendarDays(day, 1)) days.push(day);
  // The ideal starts from the first day's scope; when work was only added later, from the latest.
  const first = burn[0] ? scopeOf(burn[0]) : 0;
  const start = first > 0 ? first : burn.length > 0 ? scopeOf(burn[burn.length - 1] as BurnDay) : 0;
  const span = Math.max(1, days.length - 1);
  return days.map((day, i) => {
    const d = byDay.get(day);
    return {
      day,
      ideal: round(start * (1 - i / span)),
      remaining: d ? round(scopeOf(d) - doneOf(d)) : null,
      scope: d ? round(scopeOf(d)) : null,
      completed: d ? round(doneOf(d)) : null,
    };
  });
}
