import { hierarchyMessages } from '@shipyard/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tasks } from '../../db/schema/index.ts';
import { createProduct, createTask } from '../../testing/factories.ts';
import { UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { entriesOf } from '../../testing/stored.ts';
import {
  boardOf,
  cardOf,
  createTaskReq,
  editTask,
  getTask,
  setStatus,
  subtasksOf,
} from './hierarchy.test-kit.ts';

// Sub-tasks (issue 29): parentId on create and edit, the counters, GET /tasks/{id}/subtasks.
const { ctx, as, member, guest, productOf } = useTestApp();

const counts = async (id: string) => {
  const [row] = await ctx.db.select().from(tasks).where(eq(tasks.id, id));
  return { done: row?.subtaskDone, total: row?.subtaskTotal };
};

describe('sub-tasks', () => {
  it('are created under a parent, counted on it ("done/total") and listed with the breadcrumb', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const parent = await createTask(ctx, product.id, { title: 'Epic' });
    const made = await as(
      owner,
      createTaskReq({ title: 'Step one', projectId: product.id, parentId: parent.id }),
    );
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ parentId: parent.id, subtasks: { done: 0, total: 0 } });
    const second = await createTask(ctx, product.id, { title: 'Step two', parentId: parent.id });
    expect(await counts(parent.id)).toEqual({ done: 0, total: 2 });

    expect((await as(owner, setStatus(second.id, 'Completed'))).statusCode).toBe(200);
    expect(await counts(parent.id)).toEqual({ done: 1, total: 2 });
    expect((await as(owner, getTask(parent.id))).json().subtasks).toEqual({ done: 1, total: 2 });
    const board = (await as(owner, boardOf(product.id))).json();
    expect(cardOf(board, parent.id)?.subtasks).toEqual({ done: 1, total: 2 });

    const grandchild = await createTask(ctx, product.id, { title: 'Detail', parentId: second.id });
    const listed = await as(owner, subtasksOf(grandchild.id));
    expect(listed.statusCode).toBe(200);
    expect(listed.json().parents.map((p: { title: string }) => p.title)).toEqual(['Epic', 'Step two']);
    const children = (await as(owner, subtasksOf(parent.id))).json();
    // The task's page carries them as the route answers them.
    expect((await as(owner, { url: `/api/tasks/${parent.id}/detail` })).json().subtasks).toEqual(children);
    expect(children.parents).toEqual([]);
    expect(children.data.map((t: { title: string }) => t.title)).toEqual(['Step one', 'Step two']);

    // Trashed: no longer counted; restored: counted again; purged: the children lose their parent.
    await ctx.db.update(tasks).set({ deletedAt: new Date() }).where(eq(tasks.id, second.id));
    expect(await counts(parent.id)).toEqual({ done: 0, total: 1 });
    await ctx.db.execute(sql`update public.tasks set deleted_at = null where id = ${second.id}`);
    expect(await counts(parent.id)).toEqual({ done: 1, total: 2 });
    await ctx.db.delete(tasks).where(eq(tasks.id, second.id));
    expect(await counts(parent.id)).toEqual({ done: 0, total: 1 });
    const [orphan] = await ctx.db.select().from(tasks).where(eq(tasks.id, grandchild.id));
    expect(orphan?.parentId).toBeNull();
  });

  it('stay in their parent’s product, at most 3 levels, without cycles, with clear messages', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const other = await createProduct(ctx, owner.user.id, { name: 'Other' });
    const a = await createTask(ctx, product.id, { title: 'A' });
    const b = await createTask(ctx, product.id, { title: 'B', parentId: a.id });
    const c = await createTask(ctx, product.id, { title: 'C', parentId: b.id });
    const d = await createTask(ctx, product.id, { title: 'D' });
    const elsewhere = await createTask(ctx, other.id, { title: 'Elsewhere' });

    const refused = async (id: string, parentId: string, message: string) => {
      const res = await as(owner, editTask(id, { parentId }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, details: { fields: { parentId: [message] } } });
    };
    await refused(d.id, c.id, hierarchyMessages.parentTooDeep);
    await refused(a.id, c.id, hierarchyMessages.parentCycle);
    await refused(a.id, a.id, hierarchyMessages.parentCycle);
    await refused(d.id, elsewhere.id, hierarchyMessages.parentOtherProduct);
    await refused(d.id, UNKNOWN_ID, hierarchyMessages.parentNotFound);
    // A task with a sub-task under a sub-task: its subtree would go 4 deep.
    const e = await createTask(ctx, product.id, { title: 'E' });
    await createTask(ctx, product.id, { title: 'F', parentId: e.id });
    await refused(e.id, b.id, hierarchyMessages.parentTooDeep);
    const tooDeep = await as(owner, createTaskReq({ title: 'G', projectId: product.id, parentId: c.id }));
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().message).toBe(hierarchyMessages.parentTooDeep);

    // Set and cleared: recorded on the task's history.
    expect((await as(owner, editTask(d.id, { parentId: b.id }))).json().parentId).toBe(b.id);
    expect((await as(owner, editTask(d.id, { parentId: null }))).json().parentId).toBeNull();
    const entries = (await entriesOf(ctx, product.id)).filter((e) => e.taskId === d.id);
    expect(entries.map((e) => e.description)).toEqual([
      'Updated task "D": parent',
      'Updated task "D": parent',
    ]);
    expect(await counts(b.id)).toEqual({ done: 0, total: 1 });
  });

  it('moving a task to another product detaches it from its parent and its sub-tasks', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const target = await createProduct(ctx, owner.user.id, { name: 'Target' });
    const top = await createTask(ctx, product.id, { title: 'Top' });
    const mid = await createTask(ctx, product.id, { title: 'Mid', parentId: top.id });
    const leaf = await createTask(ctx, product.id, { title: 'Leaf', parentId: mid.id });
    const res = await as(owner, editTask(mid.id, { projectId: target.id }));
    expect(res.statusCode).toBe(200);
    expect(res.json().parentId).toBeNull();
    const [left] = await ctx.db.select().from(tasks).where(eq(tasks.id, leaf.id));
    expect(left?.parentId).toBeNull();
    expect(await counts(top.id)).toEqual({ done: 0, total: 0 });
    expect(await counts(mid.id)).toEqual({ done: 0, total: 0 });
  });

  it('GET /tasks/{id}/subtasks: 401 signed out, 404 out of sight; guests read', async () => {
    const owner = await member();
    const reader = await guest();
    const { product } = await productOf(owner, [reader]);
    const task = await createTask(ctx, product.id);
    expect((await as(undefined, subtasksOf(task.id))).statusCode).toBe(401);
    expect((await as(await member('Stranger'), subtasksOf(task.id))).statusCode).toBe(404);
    expect((await as(owner, subtasksOf(UNKNOWN_ID))).statusCode).toBe(404);
    expect((await as(reader, subtasksOf(task.id))).statusCode).toBe(200);
    // A guest may not set a parent (an edit).
    const parent = await createTask(ctx, product.id);
    expect((await as(reader, editTask(task.id, { parentId: parent.id }))).statusCode).toBe(403);
  });
});
