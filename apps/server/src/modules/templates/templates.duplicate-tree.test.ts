import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tasks } from '../../db/schema/index.ts';
import { useProductCast } from '../../testing/cast.ts';
import { createProduct, createTask } from '../../testing/factories.ts';
import { type Req, useTestApp } from '../../testing/http.ts';
import { entriesOf } from '../../testing/stored.ts';

// "Duplicate with sub-tasks" (issue 29): POST /tasks/{id}/duplicate with { withSubtasks: true }
// copies the task's whole sub-tree, each copy a created task, in one transaction.
const { ctx, as } = useTestApp();
const { alice, mia, gus, bob, productId } = useProductCast(ctx);

const duplicate = (id: string, payload?: object): Req => ({
  method: 'POST',
  url: `/api/tasks/${id}/duplicate`,
  ...(payload && { payload }),
});

/** The product's live tasks titled `title`, with their parents' titles. */
async function titled(product: string, title: string) {
  const rows = await ctx.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.productId, product), eq(tasks.title, title), isNull(tasks.deletedAt)));
  return rows;
}

async function tree(product: string) {
  const top = await createTask(ctx, product, { title: 'Launch' });
  const sub = await createTask(ctx, product, { title: 'Write post', parentId: top.id });
  const leaf = await createTask(ctx, product, { title: 'Pick images', parentId: sub.id });
  const other = await createTask(ctx, product, { title: 'Send mail', parentId: top.id });
  return { top, sub, leaf, other };
}

describe('duplicate with sub-tasks', () => {
  it('copies the whole sub-tree under the copy, each a created task', async () => {
    const product = (await createProduct(ctx, alice.user.id, { name: 'Tree' })).id;
    const { top } = await tree(product);
    const res = await as(alice, duplicate(top.id, { withSubtasks: true }));
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json();
    expect(copy).toMatchObject({ title: 'Launch', parentId: null });
    const [post] = (await titled(product, 'Write post')).filter((t) => t.parentId === copy.id);
    const [mail] = (await titled(product, 'Send mail')).filter((t) => t.parentId === copy.id);
    expect(post).toBeDefined();
    expect(mail).toBeDefined();
    const images = (await titled(product, 'Pick images')).filter((t) => t.parentId === post?.id);
    expect(images).toHaveLength(1);
    const created = (await entriesOf(ctx, product)).filter((e) => e.actionType === 'task_created');
    // Four made by the factory have no entries; the four copies each have one.
    expect(created.map((e) => e.taskId).sort()).toEqual([copy.id, post?.id, mail?.id, images[0]?.id].sort());
  });

  it('copies a sub-task’s own sub-tree beside it, and without the flag the task alone', async () => {
    const product = (await createProduct(ctx, alice.user.id, { name: 'Branch' })).id;
    const { top, sub } = await tree(product);
    const res = await as(alice, duplicate(sub.id, { withSubtasks: true }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Write post', parentId: top.id });
    expect((await titled(product, 'Pick images')).map((t) => t.parentId).sort()).toEqual(
      [sub.id, res.json().id].sort(),
    );
    const alone = await as(alice, duplicate(top.id));
    expect(alone.statusCode).toBe(201);
    expect(await titled(product, 'Write post')).toHaveLength(2);
    const flagOff = await as(alice, duplicate(top.id, { withSubtasks: false }));
    expect(flagOff.statusCode).toBe(201);
    expect(await titled(product, 'Send mail')).toHaveLength(1);
  });

  it('is refused to guests (403), those who do not see it (404), signed-out callers (401) and bad bodies (400)', async () => {
    const { top } = await tree(productId());
    const before = (await titled(productId(), 'Write post')).length;
    expect((await as(undefined, duplicate(top.id, { withSubtasks: true }))).statusCode).toBe(401);
    expect((await as(gus, duplicate(top.id, { withSubtasks: true }))).statusCode).toBe(403);
    expect((await as(bob, duplicate(top.id, { withSubtasks: true }))).statusCode).toBe(404);
    expect((await as(mia, duplicate(top.id, { withSubtasks: 'yes' }))).statusCode).toBe(400);
    expect(await titled(productId(), 'Write post')).toHaveLength(before);
  });
});
