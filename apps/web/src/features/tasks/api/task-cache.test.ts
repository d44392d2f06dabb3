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

describe('applyTaskChange on a product board column (manual order, issue 28)', () => {
  const column = (ranks: Record<string, string>): TaskPages => ({
    pages: [
      taskList(
        Object.entries(ranks).map(([id, rank]) => makeTask({ id, rank, status: 'Pending' })),
        { total: Object.keys(ranks).length, nextCursor: null },
      ),
    ],
    pageParams: [null],
  });
  const manual: TaskListParams = { ...params(['Pending']), limit: 100, sort: 'manual' };
  const order = (data: TaskPages) => data.pages.flatMap((page) => page.data.map((task) => task.id));

  it('puts a task another browser dropped between two cards right there, by its rank', () => {
    const before = column({ a: 'a0', b: 'a1', c: 'a2' });
    // c dropped between a and b: the key between theirs, as the server gave it.
    const moved = makeTask({ id: 'c', rank: 'a0V', status: 'Pending' });
    expect(order(applyTaskChange(before, manual, { task: moved }))).toEqual(['a', 'c', 'b']);
    // From another column, on top.
    const arrived = makeTask({ id: 'x', rank: 'Zz', status: 'Pending' });
    expect(order(applyTaskChange(before, manual, { task: arrived }))).toEqual(['x', 'a', 'b', 'c']);
  });

  it('orders equal ranks by id, as the server does, and leaves newest-first lists newest first', () => {
    const before = column({ a: 'a1', c: 'a1' });
    expect(order(applyTaskChange(before, manual, { task: makeTask({ id: 'b', rank: 'a1' }) }))).toEqual([
      'a',
      'b',
      'c',
    ]);
    const newestFirst = { ...manual, sort: undefined };
    const dropped = makeTask({ id: 'z', rank: 'A0', createdAt: '2020-01-01T00:00:00.000Z' });
    expect(order(applyTaskChange(column({ a: 'a0' }), newestFirst, { task: dropped }))).toEqual(['a', 'z']);
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
