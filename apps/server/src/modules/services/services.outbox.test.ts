import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../db/schema/index.ts';
import { addMember, createProduct, createTask, createTeam } from '../../testing/factories.ts';
import { createWebhookOutbox } from './services.outbox.ts';
import { useServiceTests } from './services.test-kit.ts';

// The webhook outbox: what a product or task change writes for its Webhook services.
const { ctx, as, member, admin, addService, deliveriesOf, webhookedProduct, moveProduct } = useServiceTests();

describe('the webhook outbox', () => {
  it('writes one delivery per Active Webhook service of the product, with the status change', async () => {
    const { product, service } = await webhookedProduct('https://hooks.example.com/one');
    // Not a Webhook service, and a Webhook service of another product: neither receives it.
    await addService({ integration: 'SDK', productIds: [product.id] });
    const elsewhere = await createProduct(ctx, admin.user.id, { name: 'Elsewhere' });
    const otherHook = await addService({
      integration: 'Webhook',
      webhookUrl: 'https://hooks.example.com/two',
      productIds: [elsewhere.id],
    });

    const res = await as(admin, {
      method: 'PATCH',
      url: `/api/projects/${product.id}/status`,
      payload: { status: 'Development' },
    });
    expect(res.statusCode).toBe(200);

    const [delivery, ...more] = await deliveriesOf(service.id);
    expect(more).toEqual([]);
    expect(delivery).toMatchObject({
      eventType: 'product.status_changed',
      status: 'pending',
      attempts: 0,
      lastStatusCode: null,
      lastError: null,
    });
    expect(delivery?.payload).toEqual({
      id: delivery?.id,
      event: 'product.status_changed',
      occurredAt: expect.any(String),
      data: {
        productId: product.id,
        name: 'Apollo',
        status: 'development',
        previousStatus: 'planning',
      },
    });
    expect(await deliveriesOf(otherHook.id)).toEqual([]);
  });

  it('writes nothing for an Inactive service', async () => {
    const { product, service } = await webhookedProduct('https://hooks.example.com/off');
    await as(admin, {
      method: 'PATCH',
      url: `/api/services/${service.id}/status`,
      payload: { status: 'Inactive' },
    });
    await moveProduct(product.id);
    expect(await deliveriesOf(service.id)).toEqual([]);
  });

  it('writes nothing when the change rolls back, even after the delivery was inserted', async () => {
    const { product, service } = await webhookedProduct('https://hooks.example.com/rollback');
    // Fails at COMMIT, after the whole change (delivery included) was written in the transaction.
    await ctx.pool.query(`create or replace function test_refuse_commit() returns trigger language plpgsql
      as $$ begin raise exception 'refused at commit by the test'; end $$`);
    await ctx.pool.query(`create constraint trigger test_refuse_commit after update on public.products
      deferrable initially deferred for each row execute function test_refuse_commit()`);
    try {
      const res = await as(admin, {
        method: 'PATCH',
        url: `/api/projects/${product.id}/status`,
        payload: { status: 'production' },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.pool.query('drop trigger test_refuse_commit on public.products');
    }
    expect(await deliveriesOf(service.id)).toEqual([]);
    expect((await ctx.db.select().from(products).where(eq(products.id, product.id)))[0]?.status).toBe(
      'planning',
    );

    // And through the outbox itself: a transaction that throws keeps none of its deliveries.
    const outbox = createWebhookOutbox({ clock: ctx.clock });
    await expect(
      ctx.db.transaction(async (tx) => {
        expect(
          await outbox.enqueue(tx, { event: 'product.updated', productIds: [product.id], data: {} }),
        ).toBe(1);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await deliveriesOf(service.id)).toEqual([]);
  });

  it('names a sub-task’s parent in its task events (issue 29)', async () => {
    const { product, service } = await webhookedProduct('https://hooks.example.com/tree');
    const create = (payload: object) =>
      as(admin, { method: 'POST', url: '/api/tasks', payload: { projectId: product.id, ...payload } });
    const parent = (await create({ title: 'Epic' })).json();
    const child = await create({ title: 'Story', parentId: parent.id });
    expect(child.statusCode).toBe(201);
    await as(admin, {
      method: 'PATCH',
      url: `/api/tasks/${child.json().id}/update`,
      payload: { parentId: null },
    });
    const events = (await deliveriesOf(service.id)).map((d) => [d.eventType, d.payload.data]);
    expect(events).toMatchObject([
      ['task.created', { taskId: parent.id, parentId: null }],
      ['task.created', { taskId: child.json().id, parentId: parent.id }],
      ['task.updated', { taskId: child.json().id, parentId: null, changed: ['parentId'] }],
    ]);
  });

  it('writes the product edit and delete, and every task change, of a product with a Webhook service', async () => {
    const { product, service } = await webhookedProduct('https://hooks.example.com/all');
    const task = await as(admin, {
      method: 'POST',
      url: '/api/tasks',
      payload: { title: 'Ship it', projectId: product.id },
    });
    expect(task.statusCode).toBe(201);
    const taskId = task.json().id as string;
    // Its key (issue 28), which the one-statement create reads from the row it writes.
    const key = task.json().key as string;
    expect(key).toMatch(/^[A-Z][A-Z0-9]{1,5}-1$/);
    await as(admin, {
      method: 'PATCH',
      url: `/api/tasks/${taskId}/task/update`,
      payload: { status: 'In Progress' },
    });
    await as(admin, {
      method: 'PATCH',
      url: `/api/tasks/${taskId}/update`,
      payload: { title: 'Ship it now' },
    });
    await as(admin, { method: 'DELETE', url: `/api/tasks/${taskId}` });
    await as(admin, { method: 'PATCH', url: `/api/projects/${product.id}`, payload: { name: 'Apollo 2' } });

    const events = (await deliveriesOf(service.id)).map((d) => [d.eventType, d.payload.data]);
    expect(events).toEqual([
      [
        'task.created',
        {
          taskId,
          key,
          productId: product.id,
          title: 'Ship it',
          status: 'Pending',
          parentId: null,
          relations: [],
        },
      ],
      [
        'task.status_changed',
        {
          taskId,
          key,
          productId: product.id,
          title: 'Ship it',
          status: 'In Progress',
          parentId: null,
          relations: [],
          previousStatus: 'Pending',
        },
      ],
      [
        'task.updated',
        {
          taskId,
          key,
          productId: product.id,
          title: 'Ship it now',
          status: 'In Progress',
          parentId: null,
          relations: [],
          changed: ['title'],
        },
      ],
      [
        'task.deleted',
        {
          taskId,
          key,
          productId: product.id,
          title: 'Ship it now',
          status: 'In Progress',
          parentId: null,
          relations: [],
        },
      ],
      ['product.updated', { productId: product.id, name: 'Apollo 2', status: 'planning', changed: ['name'] }],
    ]);
    // Every delivery as enqueue writes it, the task's creation too (one statement with its entry
    // and watchers, lib/write.ts): pending, due at once, its payload naming it and its time.
    for (const d of await deliveriesOf(service.id)) {
      expect(d).toMatchObject({ status: 'pending', attempts: 0 });
      expect(d.payload).toEqual({
        id: d.id,
        event: d.eventType,
        occurredAt: d.nextAttemptAt.toISOString(),
        data: expect.any(Object),
      });
    }

    // Deleting the product removes its service links: the event is written before they go.
    const res = await as(admin, { method: 'DELETE', url: `/api/projects/${product.id}` });
    expect(res.statusCode).toBe(200);
    const last = (await deliveriesOf(service.id)).at(-1);
    expect(last?.eventType).toBe('product.deleted');
    expect(last?.payload.data).toEqual({ productId: product.id, name: 'Apollo 2', status: 'planning' });
  });

  it('tells the services of a product whose team member changes one of its tasks', async () => {
    const { product, service } = await webhookedProduct('https://hooks.example.com/member');
    const mia = await member();
    const team = await createTeam(ctx, product.id);
    await addMember(ctx, team.id, mia.user.id);
    const task = await createTask(ctx, product.id, { title: 'Review' });
    const res = await as(mia, {
      method: 'PATCH',
      url: `/api/tasks/${task.id}/task/update`,
      payload: { status: 'Completed' },
    });
    expect(res.statusCode).toBe(200);
    expect((await deliveriesOf(service.id)).map((d) => d.eventType)).toEqual(['task.status_changed']);
  });
});
