import { describe, expect, it } from 'vitest';
import { taskDefaultsForPlace, taskDefaultsFrom } from './task-defaults.ts';
import { noFilters } from './test-task-board.tsx';

const ME = '55555555-5555-4555-8555-555555555555';
const P = '11111111-1111-4111-8111-111111111111';
const L = '77777777-7777-4777-8777-777777777777';

describe('taskDefaultsFrom', () => {
  it('takes a filter of exactly one value, the column’s status over the status filter, and me for assignee=me', () => {
    expect(
      taskDefaultsFrom(
        {
          ...noFilters,
          productId: P,
          status: ['Pending'],
          priority: ['high'],
          assignee: ['me'],
          labelId: [L],
        },
        ME,
        'Completed',
      ),
    ).toEqual({
      projectId: P,
      status: 'Completed',
      priority: 'high',
      assigneeId: ME,
      labelIds: [L],
      labelNames: [],
    });
  });

  it('leaves a field empty for "none" or several values', () => {
    expect(
      taskDefaultsFrom(
        { ...noFilters, status: ['Pending', 'Completed'], assignee: ['none'], teamId: ['none'] },
        ME,
      ),
    ).toEqual({ labelIds: [], labelNames: [] });
  });
});

describe('taskDefaultsForPlace', () => {
  it('gives a product page’s product, on any of its tabs', () => {
    expect(taskDefaultsForPlace(`/products/${P}`, '?tab=board', ME).projectId).toBe(P);
  });

  it('reads /tasks’ URL by the task query’s names', () => {
    expect(
      taskDefaultsForPlace('/tasks', `?product=${P}&assignee=me&label=Radio&status=in-progress`, ME),
    ).toEqual({
      projectId: P,
      status: 'In Progress',
      assigneeId: ME,
      labelIds: [],
      labelNames: ['Radio'],
    });
  });

  it('gives nothing elsewhere', () => {
    expect(taskDefaultsForPlace('/dashboard', '', ME)).toEqual({ labelIds: [], labelNames: [] });
  });
});
