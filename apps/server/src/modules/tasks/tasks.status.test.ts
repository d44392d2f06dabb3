import { taskMessages } from '@shipyard/shared';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities } from '../../db/schema/index.ts';
import { createTask } from '../../testing/factories.ts';
import { UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { entriesOf, refuseActivitiesWhen } from '../../testing/stored.ts';
import { edit, setStatus, storedTask } from './tasks.test-kit.ts';

// Moving a task: PATCH /api/tasks/{id}/task/update.
const { ctx, as, member, guest, productOf } = useTestApp();

describe('PATCH /api/tasks/{id}/task/update', () => {
  it('sets the status in any casing or as the board’s column id, recording each change', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id, { title: 'Move me', priority: 'high' });

    const moved = await as(owner, setStatus(task.id, 'in progress'));
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id: task.id, status: 'In Progress', completedAt: null });

    const completed = await as(owner, setStatus(task.id, 'COMPLETED'));
    expect(completed.json().status).toBe('Completed');
    const stored = await storedTask(ctx, task.id);
    expect(stored?.completedAt).toBeInstanceOf(Date);
    expect(completed.json().completedAt).toBe(stored?.completedAt?.toISOString());

    const reopened = await as(owner, setStatus(task.id, 'Pending'));
    expect(reopened.json()).toMatchObject({ status: 'Pending', completedAt: null });
    expect((await storedTask(ctx, task.id))?.completedAt).toBeNull();

    const timeline = await as(owner, { url: `/api/activities/product/${product.id}` });
    const entries = [...timeline.json().data].reverse();
    expect(
      entries.map((e: { actionType: string; description: string; metadata: object }) => [
        e.actionType,
        e.description,
        e.metadata,
      ]),
    ).toEqual([
      [
        'task_status_updated',
        'Changed task "Move me" from Pending to In Progress',
        {
          previousStatus: 'Pending',
          newStatus: 'In Progress',
          status: 'In Progress',
          priority: 'high',
          taskId: task.id,
        },
      ],
      [
        'task_completed',
        'Completed task "Move me"',
        {
          previousStatus: 'In Progress',
          newStatus: 'Completed',
          status: 'Completed',
          priority: 'high',
          taskId: task.id,
        },
      ],
      [
        'task_status_updated',
        'Changed task "Move me" from Completed to Pending',
        {
          previousStatus: 'Completed',
          newStatus: 'Pending',
          status: 'Pending',
          priority: 'high',
          taskId: task.id,
        },
      ],
    ]);
    expect(
      (await entriesOf(ctx, product.id)).every(
        (e) => e.taskId === task.id && e.performedBy === owner.user.id,
      ),
    ).toBe(true);
  });

  it('answers the task as it is and records nothing when the status is the same', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id, { status: 'In Progress' });
    const res = await as(owner, setStatus(task.id, 'In_Progress'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'In Progress', updatedAt: task.updatedAt.toISOString() });
    expect(await entriesOf(ctx, product.id)).toEqual([]);
  });

  it('changes updated_at on every write', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id, { updatedAt: new Date('2020-01-01') });
    const res = await as(owner, setStatus(task.id, 'completed'));
    expect(Date.parse(res.json().updatedAt)).toBeGreaterThan(Date.parse('2020-01-01'));
    expect(res.json().updatedAt).toBe(res.json().completedAt);
    const edited = await as(owner, edit(task.id, { title: 'Renamed' }));
    expect(Date.parse(edited.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(res.json().updatedAt));
    expect(edited.json().updatedAt).not.toBe(task.updatedAt.toISOString());
  });

  it('refuses an unknown status with the message, changing nothing', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id);
    for (const status of ['Done', '', 3, null]) {
      const res = await as(owner, setStatus(task.id, status));
      expect(res.statusCode, String(status)).toBe(400);
      expect(res.json().details.fields.status).toEqual([expect.any(String)]);
    }
    const res = await as(owner, setStatus(task.id, 'Done'));
    expect(res.json().message).toBe(taskMessages.statusUnknown);
    expect((await storedTask(ctx, task.id))?.status).toBe('Pending');
    expect(await entriesOf(ctx, product.id)).toEqual([]);
  });

  it('lets a guest move a task assigned to them, and no other (403 READ_ONLY, nothing changed)', async () => {
    const owner = await member();
    const visitor = await guest('Gil Guest');
    const { product } = await productOf(owner, [visitor]);
    const theirs = await createTask(ctx, product.id, { title: 'Theirs', assigneeId: visitor.user.id });
    const others = await createTask(ctx, product.id, { title: 'Others', assigneeId: owner.user.id });
    const nobody = await createTask(ctx, product.id, { title: 'Nobody’s' });

    const ok = await as(visitor, setStatus(theirs.id, 'Completed'));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('Completed');
    for (const task of [others, nobody]) {
      const refused = await as(visitor, setStatus(task.id, 'Completed'));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'READ_ONLY', message: taskMessages.guestReadOnly });
      expect((await storedTask(ctx, task.id))?.status).toBe('Pending');
    }
    const entries = await entriesOf(ctx, product.id);
    expect(entries.map((e) => [e.actionType, e.performedBy, e.taskId])).toEqual([
      ['task_completed', visitor.user.id, theirs.id],
    ]);
  });

  it('answers 404 Task not found for a task of a product the caller cannot see', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id);
    for (const who of [await member(), await guest()]) {
      const res = await as(who, setStatus(task.id, 'Completed'));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: taskMessages.notFound, code: 'TASK_NOT_FOUND' });
    }
    expect((await as(owner, setStatus(UNKNOWN_ID, 'Completed'))).statusCode).toBe(404);
    expect((await storedTask(ctx, task.id))?.status).toBe('Pending');
  });

  it('serialises concurrent changes: last write wins and the entries form one chain', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id);
    const results = await Promise.all(
      ['In Progress', 'Completed', 'In Progress', 'Completed'].map((s) => as(owner, setStatus(task.id, s))),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const stored = await storedTask(ctx, task.id);
    expect(stored?.completedAt === null).toBe(stored?.status !== 'Completed');
    // Each entry starts where the previous one ended, and the last ends at the stored status.
    const entries = await ctx.db
      .select()
      .from(activities)
      .where(eq(activities.taskId, task.id))
      .orderBy(asc(activities.id));
    const chain = entries.map((e) => e.metadata as { previousStatus: string; newStatus: string });
    const ordered: typeof chain = [];
    let at = 'Pending';
    while (ordered.length < chain.length) {
      const next = chain.find((c) => c.previousStatus === at && !ordered.includes(c));
      if (!next) break;
      ordered.push(next);
      at = next.newStatus;
    }
    expect(ordered).toHaveLength(chain.length);
    expect(at).toBe(stored?.status);
  });

  it('changes nothing when the activity entry cannot be written', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id);
    const restore = await refuseActivitiesWhen(ctx, `new.product_id = '${product.id}'`);
    try {
      expect((await as(owner, setStatus(task.id, 'Completed'))).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await storedTask(ctx, task.id)).toMatchObject({ status: 'Pending', completedAt: null });
  });
});
