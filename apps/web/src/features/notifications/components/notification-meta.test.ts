import type { Notification, NotificationType } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { taskLinkOf } from './notification-meta.ts';

const notification = (type: NotificationType, metadata: Record<string, unknown>): Notification => ({
  _id: 'n-1',
  id: 'n-1',
  type,
  message: 'Something about a task',
  read: false,
  sender: null,
  metadata,
  invitationPending: false,
  createdAt: '2025-03-01T10:00:00.000Z',
});

describe('taskLinkOf', () => {
  it.each(['TASK_ASSIGNED', 'TASK_MENTION', 'TASK_COMMENT', 'TASK_STATUS'] as const)(
    'opens the task’s page from a %s notification',
    (type) => {
      expect(taskLinkOf(notification(type, { taskId: 'k-1', productId: 'p-1' }))).toBe('/tasks/k-1');
    },
  );

  it("falls back to the product's Tasks tab for an assignment without a task id, and to nothing otherwise", () => {
    expect(taskLinkOf(notification('TASK_ASSIGNED', { productId: 'p-1' }))).toBe('/products/p-1?tab=tasks');
    expect(taskLinkOf(notification('TASK_COMMENT', { productId: 'p-1' }))).toBeUndefined();
    expect(taskLinkOf(notification('TEAM_LEAD', { taskId: 'k-1', productId: 'p-1' }))).toBeUndefined();
  });
});
