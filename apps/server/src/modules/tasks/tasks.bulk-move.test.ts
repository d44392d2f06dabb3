import {
  BULK_CHANGES_PER_MINUTE,
  BULK_TASKS_MAX,
  bulkMessages,
  productMessages,
  taskMessages,
} from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { workflowStates } from '../../db/schema/index.ts';
import { createTask } from '../../testing/factories.ts';
import { type Req, type Signed, UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { entriesOf } from '../../testing/stored.ts';
import { storedTask } from './tasks.test-kit.ts';

// Issue 30, `m`: PATCH /api/tasks/bulk/move and its Undo, PATCH /api/tasks/bulk/move/restore.
const { ctx, as, member, guest, productOf, publishedBy } = useTestApp();

const move = (ids: string[], productId: string): Req => ({
  method: 'PATCH',
  url: '/api/tasks/bulk/move',
  payload: { ids, productId },
});
const restore = (items: unknown): Req => ({
  method: 'PATCH',
  url: '/api/tasks/bulk/move/restore',
  payload: { items },
});

type Previous = { id: string; labelIds: string[] } & Record<string, unknown>;

/**
 * Product A (the owner's, with Dana in its team) and product B (the owner's too, Dana in its team
 * as well, Olly only in A): A has a label and three tasks, the second a sub-task of the first.
 */
async function twoProducts(owner: Signed) {
  const dana = await member('Dana Dev');
  const olly = await member('Olly Only-A');
  const { product: a, team } = await productOf(owner, [dana, olly], { name: 'Apollo' });
  const { product: b } = await productOf(owner, [dana], { name: 'Borealis' });
  const label = await as(owner, {
    method: 'POST',
    url: `/api/projects/${a.id}/labels`,
    payload: { name: 'Radio', color: '#3b82f6' },
  });
  const radio = (label.json() as { id: string }).id;
  const parent = await createTask(ctx, a.id, { title: 'Parent', teamId: team.id, assigneeId: dana.user.id });
  const child = await createTask(ctx, a.id, {
    title: 'Child',
    parentId: parent.id,
    assigneeId: olly.user.id,
    priority: 'high',
  });
  // A state of A's own, not the first of its status: the Undo must bring it back, not the first.
  const [review] = await ctx.db
    .insert(workflowStates)
    .values({ productId: a.id, name: 'In review', color: '#a855f7', category: 'In Progress', position: 9 })
    .returning();
  const lone = await createTask(ctx, a.id, { title: 'Lone', status: 'In Progress', stateId: review?.id });
  const labelled = await as(owner, {
    method: 'PUT',
    url: `/api/tasks/${child.id}/labels`,
    payload: { labelIds: [radio] },
  });
  expect(labelled.statusCode).toBe(200);
  return { a, b, team, dana, olly, radio, parent, child, lone };
}

describe('PATCH /api/tasks/bulk/move', () => {
  it('moves every task to the product in one request, records each, tells both products, and the Undo puts each back as it was', async () => {
    const owner = await member('Olga Owner');
    const { a, b, dana, radio, parent, child, lone } = await twoProducts(owner);
    const ids = [parent.id, child.id, lone.id];
    let body: { tasks: Array<{ id: string; projectId: string }>; previous: Previous[] } | undefined;
    const published = await publishedBy(async () => {
      const res = await as(owner, move(ids, b.id));
      expect(res.statusCode).toBe(200);
      body = res.json();
    });
    expect(body?.tasks.map((t) => [t.id, t.projectId])).toEqual(ids.map((id) => [id, b.id]));
    // Each task's realtime change reaches who sees the new product and who sees the old one.
    for (const id of ids) {
      expect(published.filter((c) => c.kind === 'task' && c.id === id).map((c) => c.productId)).toEqual(
        expect.arrayContaining([a.id, b.id]),
      );
    }
    // Its team stays behind; Dana may be assigned in B, Olly may not; the tree and labels go.
    expect(await storedTask(ctx, parent.id)).toMatchObject({
      productId: b.id,
      teamId: null,
      assigneeId: dana.user.id,
    });
    expect(await storedTask(ctx, child.id)).toMatchObject({
      productId: b.id,
      assigneeId: null,
      parentId: null,
    });
    const there = await storedTask(ctx, lone.id);
    expect(there).toMatchObject({ productId: b.id, status: 'In Progress' });
    expect(there?.stateId).not.toBe(lone.stateId);
    const moved = (await entriesOf(ctx, b.id)).filter((e) => e.actionType === 'task_updated');
    expect(moved).toHaveLength(3);

    const previous = body?.previous ?? [];
    expect(previous.find((p) => p.id === child.id)).toMatchObject({
      productId: a.id,
      parentId: parent.id,
      labelIds: [radio],
    });
    const undone = await as(owner, restore(previous.map(({ labelIds: _labels, ...item }) => item)));
    expect(undone.statusCode).toBe(200);
    const before = [parent, child, lone];
    for (const task of before) {
      expect(await storedTask(ctx, task.id)).toMatchObject({
        productId: a.id,
        teamId: task.teamId,
        assigneeId: task.assigneeId,
        parentId: task.parentId,
        status: task.status,
        stateId: task.stateId,
        priority: task.priority,
      });
    }
    // The labels the move took off go back with the labels' own Undo.
    const labels = await as(owner, {
      method: 'PATCH',
      url: '/api/tasks/bulk/labels/restore',
      payload: {
        items: previous.filter((p) => p.labelIds.length > 0).map((p) => ({ id: p.id, labelIds: p.labelIds })),
      },
    });
    expect(labels.statusCode).toBe(200);
    const task = await as(owner, { url: `/api/tasks/${child.id}` });
    expect(task.json().labels.map((l: { id: string }) => l.id)).toEqual([radio]);
  });

  it('answers 401 without a session', async () => {
    expect((await as(undefined, move([UNKNOWN_ID], UNKNOWN_ID))).statusCode).toBe(401);
    expect((await as(undefined, restore([]))).statusCode).toBe(401);
  });

  it('refuses a guest of both products with 403 and moves nothing', async () => {
    const owner = await member();
    const visitor = await guest();
    const { product: a } = await productOf(owner, [visitor]);
    const { product: b } = await productOf(owner, [visitor]);
    const task = await createTask(ctx, a.id);
    const res = await as(visitor, move([task.id], b.id));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(taskMessages.guestReadOnly);
    expect((await storedTask(ctx, task.id))?.productId).toBe(a.id);
  });

  it('answers 404 for the whole request for a task or a product out of sight, and moves none', async () => {
    const owner = await member();
    const stranger = await member('Sam Stranger');
    const { product: a } = await productOf(owner);
    const { product: b } = await productOf(owner);
    const { product: theirs } = await productOf(stranger);
    const mine = await createTask(ctx, a.id);
    const other = await createTask(ctx, theirs.id);
    const hidden = await as(owner, move([mine.id, other.id], b.id));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(taskMessages.notFound);
    const elsewhere = await as(owner, move([mine.id], theirs.id));
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe(productMessages.notFound);
    expect((await storedTask(ctx, mine.id))?.productId).toBe(a.id);
  });

  it('refuses a move into an archived product with 409, moving none', async () => {
    const owner = await member();
    const { product: a } = await productOf(owner);
    const { product: b } = await productOf(owner, [], { archivedAt: new Date() });
    const task = await createTask(ctx, a.id);
    const res = await as(owner, move([task.id], b.id));
    expect(res.statusCode).toBe(409);
    expect((await storedTask(ctx, task.id))?.productId).toBe(a.id);
  });

  it('refuses no task, too many, a bad product id and a bad Undo with 400 and a clear message', async () => {
    const owner = await member();
    const { product: a } = await productOf(owner);
    const task = await createTask(ctx, a.id);
    const many = Array.from({ length: BULK_TASKS_MAX + 1 }, () => UNKNOWN_ID);
    const cases: Array<[Req, string]> = [
      [move([], a.id), bulkMessages.noTasks],
      [move(many, a.id), bulkMessages.tooMany],
      [move([task.id], 'Borealis'), productMessages.notFound],
      [restore([]), bulkMessages.noTasks],
      [restore([{ id: task.id, productId: 'nowhere' }]), productMessages.notFound],
    ];
    for (const [req, message] of cases) {
      const res = await as(owner, req);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await storedTask(ctx, task.id))?.productId).toBe(a.id);
  });

  it(`allows ${BULK_CHANGES_PER_MINUTE} moves a minute per account, then 429`, async () => {
    const owner = await member();
    const { product: a } = await productOf(owner);
    const { product: b } = await productOf(owner);
    const task = await createTask(ctx, a.id);
    for (let i = 0; i < BULK_CHANGES_PER_MINUTE; i++) {
      expect((await as(owner, move([task.id], i % 2 ? a.id : b.id))).statusCode).toBe(200);
    }
    const res = await as(owner, move([task.id], a.id));
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'BULK_RATE_LIMITED', message: bulkMessages.rateLimited });
  });
});
