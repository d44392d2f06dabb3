import { productMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { useProductCast } from '../../testing/cast.ts';
import { addMember, createProduct, createTask, createTeam } from '../../testing/factories.ts';
import { type Req, UNKNOWN_ID, useTestApp } from '../../testing/http.ts';

// GET /api/time/tasks-total (issue 31: "totals on … each view"): the time logged on the tasks a
// list shows, with the list's own query, in the products the caller sees.

const { ctx, as } = useTestApp();
const { alice, mia, gus, bob, admin } = useProductCast(ctx);

const today = () => new Date().toISOString().slice(0, 10);
const log = (taskId: string, seconds: number): Req => ({
  method: 'POST',
  url: `/api/tasks/${taskId}/time`,
  payload: { date: today(), seconds, note: '' },
});
const total = (query: string): Req => ({ url: `/api/time/tasks-total?${query}` });

/** A product of Alice's that Mia and Gus see through its team, with three tasks. */
async function productWithTasks() {
  const product = await createProduct(ctx, alice.user.id, { name: 'Hermes' });
  const team = await createTeam(ctx, product.id);
  await addMember(ctx, team.id, mia.user.id);
  await addMember(ctx, team.id, gus.user.id);
  const [high, low, idle] = await Promise.all([
    createTask(ctx, product.id, { title: 'High one', priority: 'high', assigneeId: mia.user.id }),
    createTask(ctx, product.id, { title: 'Low one', priority: 'low' }),
    createTask(ctx, product.id, { title: 'Nothing logged', priority: 'high' }),
  ]);
  if (!high || !low || !idle) throw new Error('tasks not made');
  return { productId: product.id, high: high.id, low: low.id, idle: idle.id };
}

describe('GET /api/time/tasks-total', () => {
  it('sums the time logged on the tasks the list’s filters match, by everyone', async () => {
    const p = await productWithTasks();
    expect((await as(mia, log(p.high, 3600))).statusCode).toBe(201);
    expect((await as(alice, log(p.high, 1800))).statusCode).toBe(201);
    expect((await as(mia, log(p.low, 600))).statusCode).toBe(201);

    const all = await as(mia, total(`productId=${p.productId}`));
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ seconds: 6000, tasks: 2 });
    expect((await as(mia, total(`productId=${p.productId}&priority=high`))).json()).toEqual({
      seconds: 5400,
      tasks: 1,
    });
    expect((await as(mia, total(`productId=${p.productId}&assignee=me`))).json()).toEqual({
      seconds: 5400,
      tasks: 1,
    });
    expect((await as(mia, total(`productId=${p.productId}&search=Nothing`))).json()).toEqual({
      seconds: 0,
      tasks: 0,
    });
    // A guest reads it as they read the list.
    expect((await as(gus, total(`productId=${p.productId}`))).json()).toEqual({ seconds: 6000, tasks: 2 });
  });

  it('counts only the products the caller sees, across products without a productId', async () => {
    const p = await productWithTasks();
    await as(mia, log(p.low, 900));
    const hidden = await createProduct(ctx, bob.user.id, { name: 'Bob’s own' });
    const bobs = await createTask(ctx, hidden.id, { title: 'Bob’s task' });
    expect((await as(bob, log(bobs.id, 7200))).statusCode).toBe(201);

    const mias = (await as(mia, total('search=one'))).json();
    const admins = (await as(admin, total('search=one'))).json();
    // Bob's task is not "one": it never counts for Mia, whatever else matches.
    const bobsForMia = (await as(mia, total('search=Bob'))).json();
    expect(bobsForMia).toEqual({ seconds: 0, tasks: 0 });
    expect((await as(admin, total('search=Bob'))).json()).toEqual({ seconds: 7200, tasks: 1 });
    expect(admins.seconds).toBeGreaterThanOrEqual(mias.seconds);
  });

  it('answers 401 signed out, 404 for a product out of sight, 400 for a bad filter, and drops a trashed task', async () => {
    const p = await productWithTasks();
    await as(mia, log(p.low, 1200));
    expect((await as(undefined, total(`productId=${p.productId}`))).statusCode).toBe(401);
    const outOfSight = await as(bob, total(`productId=${p.productId}`));
    expect(outOfSight.statusCode).toBe(404);
    expect(outOfSight.json().message).toBe(productMessages.notFound);
    expect((await as(mia, total(`productId=${UNKNOWN_ID}`))).statusCode).toBe(404);
    expect((await as(mia, total('priority=urgent'))).statusCode).toBe(400);

    expect((await as(mia, { method: 'DELETE', url: `/api/tasks/${p.low}` })).statusCode).toBeLessThan(300);
    expect((await as(mia, total(`productId=${p.productId}`))).json()).toEqual({ seconds: 0, tasks: 0 });
  });
});
