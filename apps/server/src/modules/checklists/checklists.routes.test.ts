import { CHECKLIST_MAX_ITEMS, checklistMessages, taskMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { taskChecklistItems, tasks } from '../../db/schema/index.ts';
import { useProductCast } from '../../testing/cast.ts';
import { createProduct, createTask } from '../../testing/factories.ts';
import { type Req, UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { POSITION_STEP, positionAt } from './checklists.service.ts';

const { ctx, as } = useTestApp();

const { alice, mia, gus, bob, admin, productId } = useProductCast(ctx);

const newTask = async (values: Parameters<typeof createTask>[2] = {}) =>
  (await createTask(ctx, productId(), values)).id;
const add = (taskId: string, title: string): Req => ({
  method: 'POST',
  url: `/api/tasks/${taskId}/checklist`,
  payload: { title },
});
const patch = (itemId: string, payload: object): Req => ({
  method: 'PATCH',
  url: `/api/checklist-items/${itemId}`,
  payload,
});
const move = (itemId: string, payload: object): Req => ({
  method: 'POST',
  url: `/api/checklist-items/${itemId}/move`,
  payload,
});
const remove = (itemId: string): Req => ({ method: 'DELETE', url: `/api/checklist-items/${itemId}` });
const counters = async (taskId: string) => {
  const [row] = await ctx.db
    .select({ done: tasks.checklistDone, total: tasks.checklistTotal })
    .from(tasks)
    .where(eq(tasks.id, taskId));
  return row;
};
type Listed = { items: { id: string; title: string; done: boolean }[]; done: number; total: number };
const titles = (body: Listed) => body.items.map((i) => i.title);

/** A task with items titled `titles`, added by Mia; answers the task and the item ids in order. */
async function taskWith(...titles: string[]) {
  const taskId = await newTask();
  let body: Listed = { items: [], done: 0, total: 0 };
  for (const title of titles) body = (await as(mia, add(taskId, title))).json();
  return { taskId, ids: body.items.map((i) => i.id) };
}

describe('GET /api/tasks/{id}/checklist', () => {
  it('shows the items in order with their counts to anyone who sees the product, guests too', async () => {
    const { taskId } = await taskWith('Write', 'Review');
    for (const who of [alice, mia, gus, admin]) {
      const res = await as(who, { url: `/api/tasks/${taskId}/checklist` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ taskId, done: 0, total: 2 });
      expect(titles(res.json())).toEqual(['Write', 'Review']);
    }
  });

  it('answers 401 signed out and 404 to someone who does not see the product', async () => {
    const { taskId } = await taskWith('Write');
    expect((await as(undefined, { url: `/api/tasks/${taskId}/checklist` })).statusCode).toBe(401);
    const hidden = await as(bob, { url: `/api/tasks/${taskId}/checklist` });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(taskMessages.notFound);
  });
});

describe('adding, ticking, renaming and deleting items', () => {
  it('keeps the task’s counters exact and tells every board the task changed', async () => {
    const taskId = await newTask();
    const before = (await counters(taskId)) ?? { done: -1, total: -1 };
    expect(before).toEqual({ done: 0, total: 0 });

    const added = await as(mia, add(taskId, '  Draft the copy  '));
    expect(added.statusCode).toBe(201);
    expect(added.json().items[0]).toMatchObject({ title: 'Draft the copy', done: false, taskId });
    await as(mia, add(taskId, 'Check the links'));
    const third = (await as(admin, add(taskId, 'Publish'))).json() as Listed;
    expect(await counters(taskId)).toEqual({ done: 0, total: 3 });

    const [first, second, last] = third.items.map((i) => i.id) as [string, string, string];
    const published = ctx.published.length;
    const ticked = await as(mia, patch(first, { done: true }));
    expect(ticked.statusCode).toBe(200);
    expect(ticked.json()).toMatchObject({ done: 1, total: 3 });
    expect(ctx.published.slice(published)).toContainEqual(
      expect.objectContaining({ kind: 'task', op: 'updated', id: taskId, productId: productId() }),
    );
    await as(mia, patch(second, { done: true }));
    await as(mia, patch(second, { done: true })); // ticking twice counts once
    expect(await counters(taskId)).toEqual({ done: 2, total: 3 });

    const renamed = await as(alice, patch(last, { title: 'Publish on Monday' }));
    expect(titles(renamed.json())).toEqual(['Draft the copy', 'Check the links', 'Publish on Monday']);

    await as(mia, patch(first, { done: false }));
    expect(await counters(taskId)).toEqual({ done: 1, total: 3 });
    const deleted = await as(mia, remove(second));
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ done: 0, total: 2 });
    expect(await counters(taskId)).toEqual({ done: 0, total: 2 });

    // The task's list and its own read carry the counts.
    const listed = await as(mia, { url: `/api/tasks/${productId()}/tasks?limit=100` });
    expect(listed.json().data.find((t: { id: string }) => t.id === taskId).checklist).toEqual({
      done: 0,
      total: 2,
    });
    expect((await as(mia, { url: `/api/tasks/${taskId}` })).json().checklist).toEqual({ done: 0, total: 2 });
  });

  it('refuses a blank, over-long or multi-line title and a patch with nothing in it, changing nothing', async () => {
    const taskId = await newTask();
    for (const title of ['   ', 'x'.repeat(501), 'two\nlines']) {
      const res = await as(mia, add(taskId, title));
      expect(res.statusCode).toBe(400);
    }
    expect((await as(mia, add(taskId, ' '))).json().message).toBe(checklistMessages.titleRequired);
    expect((await as(mia, add(taskId, 'x'.repeat(501)))).json().message).toBe(checklistMessages.titleTooLong);
    expect(await counters(taskId)).toEqual({ done: 0, total: 0 });
    const { ids } = await taskWith('One');
    expect((await as(mia, patch(ids[0] as string, {}))).statusCode).toBe(400);
    expect((await as(mia, add(taskId, 'x'.repeat(500)))).statusCode).toBe(201);
  });

  it(`holds at most ${CHECKLIST_MAX_ITEMS} items`, async () => {
    const taskId = await newTask();
    await ctx.db.insert(taskChecklistItems).values(
      Array.from({ length: CHECKLIST_MAX_ITEMS }, (_, i) => ({
        taskId,
        title: `Item ${i}`,
        position: (i + 1) * POSITION_STEP,
      })),
    );
    const res = await as(mia, add(taskId, 'One too many'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CHECKLIST_FULL', message: checklistMessages.tooMany });
    expect(await counters(taskId)).toEqual({ done: 0, total: CHECKLIST_MAX_ITEMS });
  });
});

describe('who may change a checklist', () => {
  it('refuses a guest with 403, someone who does not see the product with 404, and signed out with 401', async () => {
    const { taskId, ids } = await taskWith('Write');
    const item = ids[0] as string;
    const assigned = await newTask({ assigneeId: gus.user.id });
    for (const req of [
      add(taskId, 'Mine'),
      add(assigned, 'Mine too'),
      patch(item, { done: true }),
      move(item, { position: 0 }),
      remove(item),
    ]) {
      const res = await as(gus, req);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'READ_ONLY', message: checklistMessages.readOnly });
      expect((await as(bob, req)).statusCode).toBe(404);
      expect((await as(undefined, req)).statusCode).toBe(401);
    }
    expect((await as(bob, patch(item, { done: true }))).json().message).toBe(checklistMessages.notFound);
    expect(await counters(taskId)).toEqual({ done: 0, total: 1 });
  });

  it('answers 404 for an item or a task that does not exist', async () => {
    const missing = UNKNOWN_ID;
    expect((await as(mia, patch(missing, { done: true }))).statusCode).toBe(404);
    expect((await as(mia, add(missing, 'x'))).statusCode).toBe(404);
    expect((await as(mia, { url: '/api/tasks/not-a-uuid/checklist' })).statusCode).toBe(400);
  });

  it('refuses every change on an archived product with 409 and still shows the checklist', async () => {
    const archived = await createProduct(ctx, alice.user.id, { archivedAt: new Date() });
    const taskId = (await createTask(ctx, archived.id)).id;
    const [item] = await ctx.db
      .insert(taskChecklistItems)
      .values({ taskId, title: 'Old', position: POSITION_STEP })
      .returning();
    const id = item?.id as string;
    for (const req of [
      add(taskId, 'New'),
      patch(id, { done: true }),
      move(id, { position: 0 }),
      remove(id),
    ]) {
      const res = await as(alice, req);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('PRODUCT_ARCHIVED');
    }
    expect((await as(alice, { url: `/api/tasks/${taskId}/checklist` })).json()).toMatchObject({
      total: 1,
      done: 0,
    });
  });
});

describe('POST /api/checklist-items/{id}/move', () => {
  it('puts an item before or after another, or at an index, and keeps that order', async () => {
    const { ids } = await taskWith('A', 'B', 'C', 'D');
    const [a, b, c, d] = ids as [string, string, string, string];
    expect(titles((await as(mia, move(d, { before: b }))).json())).toEqual(['A', 'D', 'B', 'C']);
    expect(titles((await as(mia, move(a, { after: c }))).json())).toEqual(['D', 'B', 'C', 'A']);
    expect(titles((await as(mia, move(c, { position: 0 }))).json())).toEqual(['C', 'D', 'B', 'A']);
    expect(titles((await as(mia, move(c, { position: 99 }))).json())).toEqual(['D', 'B', 'A', 'C']);
    const again = await as(gus, {
      url: `/api/tasks/${(await ctx.db.select().from(taskChecklistItems).where(eq(taskChecklistItems.id, a)))[0]?.taskId}/checklist`,
    });
    expect(titles(again.json())).toEqual(['D', 'B', 'A', 'C']);
  });

  it('renumbers the list when two neighbours leave no room, keeping the order', async () => {
    const { taskId, ids } = await taskWith('A', 'B', 'C');
    const [a, b, c] = ids as [string, string, string];
    await ctx.db.update(taskChecklistItems).set({ position: 1 }).where(eq(taskChecklistItems.id, a));
    await ctx.db
      .update(taskChecklistItems)
      .set({ position: 1 + 1e-9 })
      .where(eq(taskChecklistItems.id, b));
    const res = await as(mia, move(c, { after: a }));
    expect(titles(res.json())).toEqual(['A', 'C', 'B']);
    const positions = await ctx.db
      .select({ id: taskChecklistItems.id, position: taskChecklistItems.position })
      .from(taskChecklistItems)
      .where(eq(taskChecklistItems.taskId, taskId));
    expect(Object.fromEntries(positions.map((p) => [p.id, p.position]))).toEqual({
      [a]: POSITION_STEP,
      [c]: 2 * POSITION_STEP,
      [b]: 3 * POSITION_STEP,
    });
  });

  it('refuses an anchor of another checklist and a body naming no or two targets', async () => {
    const { ids } = await taskWith('A', 'B');
    const other = await taskWith('X');
    const res = await as(mia, move(ids[0] as string, { before: other.ids[0] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(checklistMessages.moveAnchorMissing);
    for (const body of [{}, { before: ids[1], position: 1 }, { position: -1 }]) {
      expect((await as(mia, move(ids[0] as string, body))).statusCode).toBe(400);
    }
  });

  it('finds the middle between neighbours, and room at either end', () => {
    const list = [{ position: 1024 }, { position: 2048 }];
    expect(positionAt(list, 0)).toBe(0);
    expect(positionAt(list, 1)).toBe(1536);
    expect(positionAt(list, 2)).toBe(3072);
    expect(positionAt([], 5)).toBe(POSITION_STEP);
    expect(positionAt([{ position: 1 }, { position: 1 + 1e-9 }], 1)).toBeUndefined();
  });
});

describe('deleting a task', () => {
  it('keeps its checklist while it is in the trash, and takes it when it is purged', async () => {
    const { taskId } = await taskWith('A', 'B');
    expect((await as(mia, { method: 'DELETE', url: `/api/tasks/${taskId}` })).statusCode).toBe(200);
    const left = () => ctx.db.select().from(taskChecklistItems).where(eq(taskChecklistItems.taskId, taskId));
    expect(await left()).toHaveLength(2);
    expect((await as(alice, { method: 'DELETE', url: `/api/trash/task/${taskId}` })).statusCode).toBe(200);
    expect(await left()).toEqual([]);
  });
});
