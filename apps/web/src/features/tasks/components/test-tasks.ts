import type { Task, TaskList, TaskOptions } from '@shipyard/shared';

// Tasks as the API answers them, for this feature's component tests. Ids are UUIDs, as the
// form's schema checks them.

export const PRODUCT_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_PRODUCT_ID = '22222222-2222-4222-8222-222222222222';
export const TEAM_ID = '33333333-3333-4333-8333-333333333333';
export const OTHER_TEAM_ID = '44444444-4444-4444-8444-444444444444';
export const ASSIGNEE_ID = '55555555-5555-4555-8555-555555555555';
export const OTHER_ASSIGNEE_ID = '66666666-6666-4666-8666-666666666666';

export function makeTask(overrides: Partial<Task> = {}): Task {
  const id = overrides.id ?? 't-1';
  const projectId = overrides.projectId ?? PRODUCT_ID;
  return {
    id,
    _id: id,
    number: 1,
    key: 'APO-1',
    title: 'Design the onboarding flow',
    rank: 'a0',
    stateId: null,
    fields: {},
    description: 'Three screens, then the first product.',
    status: 'Pending',
    priority: 'medium',
    phase: null,
    dueDate: null,
    teamId: null,
    team: null,
    assigneeId: null,
    assignee: null,
    projectId,
    product_id: projectId,
    project: { id: projectId, name: 'Apollo' },
    createdBy: 'u-1',
    completedAt: null,
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    checklist: { done: 0, total: 0 },
    labels: [],
    parentId: null,
    subtasks: { done: 0, total: 0 },
    estimate: null,
    blocked: false,
    blockedBy: [],
    ...overrides,
  };
}

export function taskList(data: Task[], overrides: Partial<TaskList> = {}): TaskList {
  return { data, total: data.length, nextCursor: null, ...overrides };
}

export function makeTaskOptions(overrides: Partial<TaskOptions> = {}): TaskOptions {
  return {
    teams: [{ id: TEAM_ID, name: 'Design' }],
    assignees: [{ id: ASSIGNEE_ID, name: 'Grace Hopper', email: 'grace@example.com', avatar_url: null }],
    estimateScale: 'none',
    ...overrides,
  };
}

/** The three states a product starts with (issue 29), by status. */
export const STATE_IDS = {
  Pending: 'a1111111-1111-4111-8111-111111111111',
  'In Progress': 'a2222222-2222-4222-8222-222222222222',
  Completed: 'a3333333-3333-4333-8333-333333333333',
} as const;

/** GET /api/projects/{id}/states of a product with the three first states. */
export const productStates = (productId = PRODUCT_ID) => ({
  data: (['Pending', 'In Progress', 'Completed'] as const).map((status, position) => ({
    id: STATE_IDS[status],
    productId,
    name: status,
    color: '#64748b',
    category: status,
    position,
    tasks: 0,
  })),
  canManage: true,
});

/** A board answer's empty column of one of the three first states. */
export const emptyStateColumn = (status: keyof typeof STATE_IDS) => ({
  status,
  state: { id: STATE_IDS[status], name: status, color: '#64748b' },
  total: 0,
  cards: [],
  nextCursor: null,
});
