import type { SearchResult, Task } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { createProduct, createTask } from '../../testing/factories.ts';
import { type Req, type Signed, useTestApp } from '../../testing/http.ts';
import { create, edit, storedTask } from './tasks.test-kit.ts';

// Task keys (issue 28, docs/decisions/032-task-keys.md): each task's number in its product and
// its key `ATL-12`; GET /api/tasks/by-key/{key}; a moved task and a product's new key keep the
// old keys opening it; search finds a task by its key.
const { ctx, as, member, guest, signedInOnce, productOf } = useTestApp();
const admin = signedInOnce('admin', 'Ada Admin');

const byKey = (key: string): Req => ({ url: `/api/tasks/by-key/${encodeURIComponent(key)}` });

async function opened(who: Signed | undefined, key: string) {
  const res = await as(who, byKey(key));
  return {
    status: res.statusCode,
    task: res.statusCode === 200 ? res.json<Task>() : undefined,
    body: res.json(),
  };
}

describe('task numbers', () => {
  it('numbers the tasks of each product in creation order, whichever path creates them', async () => {
    const owner = await member();
    const { product } = await productOf(owner, [], { name: 'Tern Ibis' });
    const other = await createProduct(ctx, owner.user.id, { name: 'Tern Ibis' });
    const keys: string[] = [];
    // One statement (no assignee), the checked path (an assignee to tell), the importer's factory.
    keys.push((await as(owner, create({ title: 'One', projectId: product.id }))).json().key);
    keys.push((await as(admin, create({ title: 'Two', projectId: product.id }))).json().key);
    keys.push((await as(owner, create({ title: 'Elsewhere', projectId: other.id }))).json().key);
    keys.push((await createTask(ctx, product.id, { title: 'Three' })).key);
    expect(keys).toEqual([`${product.key}-1`, `${product.key}-2`, `${other.key}-1`, `${product.key}-3`]);
    const list = await as(owner, { url: '/api/tasks/all' });
    const ofProduct = list.json().data.filter((t: Task) => t.projectId === product.id);
    expect(ofProduct.map((t: Task) => [t.number, t.key])).toEqual([
      [3, `${product.key}-3`],
      [2, `${product.key}-2`],
      [1, `${product.key}-1`],
    ]);
  });
});

describe('GET /api/tasks/by-key/{key}', () => {
  it('opens the task in any casing, with what GET /api/tasks/{id} answers', async () => {
    const owner = await member();
    const teammate = await member();
    const { product } = await productOf(owner, [teammate], { name: 'Umber Vole' });
    const task = await createTask(ctx, product.id, { title: 'Fix double charge' });
    const direct = (await as(teammate, { url: `/api/tasks/${task.id}` })).json();
    for (const key of [task.key, task.key.toLowerCase(), ` ${task.key} `]) {
      const { status, task: found } = await opened(teammate, key);
      expect(status, key).toBe(200);
      expect(found).toEqual(direct);
    }
  });

  it('answers 401 without a session, and the same 404 for a key nobody has and a task one may not see', async () => {
    const owner = await member();
    const stranger = await member();
    const { product } = await productOf(owner, [], { name: 'Wren Xerus' });
    const task = await createTask(ctx, product.id);
    expect((await opened(undefined, task.key)).status).toBe(401);
    const hidden = await opened(stranger, task.key);
    const unknown = await opened(stranger, `${product.key}-999`);
    const notAKey = await opened(stranger, 'hello');
    expect([hidden.status, unknown.status, notAKey.status]).toEqual([404, 404, 404]);
    expect({ ...hidden.body, requestId: 0 }).toEqual({ ...unknown.body, requestId: 0 });
    expect((await opened(await guest(), task.key)).status).toBe(404);
    expect((await opened(admin, task.key)).status).toBe(200);
  });

  it('gives a moved task the next number of its new product and keeps its old key opening it', async () => {
    const owner = await member();
    const { product: from } = await productOf(owner, [], { name: 'Yak Zebu' });
    const { product: to } = await productOf(owner, [], { name: 'Yak Zebu' });
    await createTask(ctx, to.id, { title: 'Already there' });
    const task = await createTask(ctx, from.id, { title: 'Moving' });
    const res = await as(owner, edit(task.id, { projectId: to.id }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ number: 2, key: `${to.key}-2` });
    expect((await opened(owner, `${from.key}-1`)).task?.id).toBe(task.id);
    expect((await opened(owner, `${to.key}-2`)).task?.id).toBe(task.id);
    // The old product's next task takes the next number there: a number is never given twice.
    expect((await createTask(ctx, from.id)).key).toBe(`${from.key}-2`);
    // Moved back, it takes yet another number; each key it had still opens it.
    const back = await as(owner, edit(task.id, { projectId: from.id }));
    expect(back.json().key).toBe(`${from.key}-3`);
    expect((await opened(owner, `${to.key}-2`)).task?.id).toBe(task.id);
    expect((await opened(owner, `${from.key}-1`)).task?.id).toBe(task.id);
  });

  it('follows a product’s new key, and the old keys still open its tasks', async () => {
    const owner = await member();
    const { product } = await productOf(owner, [], { name: 'Alder Birch' });
    const task = await createTask(ctx, product.id);
    const renamed = await as(owner, {
      method: 'PATCH',
      url: `/api/projects/${product.id}`,
      payload: { key: 'ALB9' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await storedTask(ctx, task.id))?.key).toBe('ALB9-1');
    expect((await opened(owner, 'alb9-1')).task?.key).toBe('ALB9-1');
    expect((await opened(owner, task.key)).task?.id).toBe(task.id);
    expect((await as(owner, create({ title: 'Next', projectId: product.id }))).json().key).toBe('ALB9-2');
  });
});

describe('search by key', () => {
  it('finds a task by its key in any casing and ranks the exact key first', async () => {
    const owner = await member();
    const { product } = await productOf(owner, [], { name: 'Cedar Dune' });
    const task = await createTask(ctx, product.id, { title: 'Fix double charge' });
    // Another task whose words match the same query.
    await createTask(ctx, product.id, { title: `Follow up on ${task.key.toLowerCase()}` });
    for (const q of [task.key, task.key.toLowerCase()]) {
      const res = await as(owner, { url: `/api/search?q=${encodeURIComponent(q)}` });
      expect(res.statusCode, res.body).toBe(200);
      const hits = res.json<SearchResult>().groups.find((g) => g.kind === 'task')?.hits ?? [];
      expect(hits[0]).toMatchObject({ id: task.id, taskKey: task.key });
    }
  });
});
