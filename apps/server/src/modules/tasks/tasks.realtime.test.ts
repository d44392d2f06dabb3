import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { createTask } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import { refuseActivitiesWhen } from '../../testing/stored.ts';
import { create, edit, setStatus, storedTask } from './tasks.test-kit.ts';

// What a task write publishes to the realtime clients, and when it publishes nothing.
const { ctx, as, member, guest, productOf, publishedBy } = useTestApp();

describe('realtime changes', () => {
  it('publishes a task change for its product after each write, and the new notification to its assignee', async () => {
    const owner = await member();
    const dev = await member();
    const { product } = await productOf(owner, [dev]);
    let id = '';
    const created = await publishedBy(async () => {
      const res = await as(owner, create({ title: 'Live', projectId: product.id, assigneeId: dev.user.id }));
      expect(res.statusCode).toBe(201);
      id = res.json().id;
    });
    const [told] = await ctx.db.select().from(notifications).where(eq(notifications.userId, dev.user.id));
    expect(created).toEqual([
      expect.objectContaining({
        kind: 'task',
        op: 'created',
        id,
        productId: product.id,
        version: expect.any(Number),
      }),
      expect.objectContaining({
        kind: 'notification',
        op: 'created',
        id: told?.id,
        productId: null,
        userIds: [dev.user.id],
      }),
      // Its creator and assignee now watch it (modules/comments).
      expect.objectContaining({ kind: 'watcher', op: 'updated', id, productId: product.id }),
    ]);
    // The activity entry written with it is not a change of its own.
    expect(created.some((c) => c.kind === 'activity')).toBe(false);

    expect(await publishedBy(() => as(owner, edit(id, { title: 'Live!' })))).toEqual([
      expect.objectContaining({ kind: 'task', op: 'updated', id, productId: product.id }),
    ]);
    expect(await publishedBy(() => as(dev, setStatus(id, 'Completed')))).toEqual([
      expect.objectContaining({ kind: 'task', op: 'updated', id, productId: product.id }),
      // The owner watches the task they created: TASK_STATUS.
      expect.objectContaining({ kind: 'notification', op: 'created', userIds: [owner.user.id] }),
    ]);
    expect(await publishedBy(() => as(owner, { method: 'DELETE', url: `/api/tasks/${id}` }))).toEqual([
      expect.objectContaining({ kind: 'task', op: 'deleted', id, productId: product.id }),
    ]);
  });

  it('publishes nothing for a change that changes nothing', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id, { title: 'Same', status: 'Pending' });
    expect(await publishedBy(() => as(owner, edit(task.id, { title: 'Same' })))).toEqual([]);
    expect(await publishedBy(() => as(owner, setStatus(task.id, 'Pending')))).toEqual([]);
  });

  it('publishes a task moved to another product for both products', async () => {
    const owner = await member();
    const { product: from } = await productOf(owner);
    const { product: to } = await productOf(owner);
    const task = await createTask(ctx, from.id);
    const published = await publishedBy(async () => {
      expect((await as(owner, edit(task.id, { projectId: to.id }))).statusCode).toBe(200);
    });
    expect(published).toEqual([
      expect.objectContaining({ kind: 'task', op: 'updated', id: task.id, productId: to.id }),
      expect.objectContaining({ kind: 'task', op: 'updated', id: task.id, productId: from.id }),
    ]);
  });

  it('publishes nothing for a refused or invalid write', async () => {
    const owner = await member();
    const visitor = await guest();
    const { product } = await productOf(owner, [visitor]);
    const task = await createTask(ctx, product.id);
    const published = await publishedBy(async () => {
      expect((await as(owner, create({ title: '', projectId: product.id }))).statusCode).toBe(400);
      expect((await as(visitor, create({ title: 'No', projectId: product.id }))).statusCode).toBe(403);
      expect((await as(visitor, { method: 'DELETE', url: `/api/tasks/${task.id}` })).statusCode).toBe(403);
      expect((await as(await member(), edit(task.id, { title: 'Hidden' }))).statusCode).toBe(404);
    });
    expect(published).toEqual([]);
  });

  it('publishes nothing when the write rolls back', async () => {
    const owner = await member();
    const dev = await member();
    const { product } = await productOf(owner, [dev]);
    const task = await createTask(ctx, product.id);
    const restore = await refuseActivitiesWhen(ctx, `new.product_id = '${product.id}'`);
    try {
      const published = await publishedBy(async () => {
        const made = await as(
          owner,
          create({ title: 'Lost', projectId: product.id, assigneeId: dev.user.id }),
        );
        expect(made.statusCode).toBe(500);
        expect((await as(owner, setStatus(task.id, 'Completed'))).statusCode).toBe(500);
        expect((await as(owner, edit(task.id, { title: 'Lost too' }))).statusCode).toBe(500);
        expect((await as(owner, { method: 'DELETE', url: `/api/tasks/${task.id}` })).statusCode).toBe(500);
      });
      expect(published).toEqual([]);
    } finally {
      await restore();
    }
  });

  it('publishes nothing when the commit itself fails, after every statement succeeded', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id);
    // A deferred constraint trigger fails at COMMIT: a change published inside the transaction would leak.
    await ctx.pool.query(`create or replace function test_refuse_commit() returns trigger language plpgsql
      as $$ begin
        if (case when tg_op = 'DELETE' then old.product_id else new.product_id end) = tg_argv[0]::uuid
        then raise exception 'commit refused by the test'; end if;
        return null;
      end $$`);
    await ctx.pool.query(`create constraint trigger test_refuse_commit after insert or update or delete on public.tasks
      deferrable initially deferred for each row execute function test_refuse_commit('${product.id}')`);
    try {
      const published = await publishedBy(async () => {
        expect((await as(owner, create({ title: 'Lost', projectId: product.id }))).statusCode).toBe(500);
        expect((await as(owner, edit(task.id, { title: 'Lost too' }))).statusCode).toBe(500);
        expect((await as(owner, { method: 'DELETE', url: `/api/tasks/${task.id}` })).statusCode).toBe(500);
      });
      expect(published).toEqual([]);
    } finally {
      await ctx.pool.query('drop trigger test_refuse_commit on public.tasks');
    }
    expect(await storedTask(ctx, task.id)).toMatchObject({ title: 'A task' });
  });
});
