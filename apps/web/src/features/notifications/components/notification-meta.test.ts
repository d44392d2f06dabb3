import type { Notification } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { taskPathOf } from './notification-meta.ts';

const of = (type: Notification['type'], metadata: Record<string, unknown>): Notification => ({
  _id: 'n',
  id: 'n',
  type,
  message: 'm',
  read: false,
  sender: null,
  metadata,
  invitationPending: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('taskPathOf', () => {
  it('opens the task of a task notification, at the comment for a comment or a mention', () => {
    expect(taskPathOf(of('TASK_ASSIGNED', { taskId: 'k-1', productId: 'p-1' }))).toBe('/tasks/k-1');
    expect(taskPathOf(of('TASK_STATUS', { taskId: 'k-1', status: 'Completed' }))).toBe('/tasks/k-1');
    expect(taskPathOf(of('TASK_COMMENT', { taskId: 'k-1', commentId: 'c-9' }))).toBe(
      '/tasks/k-1#comment-c-9',
    );
    expect(taskPathOf(of('TASK_MENTION', { taskId: 'k-1', commentId: 'c-9' }))).toBe(
      '/tasks/k-1#comment-c-9',
    );
  });

  it('leads nowhere for other types or without a task id', () => {
    expect(taskPathOf(of('TEAM_LEAD', { taskId: 'k-1' }))).toBeUndefined();
    expect(taskPathOf(of('TASK_MENTION', { commentId: 'c-9' }))).toBeUndefined();
    expect(taskPathOf(of('TASK_STATUS', { taskId: 42 }))).toBeUndefined();
  });
});
