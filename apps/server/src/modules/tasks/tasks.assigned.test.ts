import { describe, expect, it } from 'vitest';
import { createTask } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import { notificationsOf, refuseActivitiesWhen } from '../../testing/stored.ts';
import { create, edit } from './tasks.test-kit.ts';

// Whom a task write tells: the TASK_ASSIGNED notification.
const { ctx, as, member, productOf } = useTestApp();

describe('TASK_ASSIGNED notifications', () => {
  it('tells the assignee of a task someone else created or assigned to them, once per assignment', async () => {
    const owner = await member('Olga Owner');
    const dev = await member('Dana Dev');
    const other = await member('Otto Other');
    const { product } = await productOf(owner, [dev, other], { name: 'Apollo' });

    const made = await as(
      owner,
      create({ title: 'Ship it', projectId: product.id, assigneeId: dev.user.id }),
    );
    expect(made.statusCode).toBe(201);
    const taskId = made.json().id;
    const [told] = await notificationsOf(ctx, dev.user.id);
    expect(told).toMatchObject({
      type: 'TASK_ASSIGNED',
      senderId: owner.user.id,
      message: 'Olga Owner assigned you the task "Ship it" in "Apollo".',
      metadata: { taskId, productId: product.id },
      readAt: null,
    });
    const list = await as(dev, { url: '/api/notifications' });
    expect(list.json().data[0]).toMatchObject({
      type: 'TASK_ASSIGNED',
      sender: { _id: owner.user.id, name: 'Olga Owner', avatar: null },
    });

    // Other edits, and naming the same assignee again, tell nobody.
    await as(owner, edit(taskId, { title: 'Ship it now', assigneeId: dev.user.id }));
    expect(await notificationsOf(ctx, dev.user.id)).toHaveLength(1);

    await as(owner, edit(taskId, { assigneeId: other.user.id }));
    expect((await notificationsOf(ctx, other.user.id)).map((n) => n.message)).toEqual([
      'Olga Owner assigned you the task "Ship it now" in "Apollo".',
    ]);
    expect(await notificationsOf(ctx, dev.user.id)).toHaveLength(1);
    await as(owner, edit(taskId, { assigneeId: null }));
    await as(owner, edit(taskId, { assigneeId: dev.user.id }));
    expect(await notificationsOf(ctx, dev.user.id)).toHaveLength(2);
  });

  it('tells nobody when the caller assigns a task to themselves', async () => {
    const owner = await member();
    const dev = await member();
    const { product } = await productOf(owner, [dev]);
    const mine = await as(owner, create({ title: 'Mine', projectId: product.id, assigneeId: owner.user.id }));
    expect(mine.statusCode).toBe(201);
    const theirs = await createTask(ctx, product.id, { title: 'Theirs' });
    expect((await as(dev, edit(theirs.id, { assigneeId: dev.user.id }))).statusCode).toBe(200);
    expect(await notificationsOf(ctx, owner.user.id)).toEqual([]);
    expect(await notificationsOf(ctx, dev.user.id)).toEqual([]);
  });

  it('stores no notification when the task cannot be written', async () => {
    const owner = await member();
    const dev = await member();
    const { product } = await productOf(owner, [dev]);
    const restore = await refuseActivitiesWhen(ctx, `new.action_type = 'task_created'`);
    try {
      const res = await as(owner, create({ title: 'Lost', projectId: product.id, assigneeId: dev.user.id }));
      expect(res.statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await notificationsOf(ctx, dev.user.id)).toEqual([]);
  });
});
