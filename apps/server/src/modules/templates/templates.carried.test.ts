import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tasks } from '../../db/schema/index.ts';
import { createProduct, createTask } from '../../testing/factories.ts';
import { type Req, useTestApp } from '../../testing/http.ts';
import { useProductTemplate } from './templates.test-kit.ts';

// What templates carry of the modules that plug a part in (issue 29, decision 039): a product's
// workflow states and custom fields, a task template's sub-tasks.
const { ctx, as, member } = useTestApp();

const post = (url: string, payload: object): Req => ({ method: 'POST', url, payload });

describe('a product template', () => {
  it('carries the product’s states (order, colours, categories) and fields, and starter tasks land in its first state', async () => {
    const owner = await member();
    const { id: productId } = await createProduct(ctx, owner.user.id);
    const statesOf = async (id: string) =>
      (await as(owner, { url: `/api/projects/${id}/states` })).json().data as Array<{
        id: string;
        name: string;
        color: string;
        category: string;
      }>;
    for (const state of [
      { name: 'Backlog', color: '#f97316', category: 'Pending' },
      { name: 'In review', color: '#ef4444', category: 'In Progress' },
    ]) {
      expect((await as(owner, post(`/api/projects/${productId}/states`, state))).statusCode).toBe(201);
    }
    // Backlog first: a starter task of the new product lands there.
    const ids = (await statesOf(productId)).map((s) => s.id);
    const order = [ids[1], ids[0], ...ids.slice(2)];
    const reordered = await as(owner, {
      method: 'PUT',
      url: `/api/projects/${productId}/states/order`,
      payload: { stateIds: order },
    });
    expect(reordered.statusCode).toBe(200);
    const severity = await as(
      owner,
      post(`/api/projects/${productId}/fields`, {
        name: 'Severity',
        type: 'select',
        options: [
          { name: 'Low', color: '#22c55e' },
          { name: 'High', color: '#ef4444' },
        ],
        showOnCards: true,
      }),
    );
    expect(severity.statusCode).toBe(201);
    await as(owner, post(`/api/projects/${productId}/fields`, { name: 'Customer', type: 'text' }));
    await createTask(ctx, productId, { title: 'Kick-off' });

    const saved = await as(owner, post(`/api/projects/${productId}/product-template`, { name: 'Flow' }));
    expect(saved.statusCode).toBe(201);
    expect(saved.json().summary).toMatchObject({ states: 5, fields: 2, tasks: 1 });
    const made = await as(owner, useProductTemplate(saved.json().id));
    expect(made.statusCode).toBe(201);
    const copyId = made.json()._id ?? made.json().id;

    const wanted = [
      { name: 'Backlog', color: '#f97316', category: 'Pending' },
      { name: 'Pending', color: '#64748b', category: 'Pending' },
      { name: 'In Progress', color: '#3b82f6', category: 'In Progress' },
      { name: 'In review', color: '#ef4444', category: 'In Progress' },
      { name: 'Completed', color: '#22c55e', category: 'Completed' },
    ];
    const states = await statesOf(copyId);
    expect(states.map(({ name, color, category }) => ({ name, color, category }))).toEqual(wanted);
    expect(states.every((s) => !ids.includes(s.id))).toBe(true);

    const fields = (await as(owner, { url: `/api/projects/${copyId}/fields` })).json().data;
    expect(fields).toMatchObject([
      {
        name: 'Severity',
        type: 'select',
        showOnCards: true,
        options: severity.json().options,
      },
      { name: 'Customer', type: 'text', showOnCards: false, options: [] },
    ]);
    expect(fields[0].id).not.toBe(severity.json().id);

    const [starter] = await ctx.db.select().from(tasks).where(eq(tasks.productId, copyId));
    expect(starter).toMatchObject({ title: 'Kick-off', status: 'Pending', stateId: states[0]?.id });
  });
});

describe('a task template’s sub-tasks', () => {
  it('are created as children of the task made from it, and saved again from that task', async () => {
    const owner = await member();
    const { id: productId } = await createProduct(ctx, owner.user.id);
    const template = await as(
      owner,
      post(`/api/projects/${productId}/task-templates`, {
        name: 'Release',
        title: 'Release',
        parts: { subtasks: ['Write notes', 'Tag the build'] },
      }),
    );
    expect(template.statusCode).toBe(201);
    const made = await as(
      owner,
      post(`/api/task-templates/${template.json().id}/tasks`, { title: 'Release 2.0' }),
    );
    expect(made.statusCode).toBe(201);
    const task = made.json();
    const subtasks = (await as(owner, { url: `/api/tasks/${task.id}/subtasks` })).json().data;
    expect(subtasks.map((s: { title: string }) => s.title)).toEqual(['Write notes', 'Tag the build']);
    const rows = await ctx.db.select().from(tasks).where(eq(tasks.parentId, task.id));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.productId === productId && r.status === 'Pending')).toBe(true);
    // A sub-task like any other: the task page reads its parent.
    const page = (await as(owner, { url: `/api/tasks/${subtasks[0].id}` })).json();
    expect(page).toMatchObject({ parentId: task.id, projectId: productId });

    const again = await as(owner, post(`/api/tasks/${task.id}/task-template`, { name: 'Release again' }));
    expect(again.json().parts).toMatchObject({ subtasks: ['Write notes', 'Tag the build'] });
    // A duplicate is the task alone.
    const copy = await as(owner, { method: 'POST', url: `/api/tasks/${task.id}/duplicate` });
    expect(copy.statusCode).toBe(201);
    expect(await ctx.db.select().from(tasks).where(eq(tasks.parentId, copy.json().id))).toEqual([]);
  });

  it('roll the task back when a sub-task cannot be made (a tree deeper than 3 levels: 400)', async () => {
    const owner = await member();
    const { id: productId } = await createProduct(ctx, owner.user.id);
    const root = await createTask(ctx, productId, { title: 'Root' });
    const child = await as(
      owner,
      post('/api/tasks', { projectId: productId, title: 'Child', parentId: root.id }),
    );
    expect(child.statusCode).toBe(201);
    const template = await as(
      owner,
      post(`/api/projects/${productId}/task-templates`, {
        name: 'Deep',
        title: 'Deep',
        parts: { subtasks: ['Leaf'] },
      }),
    );
    const res = await as(
      owner,
      post(`/api/task-templates/${template.json().id}/tasks`, {
        title: 'Grandchild',
        parentId: child.json().id,
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(await ctx.db.select().from(tasks).where(eq(tasks.title, 'Grandchild'))).toEqual([]);
    expect(await ctx.db.select().from(tasks).where(eq(tasks.title, 'Leaf'))).toEqual([]);
  });
});
