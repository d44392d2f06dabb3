import { taskMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { createTask } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import { entriesOf } from '../../testing/stored.ts';
import { create, storedTask } from './tasks.test-kit.ts';

// Deleting a task: DELETE /api/tasks/{id}.
const { ctx, as, member, guest, signedInOnce, productOf } = useTestApp();
const admin = signedInOnce('admin', 'Ada Admin');

describe('DELETE /api/tasks/{id}', () => {
  it('moves the task to the trash and records task_deleted naming it in the metadata', async () => {
    const owner = await member();
    const teammate = await member();
    const { product } = await productOf(owner, [teammate]);
    const created = await as(owner, create({ title: 'Short-lived', projectId: product.id, priority: 'low' }));
    const id = created.json().id;

    const res = await as(teammate, { method: 'DELETE', url: `/api/tasks/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: taskMessages.deleted });
    expect(await storedTask(ctx, id)).toBeUndefined();
    expect((await as(owner, { url: `/api/tasks/${id}` })).statusCode).toBe(404);
    expect((await as(owner, { method: 'DELETE', url: `/api/tasks/${id}` })).statusCode).toBe(404);

    const entries = await entriesOf(ctx, product.id);
    expect(entries.map((e) => [e.actionType, e.description, e.taskId])).toEqual([
      // The task is in the trash, not gone: its history still names it (a restore brings it back).
      ['task_created', 'Created task "Short-lived"', id],
      ['task_deleted', 'Deleted task "Short-lived"', id],
    ]);
    expect(entries[1]).toMatchObject({
      metadata: { taskId: id, title: 'Short-lived', status: 'Pending', priority: 'low' },
      performedBy: teammate.user.id,
    });
  });

  it('refuses a guest (403) and a member who cannot see it (404), deleting nothing', async () => {
    const owner = await member();
    const visitor = await guest();
    const { product } = await productOf(owner, [visitor]);
    const task = await createTask(ctx, product.id, { assigneeId: visitor.user.id });
    const refused = await as(visitor, { method: 'DELETE', url: `/api/tasks/${task.id}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'READ_ONLY', message: taskMessages.guestReadOnly });
    expect((await as(await member(), { method: 'DELETE', url: `/api/tasks/${task.id}` })).statusCode).toBe(
      404,
    );
    expect(await storedTask(ctx, task.id)).toBeDefined();
    expect(await entriesOf(ctx, product.id)).toEqual([]);
    expect((await as(admin, { method: 'DELETE', url: `/api/tasks/${task.id}` })).statusCode).toBe(200);
  });
});
