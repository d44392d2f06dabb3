import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { makeTask, taskList } from '../components/test-tasks.ts';
import type { TaskListParams, TaskPages } from './get-tasks.ts';
import { applyTaskChange, refreshAfterTaskChange } from './task-cache.ts';

const params = (status: TaskListParams['status'] = []): TaskListParams => ({
  search: '',
  phase: [],
  status,
  limit: 1,
});

const newest = makeTask({ id: 't-9', createdAt: '2025-03-09T10:00:00.000Z' });
const older = makeTask({ id: 't-1', status: 'Pending', createdAt: '2025-03-01T10:00:00.000Z' });

/** A one-row page of a longer list, as the status counts load it. */
const onePage = (total: number): TaskPages => ({
  pages: [taskList([newest], { total, nextCursor: 'c-2' })],
  pageParams: [null],
});

const totalOf = (data: TaskPages) => data.pages[0]?.total;

describe('applyTaskChange', () => {
  it('keeps the total when a counted task beyond the loaded rows still matches', () => {
    const moved = { ...older, status: 'Completed' as const };
    expect(totalOf(applyTaskChange(onePage(10), params(), { task: moved }, older))).toBe(10);
  });

  it('moves a task beyond the loaded rows from one status total to the other', () => {
    const moved = { ...older, status: 'Completed' as const };
    expect(totalOf(applyTaskChange(onePage(4), params(['Pending']), { task: moved }, older))).toBe(3);
    expect(totalOf(applyTaskChange(onePage(4), params(['Completed']), { task: moved }, older))).toBe(5);
  });

  it('counts a new task beyond the loaded rows, and not the same change twice', () => {
    const once = applyTaskChange(onePage(10), params(), { task: older });
    expect(totalOf(once)).toBe(11);
    expect(totalOf(applyTaskChange(once, params(), { task: older }, older))).toBe(11);
  });

  it('lowers the total when a counted task beyond the loaded rows is deleted', () => {
    expect(totalOf(applyTaskChange(onePage(10), params(), { removedId: 't-1' }, older))).toBe(9);
    expect(totalOf(applyTaskChange(onePage(10), params(['Completed']), { removedId: 't-1' }, older))).toBe(
      10,
    );
  });
});

describe('refreshAfterTaskChange', () => {
  it('refreshes what tasks feed elsewhere (product progress, dashboard, activity) and only marks task lists stale', async () => {
    const queryClient = new QueryClient();
    const keys = [
      ['products', 'detail', 'p-1'],
      ['products', 'list', {}],
      ['dashboard', 'summary'],
      ['activity', 'log', {}],
      ['tasks', 'list', params()],
    ];
    for (const key of keys) queryClient.setQueryData(key, {});
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    await refreshAfterTaskChange(queryClient);

    for (const key of keys) expect(queryClient.getQueryState(key)?.isInvalidated, key.join('/')).toBe(true);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['tasks', 'list'], refetchType: 'none' });
  });
});
