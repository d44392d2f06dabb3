import type { Activity, TaskDetail } from '@shipyard/shared';
import { makeTask, PRODUCT_ID, TEAM_ID } from '../test-tasks.ts';

// A task's page as GET /tasks/{id}/detail answers it, for the page's component tests.

export const task = makeTask({
  id: 't-1',
  title: 'Wire the radio',
  description: '## Steps\n\n- [x] Antenna\n- [ ] Receiver',
  status: 'In Progress',
  priority: 'high',
  teamId: TEAM_ID,
  team: { id: TEAM_ID, name: 'Design' },
});

export const entry = (n: number, overrides: Partial<Activity> = {}): Activity => ({
  _id: `a-${n}`,
  id: `a-${n}`,
  actionType: 'task_updated',
  description: `Change ${n}`,
  metadata: {},
  projectId: PRODUCT_ID,
  productName: 'Apollo',
  performedBy: 'u-1',
  taskId: 't-1',
  performer: { _id: 'u-1', name: 'Ada Lovelace', avatar_url: null },
  createdAt: '2025-03-02T10:00:00.000Z',
  updatedAt: '2025-03-02T10:00:00.000Z',
  ...overrides,
});

export const all = {
  canEdit: true,
  canEditStatus: true,
  canComment: true,
  canManageLabels: false,
  canDelete: true,
};
export const none = {
  canEdit: false,
  canEditStatus: false,
  canComment: false,
  canManageLabels: false,
  canDelete: false,
};

export function makeDetail(overrides: Partial<TaskDetail> = {}): TaskDetail {
  return {
    task,
    product: { id: PRODUCT_ID, name: 'Apollo', archived: false },
    createdBy: { id: 'u-1', name: 'Ada Lovelace', avatar_url: null },
    history: {
      data: [
        entry(2, {
          actionType: 'task_status_updated',
          description: 'Changed task "Wire the radio" from Pending to In Progress',
          metadata: { previousStatus: 'Pending', newStatus: 'In Progress' },
        }),
        entry(1, { description: 'Created task "Wire the radio"' }),
      ],
      nextCursor: null,
    },
    permissions: all,
    checklist: { taskId: task.id, items: [], done: 0, total: 0 },
    labels: { taskId: task.id, labels: [] },
    files: [],
    watchers: { data: [], total: 0, watching: false },
    states: [],
    subtasks: { parents: [], data: [] },
    relations: { data: [] },
    fields: { data: [], canManage: false },
    ...overrides,
  };
}
