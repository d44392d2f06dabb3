import type { ScheduleTask } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { criticalPath, movedDates, rowsOf, scaleFor, ticksOf, xOf } from './gantt-layout.ts';

const task = (id: string, values: Partial<ScheduleTask> = {}): ScheduleTask => ({
  id,
  key: id.toUpperCase(),
  title: id,
  status: 'Pending',
  stateId: 's-todo',
  assignee: null,
  team: null,
  estimate: null,
  startDate: '2026-03-02',
  dueDate: '2026-03-04',
  ...values,
});

describe('the Gantt’s layout', () => {
  it('lays the window around every date and today, a Monday by week, the 1st by month', () => {
    const tasks = [task('a'), task('b', { startDate: null, dueDate: '2026-04-10' })];
    const week = scaleFor(tasks, 'week', '2026-03-20');
    expect(week.from).toBe('2026-02-09');
    expect(new Date(`${week.from}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(week.to).toBe('2026-05-01');
    expect(xOf(week, '2026-02-10')).toBe(12);
    const month = scaleFor(tasks, 'month', '2026-03-20');
    expect(month.from).toBe('2025-12-01');
    expect(
      ticksOf(month, 'month')
        .map((t) => t.day)
        .slice(0, 3),
    ).toEqual(['2025-12-01', '2026-01-01', '2026-02-01']);
    expect(ticksOf(scaleFor([], 'day', '2026-03-20'), 'day')).toHaveLength(15);
  });

  it('groups rows by state in the states’ order, people by name with the unassigned last, undated last', () => {
    const ada = { id: 'u-a', name: 'Ada' };
    const bo = { id: 'u-b', name: 'Bo' };
    const tasks = [
      task('a', { assignee: bo, stateId: 's-doing' }),
      task('b', { assignee: ada }),
      task('c'),
      task('d', { startDate: null, dueDate: null }),
    ];
    const states = [
      { id: 's-todo', name: 'To do' },
      { id: 's-doing', name: 'Doing' },
    ];
    const labels = (group: Parameters<typeof rowsOf>[1]) =>
      rowsOf(tasks, group, states).map((r) => (r.kind === 'group' ? `# ${r.label} (${r.count})` : r.id));
    expect(labels('none')).toEqual(['a', 'b', 'c', '# No dates (1)', 'd']);
    expect(labels('state')).toEqual(['# To do (2)', 'b', 'c', '# Doing (1)', 'a', '# No dates (1)', 'd']);
    expect(labels('assignee')).toEqual([
      '# Ada (1)',
      'b',
      '# Bo (1)',
      'a',
      '# Unassigned (1)',
      'c',
      '# No dates (1)',
      'd',
    ]);
  });

  it('finds the critical path: the longest chain of blocks by duration, leaving cycles out', () => {
    const tasks = [
      task('a', { startDate: '2026-03-01', dueDate: '2026-03-02' }), // 2 days
      task('b', { startDate: '2026-03-03', dueDate: '2026-03-12' }), // 10 days
      task('c', { startDate: '2026-03-03', dueDate: '2026-03-04' }), // 2 days
      task('d', { startDate: '2026-03-13', dueDate: '2026-03-13' }), // 1 day
      task('x', { startDate: '2026-03-01', dueDate: '2026-03-30' }),
      task('y', { startDate: '2026-03-01', dueDate: '2026-03-30' }),
    ];
    const links = [
      { from: 'a', to: 'b' },
      { from: 'a', to: 'c' },
      { from: 'b', to: 'd' },
      { from: 'c', to: 'd' },
      { from: 'x', to: 'y' },
      { from: 'y', to: 'x' },
    ];
    const path = criticalPath(tasks, links);
    expect([...path.taskIds].sort()).toEqual(['a', 'b', 'd']);
    expect([...path.linkKeys].sort()).toEqual(['a>b', 'b>d']);
    expect(criticalPath([task('lone')], []).taskIds.size).toBe(0);
  });

  it('moves the dates a task has, sets an edge it lacked, and never lets the start pass the end', () => {
    const both = { startDate: '2026-03-02', dueDate: '2026-03-04' };
    expect(movedDates(both, { start: 3, end: 3 })).toEqual({
      startDate: '2026-03-05',
      dueDate: '2026-03-07',
    });
    expect(movedDates(both, { start: 0, end: 2 })).toEqual({
      startDate: '2026-03-02',
      dueDate: '2026-03-06',
    });
    expect(movedDates(both, { start: 5, end: 0 })).toEqual({
      startDate: '2026-03-04',
      dueDate: '2026-03-04',
    });
    const dueOnly = { startDate: null, dueDate: '2026-03-10' };
    expect(movedDates(dueOnly, { start: 1, end: 1 })).toEqual({ startDate: null, dueDate: '2026-03-11' });
    expect(movedDates(dueOnly, { start: -3, end: 0 })).toEqual({
      startDate: '2026-03-07',
      dueDate: '2026-03-10',
    });
  });
});
