import { LABELS_PER_PRODUCT_MAX, labelMessages } from '@shipyard/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activities, labels, taskLabels } from '../../db/schema/index.ts';
import { useProductCast } from '../../testing/cast.ts';
import { addMember, createProduct, createTask, createTeam } from '../../testing/factories.ts';
import { type Req, useTestApp } from '../../testing/http.ts';

const { ctx, as } = useTestApp();

let otherProductId: string;
const { alice, mia, gus, bob, admin, productId } = useProductCast(ctx);

beforeAll(async () => {
  otherProductId = (await createProduct(ctx, alice.user.id, { name: 'Gemini' })).id;
  const team = await createTeam(ctx, otherProductId);
  await addMember(ctx, team.id, mia.user.id);
  await addMember(ctx, team.id, gus.user.id);
});

const create = (payload: object, id = productId()): Req => ({
  method: 'POST',
  url: `/api/projects/${id}/labels`,
  payload,
});
const edit = (id: string, payload: object): Req => ({ method: 'PATCH', url: `/api/labels/${id}`, payload });
const drop = (id: string): Req => ({ method: 'DELETE', url: `/api/labels/${id}` });
const setLabels = (taskId: string, labelIds: string[]): Req => ({
  method: 'PUT',
  url: `/api/tasks/${taskId}/labels`,
  payload: { labelIds },
});
let n = 0;
/** A label of the product, made by its creator. */
async function label(name = `Label ${++n}`, id = productId(), color = '#3b82f6') {
  const res = await as(alice, create({ name, color }, id));
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; name: string; color: string };
}
const labelNames = (body: { data: { name: string }[] }) => body.data.map((l) => l.name);

describe('product labels', () => {
  it('are created by the product’s creator or an admin, listed by name with their use to all who see it', async () => {
    const product = (await createProduct(ctx, alice.user.id)).id;
    const team = await createTeam(ctx, product);
    await addMember(ctx, team.id, gus.user.id);
    const res = await as(alice, create({ name: '  Bug ', color: '#EF4444' }, product));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Bug', color: '#ef4444', productId: product, tasks: 0 });
    expect((await as(admin, create({ name: 'chore', color: '#64748b' }, product))).statusCode).toBe(201);

    const listed = await as(gus, { url: `/api/projects/${product}/labels` });
    expect(listed.statusCode).toBe(200);
    expect(labelNames(listed.json())).toEqual(['Bug', 'chore']);
    expect(listed.json().canManage).toBe(false);
    expect((await as(alice, { url: `/api/projects/${product}/labels` })).json().canManage).toBe(true);
    expect(ctx.published).toContainEqual(
      expect.objectContaining({ kind: 'label', op: 'created', productId: product }),
    );
  });

  it('refuse members, guests (403) and those who do not see the product (404), and signed out (401)', async () => {
    const made = await label();
    for (const req of [
      create({ name: 'New', color: '#64748b' }),
      edit(made.id, { name: 'Renamed' }),
      drop(made.id),
    ]) {
      for (const who of [mia, gus]) {
        const res = await as(who, req);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(labelMessages.manageForbidden);
      }
      expect((await as(bob, req)).statusCode).toBe(404);
      expect((await as(undefined, req)).statusCode).toBe(401);
    }
    expect((await as(bob, edit(made.id, { name: 'x' }))).json().message).toBe(labelMessages.notFound);
    expect((await as(bob, { url: `/api/projects/${productId()}/labels` })).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(labels).where(eq(labels.id, made.id));
    expect(row?.name).toBe(made.name);
  });

  it('keep names unique in the product ignoring case, with a clear 409', async () => {
    await label('Design');
    for (const name of ['design', 'DESIGN ']) {
      const res = await as(alice, create({ name, color: '#22c55e' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'LABEL_NAME_TAKEN', message: labelMessages.duplicate });
    }
    const other = await label('Other name');
    const renamed = await as(alice, edit(other.id, { name: 'dEsIgN' }));
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().message).toBe(labelMessages.duplicate);
    // Another product may use the name.
    expect((await as(alice, create({ name: 'Design', color: '#22c55e' }, otherProductId))).statusCode).toBe(
      201,
    );
  });

  it('refuse a bad name or colour', async () => {
    for (const payload of [
      { name: '', color: '#ffffff' },
      { name: 'x'.repeat(51), color: '#ffffff' },
      { name: 'a\tb', color: '#ffffff' },
      { name: 'Fine', color: 'red' },
      { name: 'Fine', color: '#fff' },
    ]) {
      expect((await as(alice, create(payload))).statusCode).toBe(400);
    }
    expect((await as(alice, create({ name: 'Fine', color: 'red' }))).json().message).toBe(
      labelMessages.colorInvalid,
    );
  });

  it(`hold at most ${LABELS_PER_PRODUCT_MAX} per product`, async () => {
    const product = (await createProduct(ctx, alice.user.id)).id;
    await ctx.db.insert(labels).values(
      Array.from({ length: LABELS_PER_PRODUCT_MAX }, (_, i) => ({
        productId: product,
        name: `L${i}`,
        color: '#64748b',
      })),
    );
    const res = await as(alice, create({ name: 'One more', color: '#64748b' }, product));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LABELS_FULL', message: labelMessages.tooMany });
  });

  it('are renamed and recoloured, and deleted from every task that had them', async () => {
    const made = await label('Typo');
    const task = await createTask(ctx, productId());
    await as(mia, setLabels(task.id, [made.id]));
    const res = await as(admin, edit(made.id, { name: 'Wording', color: '#A855F7' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: made.id, name: 'Wording', color: '#a855f7', tasks: 1 });
    expect((await as(mia, { url: `/api/tasks/${task.id}` })).json().labels).toEqual([
      { id: made.id, name: 'Wording', color: '#a855f7' },
    ]);

    const deleted = await as(alice, drop(made.id));
    expect(deleted.statusCode).toBe(204);
    expect(await ctx.db.select().from(taskLabels).where(eq(taskLabels.taskId, task.id))).toEqual([]);
    expect(ctx.published).toContainEqual(
      expect.objectContaining({ kind: 'label', op: 'deleted', id: made.id }),
    );
    expect((await as(alice, drop(made.id))).statusCode).toBe(404);
  });

  it('cannot be changed on an archived product (409)', async () => {
    const product = (await createProduct(ctx, alice.user.id)).id;
    const [row] = await ctx.db
      .insert(labels)
      .values({ productId: product, name: 'Old', color: '#64748b' })
      .returning();
    await ctx.db.execute(`update products set archived_at = now() where id = '${product}'`);
    for (const req of [
      create({ name: 'New', color: '#64748b' }, product),
      edit(row?.id as string, { name: 'x' }),
      drop(row?.id as string),
    ]) {
      const res = await as(alice, req);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('PRODUCT_ARCHIVED');
    }
    expect(labelNames((await as(alice, { url: `/api/projects/${product}/labels` })).json())).toEqual(['Old']);
  });
});

describe('PUT /api/tasks/{id}/labels', () => {
  it('replaces the task’s labels, records the change once and tells every board', async () => {
    const [bug, ui] = [await label('bug-x'), await label('ui-x')];
    const task = await createTask(ctx, productId(), { title: 'Fix the header' });
    const published = ctx.published.length;
    const res = await as(mia, setLabels(task.id, [ui.id, bug.id, bug.id]));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      taskId: task.id,
      labels: [
        { id: bug.id, name: 'bug-x', color: '#3b82f6' },
        { id: ui.id, name: 'ui-x', color: '#3b82f6' },
      ],
    });
    expect(ctx.published.slice(published)).toContainEqual(
      expect.objectContaining({ kind: 'task', op: 'updated', id: task.id }),
    );
    const entries = await ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.taskId, task.id), eq(activities.actionType, 'task_updated')));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.metadata).toMatchObject({ changes: { labels: { from: [], to: ['bug-x', 'ui-x'] } } });

    // The same set again changes nothing and records nothing.
    await as(mia, setLabels(task.id, [bug.id, ui.id]));
    const removed = await as(admin, setLabels(task.id, [ui.id]));
    expect(removed.json().labels.map((l: { id: string }) => l.id)).toEqual([ui.id]);
    const all = await ctx.db.select().from(activities).where(eq(activities.taskId, task.id));
    expect(all.filter((e) => e.actionType === 'task_updated')).toHaveLength(2);
    expect((await as(gus, { url: `/api/tasks/${task.id}/labels` })).json().labels).toHaveLength(1);
  });

  it('refuses a label of another product with 400 and keeps the labels as they were', async () => {
    const mine = await label();
    const foreign = await label('foreign', otherProductId);
    const task = await createTask(ctx, productId());
    await as(mia, setLabels(task.id, [mine.id]));
    const res = await as(mia, setLabels(task.id, [foreign.id]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(labelMessages.notOfProduct);
    expect(
      (await as(mia, { url: `/api/tasks/${task.id}/labels` })).json().labels.map((l: { id: string }) => l.id),
    ).toEqual([mine.id]);
    const tooMany = Array.from({ length: 21 }, () => crypto.randomUUID());
    expect((await as(mia, setLabels(task.id, tooMany))).statusCode).toBe(400);
  });

  it('refuses guests (403, even on their own task), outsiders (404) and the signed out (401)', async () => {
    const mine = await label();
    const task = await createTask(ctx, productId(), { assigneeId: gus.user.id });
    const guest = await as(gus, setLabels(task.id, [mine.id]));
    expect(guest.statusCode).toBe(403);
    expect(guest.json().message).toBe(labelMessages.readOnly);
    expect((await as(bob, setLabels(task.id, []))).statusCode).toBe(404);
    expect((await as(bob, { url: `/api/tasks/${task.id}/labels` })).statusCode).toBe(404);
    expect((await as(undefined, setLabels(task.id, []))).statusCode).toBe(401);
  });

  it('takes the old product’s labels off a task moved to another product', async () => {
    const mine = await label();
    const task = await createTask(ctx, productId());
    await as(mia, setLabels(task.id, [mine.id]));
    const moved = await as(mia, {
      method: 'PATCH',
      url: `/api/tasks/${task.id}/update`,
      payload: { projectId: otherProductId },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().labels).toEqual([]);
  });
});

describe('filtering task lists by label', () => {
  it('keeps the tasks that carry any of the labels, on /tasks/all and on the product’s list', async () => {
    const [red, blue] = [await label('red-f'), await label('blue-f')];
    const [a, b, c] = [
      await createTask(ctx, productId(), { title: 'A' }),
      await createTask(ctx, productId(), { title: 'B' }),
      await createTask(ctx, productId(), { title: 'C' }),
    ];
    await as(mia, setLabels(a.id, [red.id]));
    await as(mia, setLabels(b.id, [red.id, blue.id]));
    const titles = (res: { json: () => { data: { title: string }[]; total: number } }) =>
      res
        .json()
        .data.map((t) => t.title)
        .sort();
    for (const base of [`/api/tasks/${productId()}/tasks`, '/api/tasks/all']) {
      const redOnly = await as(mia, { url: `${base}?labelId=${red.id}` });
      expect(redOnly.statusCode).toBe(200);
      expect(titles(redOnly)).toEqual(['A', 'B']);
      expect(redOnly.json().total).toBe(2);
      expect(titles(await as(mia, { url: `${base}?labelId=${blue.id}` }))).toEqual(['B']);
      expect(titles(await as(mia, { url: `${base}?labelId=${blue.id},${red.id}` }))).toEqual(['A', 'B']);
      expect(titles(await as(mia, { url: `${base}?labelId=${red.id}&labelId=${blue.id}` }))).toEqual([
        'A',
        'B',
      ]);
    }
    const listed = (await as(mia, { url: `/api/tasks/${productId()}/tasks?labelId=${blue.id}` })).json()
      .data[0];
    expect(listed.labels).toEqual([
      { id: blue.id, name: 'blue-f', color: '#3b82f6' },
      { id: red.id, name: 'red-f', color: '#3b82f6' },
    ]);
    expect(c.id).toBeDefined();
    expect((await as(mia, { url: '/api/tasks/all?labelId=nope' })).statusCode).toBe(400);
  });
});
