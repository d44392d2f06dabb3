import type { Cycle, CycleDetail, CycleList } from '@shipyard/shared';

// Cycles as the API answers them, for the component tests.

export const cycleOf = (overrides: Partial<Cycle> = {}): Cycle => ({
  id: 'c-1',
  projectId: 'p-1',
  name: 'Sprint 1',
  starts_on: '2026-03-02',
  ends_on: '2026-03-06',
  time_zone: 'UTC',
  status: 'current',
  completedAt: null,
  tally: { tasks: 4, done: 1, points: 10, donePoints: 3 },
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

export const listOf = (cycles: Cycle[], overrides: Partial<CycleList> = {}): CycleList => ({
  cycles,
  canEdit: true,
  canManage: true,
  rollOver: true,
  estimateScale: 'points',
  ...overrides,
});

export const detailOf = (cycle: Cycle, overrides: Partial<CycleDetail> = {}): CycleDetail => ({
  cycle,
  tasks: [
    {
      id: 't-1',
      key: 'ATL-1',
      title: 'Fix the login',
      status: 'Completed',
      estimate: '3',
      assignee: null,
      addedAt: '2026-03-02T09:00:00.000Z',
    },
    {
      id: 't-2',
      key: 'ATL-2',
      title: 'Write the docs',
      status: 'Pending',
      estimate: '5',
      assignee: null,
      addedAt: '2026-03-02T09:00:00.000Z',
    },
  ],
  burn: [
    { day: '2026-03-02', scope: 2, completed: 0, scopePoints: 8, completedPoints: 0 },
    { day: '2026-03-03', scope: 2, completed: 1, scopePoints: 8, completedPoints: 3 },
  ],
  canEdit: true,
  estimateScale: 'points',
  next: null,
  ...overrides,
});
