import { addCalendarDays, type BurnDay, startOfDayIn } from '@shipyard/shared';
import type { BurnTask, ScopeEvent } from './cycles.repository.ts';

// The burn-down and burn-up of a cycle (docs/decisions/058-cycles.md), computed from its scope
// events: at the end of each of its days (in its zone), the tasks whose last event by then was
// "added" are its scope, and those of them Completed by then are done. A completed cycle is read as
// it stood when it was completed (the roll-over's removals are stamped with that very instant, and
// an instant counts only what happened strictly before it).

type Cycle = { startsOn: string; endsOn: string; timeZone: string; completedAt: Date | null };

export function burnOf(
  cycle: Cycle,
  today: string,
  events: readonly ScopeEvent[],
  tasks: ReadonlyMap<string, BurnTask>,
): BurnDay[] {
  const last = cycle.completedAt || cycle.endsOn < today ? cycle.endsOn : today;
  const days: BurnDay[] = [];
  // Events come oldest first; walk them once while the days advance.
  const inScope = new Set<string>();
  let next = 0;
  for (let day = cycle.startsOn; day <= last; day = addCalendarDays(day, 1)) {
    let until = startOfDayIn(addCalendarDays(day, 1), cycle.timeZone).getTime();
    if (cycle.completedAt) until = Math.min(until, cycle.completedAt.getTime());
    while (next < events.length && (events[next] as ScopeEvent).at.getTime() < until) {
      const event = events[next] as ScopeEvent;
      if (event.kind === 'added') inScope.add(event.taskId);
      else inScope.delete(event.taskId);
      next += 1;
    }
    const point: BurnDay = { day, scope: 0, completed: 0, scopePoints: 0, completedPoints: 0 };
    for (const id of inScope) {
      const task = tasks.get(id);
      if (!task) continue; // trashed: out of sight
      point.scope += 1;
      point.scopePoints += task.points;
      if (task.status === 'Completed' && task.completedAt && task.completedAt.getTime() < until) {
        point.completed += 1;
        point.completedPoints += task.points;
      }
    }
    days.push(point);
  }
  return days;
}
