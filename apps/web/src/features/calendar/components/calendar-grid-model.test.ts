import type { CalendarTask } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { DAY_LINES, dayEntries, isTaskOverdue } from './calendar-grid-model.ts';
import { daysOf, shiftAnchor, viewRange } from './calendar-view.ts';
import { makeEvent, makeMilestone } from './test-events.ts';

const task = (id: string, overrides: Partial<CalendarTask> = {}): CalendarTask => ({
  id,
  title: `Task ${id}`,
  dueDate: '2026-05-04',
  status: 'Pending',
  priority: 'medium',
  productId: 'p-1',
  productName: 'Apollo',
  assigneeId: null,
  assigneeName: null,
  updatedAt: '2026-05-01T10:00:00.000Z',
  ...overrides,
});

describe("a day's lines on the big grid", () => {
  it('lists the events and target dates first, then the tasks, all of them when they fit', () => {
    const items = [makeEvent({ id: 'e-1' }), makeMilestone({ date: '2026-05-04' })];
    const { shown, more } = dayEntries(items, [task('a')], DAY_LINES.month);
    expect(shown.map((entry) => entry.kind)).toEqual(['item', 'item', 'task']);
    expect(shown.map((entry) => entry.key)).toEqual([
      'event:e-1:2026-05-04',
      `product:${items[1]?.id}:2026-05-04`,
      'task:a',
    ]);
    expect(more).toBe(0);
  });

  it('fills every line when the day holds exactly as many', () => {
    const tasks = ['a', 'b', 'c', 'd'].map((id) => task(id));
    expect(dayEntries([], tasks, 4)).toMatchObject({ more: 0 });
    expect(dayEntries([], tasks, 4).shown).toHaveLength(4);
  });

  it('gives the last line to "+N more" past what fits', () => {
    const tasks = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => task(id));
    const { shown, more } = dayEntries([makeEvent()], tasks, 4);
    expect(shown).toHaveLength(3);
    expect(shown[0]?.kind).toBe('item');
    expect(more).toBe(4);
  });

  it('tells apart the repeating event’s dates by their day', () => {
    const first = dayEntries([makeEvent({ id: 'r', date: '2026-05-04' })], [], 4).shown[0];
    const next = dayEntries([makeEvent({ id: 'r', date: '2026-05-11' })], [], 4).shown[0];
    expect(first?.key).not.toBe(next?.key);
  });

  it('marks a task overdue past its due day unless it is completed', () => {
    expect(isTaskOverdue(task('a', { dueDate: '2026-05-03' }), '2026-05-04')).toBe(true);
    expect(isTaskOverdue(task('a', { dueDate: '2026-05-04' }), '2026-05-04')).toBe(false);
    expect(isTaskOverdue(task('a', { dueDate: '2026-05-03', status: 'Completed' }), '2026-05-04')).toBe(
      false,
    );
  });
});

describe('the days a view shows', () => {
  it('shows a month as its whole weeks, and a week around its day', () => {
    expect(viewRange('month', '2026-05-20', 0)).toEqual({ from: '2026-04-26', to: '2026-06-06' });
    // Weeks from Monday: May 2026 ends on a Sunday, so five weeks do.
    expect(viewRange('month', '2026-05-20', 1)).toEqual({ from: '2026-04-27', to: '2026-05-31' });
    expect(viewRange('week', '2026-05-20', 0)).toEqual({ from: '2026-05-17', to: '2026-05-23' });
    expect(viewRange('week', '2026-05-20', 1)).toEqual({ from: '2026-05-18', to: '2026-05-24' });
    expect(daysOf(viewRange('month', '2026-05-20', 0))).toHaveLength(42);
    expect(daysOf(viewRange('week', '2026-05-20', 0))).toEqual([
      '2026-05-17',
      '2026-05-18',
      '2026-05-19',
      '2026-05-20',
      '2026-05-21',
      '2026-05-22',
      '2026-05-23',
    ]);
  });

  it('steps a month from its first day (no 31st overflowing), and a week by seven days', () => {
    expect(shiftAnchor('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(shiftAnchor('month', '2026-01-31', -1)).toBe('2025-12-01');
    expect(shiftAnchor('week', '2026-05-20', 1)).toBe('2026-05-27');
    expect(shiftAnchor('week', '2026-01-02', -1)).toBe('2025-12-26');
  });
});
