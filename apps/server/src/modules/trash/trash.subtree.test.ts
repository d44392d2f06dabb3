import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTask } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import { entriesOf } from '../../testing/stored.ts';
import { deleteTask, purge, restore, trashList } from './trash.test-kit.ts';

// The Undo of "Duplicate with sub-tasks" (decision 048): DELETE /api/tasks/{id}?withSubtasks=true
// trashes the copy and its sub-tree together; the trash lists the top task, and restoring or
// purging it takes the tree.
const { ctx, as, member, guest, productOf } = useTestApp();

const deleteTree = (id: string, flag = 'true') => deleteTask(`${id}?withSubtasks=${flag}`);

/** The copy of a three-level tree (Launch › Write post › Pick images, Launch › Send mail), by the API. */
async function copiedTree(owner: Awaited<ReturnType<typeof member>>, productId: string) {
  const top = await createTask(ctx, productId, { title: 'Launch' });
  const post = await createTask(ctx, productId, { title: 'Write post', parentId: top.id });
  await createTask(ctx, productId, { title: 'Pick images', parentId: post.id });
  await createTask(ctx, productId, { title: 'Send mail', parentId: top.id });
  const res = await as(owner, {
    method: 'POST',
    url: `/api/tasks/${top.id}/duplicate`,
    payload: { withSubtasks: true },
  });
  expect(res.statusCode, res.body).toBe(201);
  const copy = res.json().id as string;
  return { top, copy, ids: [copy, ...(await below(copy)).map((t) => t.id)] };
}

/** Every task under `id` as stored, trashed or not: id, parent, whether trashed and with its parent. */
async function below(id: string) {
  const { rows } = await ctx.db.execute<{
    id: string;
    parent_id: string;
    trashed: boolean;
    with_parent: boolean;
  }>(
    sql`with recursive t(id) as (select id from public.tasks where parent_id = ${id}
          union select c.id from public.tasks c join t on c.parent_id = t.id)
        select x.id, x.parent_id, x.deleted_at is not null as trashed, x.deleted_with_parent as with_parent
          from t join public.tasks x on x.id = t.id order by x.number`,
  );
  return rows;
}

const stored = async (ids: string[]) =>
  (
    await ctx.db.execute<{ id: string }>(
      sql`select id from public.tasks where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    )
  ).rows.length;

describe('DELETE /api/tasks/{id}?withSubtasks=true', () => {
  it('trashes the task with its sub-tree, listed as one item, and its restore brings the tree back', async () => {
    const owner = await member('Olga Owner');
    const { product } = await productOf(owner);
    const { top, copy, ids } = await copiedTree(owner, product.id);
    expect(ids).toHaveLength(4);

    const res = await as(owner, deleteTree(copy));
    expect(res.statusCode, res.body).toBe(200);
    for (const id of ids) expect((await as(owner, { url: `/api/tasks/${id}` })).statusCode).toBe(404);
    expect((await below(copy)).map((t) => [t.trashed, t.with_parent])).toEqual([
      [true, true],
      [true, true],
      [true, true],
    ]);
    // The original tree is untouched.
    expect((await below(top.id)).every((t) => !t.trashed)).toBe(true);
    expect((await as(owner, trashList(product.id))).json().data).toMatchObject([{ kind: 'task', id: copy }]);
    const deleted = (await entriesOf(ctx, product.id)).filter((e) => e.actionType === 'task_deleted');
    expect(deleted.map((e) => e.taskId).sort()).toEqual([...ids].sort());

    expect((await as(owner, restore('task', copy))).statusCode).toBe(200);
    for (const id of ids) expect((await as(owner, { url: `/api/tasks/${id}` })).statusCode).toBe(200);
    expect((await below(copy)).map((t) => [t.trashed, t.with_parent])).toEqual([
      [false, false],
      [false, false],
      [false, false],
    ]);
    const copyNow = (await as(owner, { url: `/api/tasks/${copy}` })).json();
    expect(copyNow.subtasks).toMatchObject({ total: 2 });
    const restored = (await entriesOf(ctx, product.id)).filter((e) => e.actionType === 'task_restored');
    expect(restored.map((e) => e.taskId).sort()).toEqual([...ids].sort());
    expect((await as(owner, trashList(product.id))).json().data).toEqual([]);
  });

  it('purges the tree with its top task', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const { copy, ids } = await copiedTree(owner, product.id);
    expect((await as(owner, deleteTree(copy))).statusCode).toBe(200);
    expect((await as(owner, purge('task', copy))).statusCode).toBe(200);
    expect(await stored(ids)).toBe(0);
  });

  it('without the flag trashes the task alone: its sub-tasks stay (decision 038)', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const { copy, ids } = await copiedTree(owner, product.id);
    expect((await as(owner, deleteTree(copy, 'false'))).statusCode).toBe(200);
    expect((await below(copy)).every((t) => !t.trashed)).toBe(true);
    expect((await as(owner, { url: `/api/tasks/${ids[1]}` })).statusCode).toBe(200);
  });

  it('refuses a bad flag (400), a guest (403), someone who cannot see it (404) and no session (401), trashing nothing', async () => {
    const owner = await member();
    const visitor = await guest();
    const { product } = await productOf(owner, [visitor]);
    const { copy } = await copiedTree(owner, product.id);
    expect((await as(owner, deleteTree(copy, 'yes'))).statusCode).toBe(400);
    expect((await as(visitor, deleteTree(copy))).statusCode).toBe(403);
    expect((await as(await member(), deleteTree(copy))).statusCode).toBe(404);
    expect((await ctx.app.inject(deleteTree(copy))).statusCode).toBe(401);
    expect((await as(owner, { url: `/api/tasks/${copy}` })).statusCode).toBe(200);
    expect((await below(copy)).some((t) => t.trashed)).toBe(false);
  });
});
