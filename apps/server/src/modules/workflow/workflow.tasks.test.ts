import { taskMessages } from '@shipyard/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, tasks } from '../../db/schema/index.ts';
import { useProductCast } from '../../testing/cast.ts';
import { createProduct, createTask } from '../../testing/factories.ts';
import { type Req, useTestApp } from '../../testing/http.ts';
import { deleteState, stateIn, statesOf } from './workflow.test-kit.ts';

// A task's state and status stay consistent on every path (the tasks trigger of migration 0030):
// the API's create, edit, status patch and board move, a move to another product, a plain insert
// (the importer, the demo, quick create write through it), and a state deleted under a trashed task.

const { ctx, as } = useTestApp();
const { alice, productId } = useProductCast(ctx);

const rowOf = async (id: string) => (await ctx.db.select().from(tasks).where(eq(tasks.id, id)))[0];
const update = (id: string, payload: object): Req => ({
  method: 'PATCH',
  url: `/api/tasks/${id}/update`,
  payload,
});
const move = (id: string, payload: object): Req => ({
  method: 'PATCH',
  url: `/api/tasks/${id}/task/update`,
  payload,
});

/** A product of Alice's with Backlog (Pending), In review (In Progress) and Cancelled (Completed) added. */
async function workflow() {
  const product = (await createProduct(ctx, alice.user.id)).id;
  const backlog = await stateIn(as, alice, product, {
    name: 'Backlog',
    color: '#64748b',
    category: 'Pending',
  });
  const review = await stateIn(as, alice, product, {
    name: 'In review',
    color: '#a855f7',
    category: 'In Progress',
  });
  const cancelled = await stateIn(as, alice, product, {
    name: 'Cancelled',
    color: '#ef4444',
    category: 'Completed',
  });
  const [pending, , progress, , done] = await statesOf(as, alice, product);
  return { product, backlog, review, cancelled, pending, progress, done };
}

describe('a task’s state', () => {
  it('is the first state of its status when an insert names none, and sets the status when it names one', async () => {
    const { product, pending, review, done } = await workflow();
    const plain = await createTask(ctx, product, { status: 'Completed' });
    expect(plain.stateId).toBe(done?.id);
    const named = await createTask(ctx, product, { status: 'Pending', stateId: review.id });
    expect(named).toMatchObject({ status: 'In Progress', stateId: review.id });
    const created = await as(alice, {
      method: 'POST',
      url: '/api/tasks',
      payload: { title: 'Via API', projectId: product },
    });
    expect(created.json()).toMatchObject({ status: 'Pending', stateId: pending?.id });
    const inReview = await as(alice, {
      method: 'POST',
      url: '/api/tasks',
      payload: { title: 'Reviewed', projectId: product, stateId: review.id },
    });
    expect(inReview.statusCode).toBe(201);
    expect(inReview.json()).toMatchObject({ status: 'In Progress', stateId: review.id });
  });

  it('must be a state of the task’s product: 400 with the field’s message, and nothing changes', async () => {
    const { product } = await workflow();
    const [foreign] = await statesOf(as, alice, productId());
    const refused = await as(alice, {
      method: 'POST',
      url: '/api/tasks',
      payload: { title: 'Wrong state', projectId: product, stateId: foreign?.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(taskMessages.stateNotInProduct);
    expect(refused.json().details.fields).toEqual({ stateId: [taskMessages.stateNotInProduct] });
    const task = await createTask(ctx, product, { title: 'Stays' });
    for (const req of [
      update(task.id, { stateId: foreign?.id }),
      move(task.id, { status: 'Pending', stateId: foreign?.id }),
    ]) {
      const res = await as(alice, req);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(taskMessages.stateNotInProduct);
    }
    expect(await rowOf(task.id)).toMatchObject({ status: 'Pending', stateId: task.stateId });
  });

  it('follows a status-only patch of the API, and keeps a state of the same status', async () => {
    const { product, review, progress, done } = await workflow();
    const task = await createTask(ctx, product, { stateId: review.id });
    const same = await as(alice, update(task.id, { status: 'In Progress', title: 'Renamed' }));
    expect(same.json()).toMatchObject({ status: 'In Progress', stateId: review.id });
    const completed = await as(alice, update(task.id, { status: 'Completed' }));
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toMatchObject({ status: 'Completed', stateId: done?.id });
    expect(completed.json().completedAt).not.toBeNull();
    const back = await as(alice, move(task.id, { status: 'in progress' }));
    expect(back.json()).toMatchObject({ status: 'In Progress', stateId: progress?.id, completedAt: null });
  });

  it('is set by an edit or a board move, with the status of its category, and reads in the history by name', async () => {
    const { product, backlog, review, cancelled } = await workflow();
    const task = await createTask(ctx, product, { title: 'Flow', stateId: backlog.id });
    const edited = await as(alice, update(task.id, { stateId: review.id }));
    expect(edited.json()).toMatchObject({ status: 'In Progress', stateId: review.id });
    const moved = await as(alice, move(task.id, { status: 'Completed', stateId: cancelled.id }));
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      status: 'Completed',
      stateId: cancelled.id,
      previous: { status: 'In Progress', stateId: review.id },
    });
    const entries = await ctx.db
      .select({ description: activities.description })
      .from(activities)
      .where(eq(activities.taskId, task.id))
      .orderBy(activities.createdAt);
    expect(entries.map((e) => e.description)).toEqual(
      expect.arrayContaining(['Changed task "Flow" from Backlog to In review', 'Completed task "Flow"']),
    );
  });

  it('moves within its status without changing it (a column of the same status)', async () => {
    const { product, progress, review } = await workflow();
    const task = await createTask(ctx, product, { title: 'Across', stateId: progress?.id });
    const res = await as(alice, move(task.id, { status: 'In Progress', stateId: review.id }));
    expect(res.json()).toMatchObject({ status: 'In Progress', stateId: review.id });
    const [entry] = await ctx.db
      .select({ description: activities.description })
      .from(activities)
      .where(eq(activities.taskId, task.id));
    expect(entry?.description).toBe('Changed task "Across" from In Progress to In review');
  });

  it('maps to the first state of the same status in the product a task moves to', async () => {
    const { product, review } = await workflow();
    const task = await createTask(ctx, product, { stateId: review.id });
    const [, progressThere] = await statesOf(as, alice, productId());
    const res = await as(alice, update(task.id, { projectId: productId() }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'In Progress', stateId: progressThere?.id });
    // A plain update of the product too (e.g. a script on the database).
    await ctx.db.update(tasks).set({ productId: product }).where(eq(tasks.id, task.id));
    const progressBack = (await statesOf(as, alice, product))[2];
    expect(await rowOf(task.id)).toMatchObject({ status: 'In Progress', stateId: progressBack?.id });
  });

  it('filters and groups a product’s task list by state', async () => {
    const { product, review, backlog } = await workflow();
    await createTask(ctx, product, { title: 'Reviewed', stateId: review.id });
    await createTask(ctx, product, { title: 'Later', stateId: backlog.id });
    await createTask(ctx, product, { title: 'Plain' });
    const filtered = await as(alice, { url: `/api/tasks/${product}/tasks?stateId=${review.id}` });
    expect(filtered.statusCode).toBe(200);
    expect(filtered.json().data.map((t: { title: string }) => t.title)).toEqual(['Reviewed']);
    const grouped = await as(alice, { url: `/api/tasks/${product}/tasks?group=state` });
    expect(grouped.json().groups.map((g: { label: string; total: number }) => [g.label, g.total])).toEqual([
      ['Pending', 1],
      ['Backlog', 1],
      ['In review', 1],
    ]);
    const bad = await as(alice, { url: `/api/tasks/${product}/tasks?stateId=nope` });
    expect(bad.statusCode).toBe(400);
  });

  it('of a trashed task survives its state’s deletion: it takes the first state of its status', async () => {
    const { product, review, done, progress } = await workflow();
    const task = await createTask(ctx, product, { stateId: review.id });
    await ctx.db.execute(sql`update public.tasks set deleted_at = now() where id = ${task.id}`);
    expect((await as(alice, deleteState(review.id, done?.id))).statusCode).toBe(200);
    const [row] = (await ctx.db.execute(sql`select status, state_id from public.tasks where id = ${task.id}`))
      .rows;
    expect(row).toEqual({ status: 'In Progress', state_id: progress?.id });
  });
});
