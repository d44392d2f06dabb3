import type { Schedule, ScheduleTask } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { applyMove, daysMoved } from './move-task.ts';

const task = (id: string, values: Partial<ScheduleTask> = {}): ScheduleTask => ({
  id,
  key: id,
  title: id,
  status: 'Pending',
  stateId: null,
  assignee: null,
  team: null,
  estimate: null,
  startDate: '2026-03-02',
  dueDate: '2026-03-04',
  ...values,
});

const schedule = (tasks: ScheduleTask[], links: Schedule['links']): Schedule => ({
  productId: 'p-1',
  canEdit: true,
  hasMore: false,
  tasks,
  links,
  states: [],
});

describe('a move on the schedule, shown before the server answers', () => {
  it('counts the days by the due date, else by the start', () => {
    expect(
      daysMoved(
        { startDate: '2026-03-02', dueDate: '2026-03-04' },
        { startDate: '2026-03-02', dueDate: '2026-03-09' },
      ),
    ).toBe(5);
    expect(
      daysMoved({ startDate: '2026-03-02', dueDate: null }, { startDate: '2026-02-27', dueDate: null }),
    ).toBe(-3);
    expect(
      daysMoved({ startDate: null, dueDate: null }, { startDate: '2026-03-02', dueDate: '2026-03-02' }),
    ).toBe(0);
  });

  it('moves the tasks it blocks, transitively, as the server will; Completed ones and others stay', () => {
    const before = schedule(
      [
        task('a'),
        task('b', { startDate: '2026-03-05', dueDate: '2026-03-06' }),
        task('c', { startDate: null, dueDate: '2026-03-10' }),
        task('done', { status: 'Completed' }),
        task('free'),
      ],
      [
        { from: 'a', to: 'b' },
        { from: 'b', to: 'c' },
        { from: 'a', to: 'done' },
      ],
    );
    const move = { taskId: 'a', dates: { startDate: '2026-03-04', dueDate: '2026-03-06' } };
    const dates = (s: Schedule) => Object.fromEntries(s.tasks.map((t) => [t.id, [t.startDate, t.dueDate]]));
    expect(dates(applyMove(before, { ...move, shiftBlocked: true }))).toEqual({
      a: ['2026-03-04', '2026-03-06'],
      b: ['2026-03-07', '2026-03-08'],
      c: [null, '2026-03-12'],
      done: ['2026-03-02', '2026-03-04'],
      free: ['2026-03-02', '2026-03-04'],
    });
    expect(dates(applyMove(before, { ...move, shiftBlocked: false })).b).toEqual([
      '2026-03-05',
      '2026-03-06',
    ]);
  });
});
