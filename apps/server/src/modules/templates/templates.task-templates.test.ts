import { TASK_TEMPLATES_PER_PRODUCT_MAX, templateMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products, taskTemplates } from '../../db/schema/index.ts';
import { useProductCast } from '../../testing/cast.ts';
import { apiTokenHeaders, createProduct, createTask } from '../../testing/factories.ts';
import { type Req, UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { countRows } from '../../testing/stored.ts';

const { ctx, as, publishedBy } = useTestApp();
const { alice, mia, gus, bob, admin, productId, teamId } = useProductCast(ctx);

const create = (payload: object, id = productId()): Req => ({
  method: 'POST',
  url: `/api/projects/${id}/task-templates`,
  payload,
});
const edit = (id: string, payload: object): Req => ({
  method: 'PATCH',
  url: `/api/task-templates/${id}`,
  payload,
});
const drop = (id: string): Req => ({ method: 'DELETE', url: `/api/task-templates/${id}` });
let n = 0;
async function template(payload: object = {}, id = productId()) {
  const res = await as(alice, create({ name: `Template ${++n}`, ...payload }, id));
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; name: string; parts: Record<string, unknown> };
}

describe('task templates', () => {
  it('are created by whoever manages the product and listed by name to everyone who sees it', async () => {
    const product = (await createProduct(ctx, alice.user.id)).id;
    const changes = await publishedBy(async () => {
      const res = await as(
        alice,
        create(
          {
            name: ' Bug report ',
            title: 'Bug: ',
            description: 'Steps to reproduce',
            priority: 'High',
            dueInDays: 3,
            parts: { labels: ['Bug'], checklist: ['Reproduce', 'Fix', 'Test'], subtasks: ['Write test'] },
          },
          product,
        ),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        name: 'Bug report',
        productId: product,
        title: 'Bug:',
        priority: 'high',
        dueInDays: 3,
        teamId: null,
        parts: { labels: ['Bug'], checklist: ['Reproduce', 'Fix', 'Test'], subtasks: ['Write test'] },
        createdBy: alice.user.id,
      });
    });
    expect(changes).toContainEqual(
      expect.objectContaining({ kind: 'template', op: 'created', productId: product }),
    );
    expect((await as(admin, create({ name: 'Another' }, product))).statusCode).toBe(201);
    const listed = await as(alice, { url: `/api/projects/${product}/task-templates` });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((t: { name: string }) => t.name)).toEqual(['Another', 'Bug report']);
    expect(listed.json().canManage).toBe(true);
  });

  it('are read by the product’s members and guests, who may not manage them (403)', async () => {
    const made = await template();
    for (const who of [mia, gus]) {
      const listed = await as(who, { url: `/api/projects/${productId()}/task-templates` });
      expect(listed.statusCode).toBe(200);
      expect(listed.json().canManage).toBe(false);
      expect((await as(who, { url: `/api/task-templates/${made.id}` })).statusCode).toBe(200);
      for (const req of [create({ name: 'Mine' }), edit(made.id, { name: 'Renamed' }), drop(made.id)]) {
        const res = await as(who, req);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(templateMessages.manageForbidden);
      }
    }
  });

  it('are unknown (404) to those who do not see the product, and need a session (401)', async () => {
    const made = await template();
    for (const req of [
      { url: `/api/projects/${productId()}/task-templates` },
      { url: `/api/task-templates/${made.id}` },
      create({ name: 'Mine' }),
      edit(made.id, { name: 'Renamed' }),
      drop(made.id),
      { method: 'POST', url: `/api/task-templates/${made.id}/tasks`, payload: { title: 'x' } } as Req,
    ]) {
      expect((await as(bob, req)).statusCode).toBe(404);
      expect((await as(undefined, req)).statusCode).toBe(401);
    }
    expect((await as(bob, edit(made.id, { name: 'x' }))).json().message).toBe(templateMessages.notFound);
    for (const req of [
      { url: `/api/task-templates/${UNKNOWN_ID}` },
      edit(UNKNOWN_ID, { name: 'x' }),
      drop(UNKNOWN_ID),
    ]) {
      expect((await as(admin, req)).statusCode).toBe(404);
    }
    expect((await as(admin, create({ name: 'x' }, UNKNOWN_ID))).statusCode).toBe(404);
  });

  it('are read and written with API tokens; a read-only token only reads', async () => {
    const write = await apiTokenHeaders(ctx, alice, 'write');
    const read = await apiTokenHeaders(ctx, alice, 'read');
    const made = await ctx.app.inject({ ...create({ name: 'By script' }), headers: write });
    expect(made.statusCode).toBe(201);
    const listed = await ctx.app.inject({
      url: `/api/projects/${productId()}/task-templates`,
      headers: read,
    });
    expect(listed.statusCode).toBe(200);
    expect((await ctx.app.inject({ ...create({ name: 'Refused' }), headers: read })).statusCode).toBe(403);
    expect((await ctx.app.inject({ ...drop(made.json().id), headers: read })).statusCode).toBe(403);
  });

  it('are edited and deleted by whoever manages the product', async () => {
    const made = await template({ parts: { checklist: ['One'] } });
    const res = await as(
      admin,
      edit(made.id, { name: 'Renamed', priority: 'low', parts: { labels: ['Ops'] } }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renamed',
      priority: 'low',
      parts: { checklist: ['One'], labels: ['Ops'] },
    });
    const changes = await publishedBy(async () => {
      expect((await as(alice, drop(made.id))).statusCode).toBe(204);
    });
    expect(changes).toContainEqual(expect.objectContaining({ kind: 'template', op: 'deleted', id: made.id }));
    expect((await as(alice, { url: `/api/task-templates/${made.id}` })).statusCode).toBe(404);
  });

  it('refuse bad values with the field’s own message and store nothing', async () => {
    const product = (await createProduct(ctx, alice.user.id)).id;
    const cases: Array<[object, string]> = [
      [{ name: '' }, templateMessages.nameRequired],
      [{ name: 'x'.repeat(81) }, templateMessages.nameTooLong],
      [{ name: 'A', dueInDays: 4000 }, templateMessages.dueDays],
      [
        { name: 'A', parts: { checklist: Array.from({ length: 51 }, (_, i) => `Item ${i}`) } },
        templateMessages.tooManyChecklist,
      ],
      [{ name: 'A', parts: { checklist: ['  '] } }, templateMessages.itemRequired],
      [{ name: 'A', parts: { colour: 'red' } }, templateMessages.unknownPart('colour')],
      [{ name: 'A', teamId: teamId() }, templateMessages.teamNotInProduct],
      [
        {
          name: 'A',
          description: 'é'.repeat(5000),
          parts: {
            checklist: Array.from({ length: 50 }, () => 'é'.repeat(500)),
            subtasks: Array.from({ length: 50 }, () => 'é'.repeat(200)),
          },
        },
        templateMessages.taskTooLarge,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await as(alice, create(payload, product));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const stored = await ctx.db.select().from(taskTemplates).where(eq(taskTemplates.productId, product));
    expect(stored).toEqual([]);
  });

  it(`keep at most ${TASK_TEMPLATES_PER_PRODUCT_MAX} a product (409)`, async () => {
    const product = (await createProduct(ctx, alice.user.id)).id;
    await ctx.db.insert(taskTemplates).values(
      Array.from({ length: TASK_TEMPLATES_PER_PRODUCT_MAX }, (_, i) => ({
        productId: product,
        name: `T${i}`,
        content: { title: '', description: '', priority: 'medium', teamId: null, dueInDays: null, parts: {} },
      })),
    );
    const res = await as(alice, create({ name: 'One more' }, product));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(templateMessages.tooManyTaskTemplates);
  });

  it('refuse changes on an archived product (409)', async () => {
    const product = (await createProduct(ctx, alice.user.id, { archivedAt: new Date() })).id;
    expect((await as(alice, create({ name: 'A' }, product))).statusCode).toBe(409);
  });

  it('save a task as a template: its fields, labels and checklist', async () => {
    const task = await createTask(ctx, productId(), {
      title: 'Release',
      description: 'Ship it',
      priority: 'high',
      teamId: teamId(),
    });
    const label = await as(alice, {
      method: 'POST',
      url: `/api/projects/${productId()}/labels`,
      payload: { name: 'Launch', color: '#22c55e' },
    });
    await as(mia, {
      method: 'PUT',
      url: `/api/tasks/${task.id}/labels`,
      payload: { labelIds: [label.json().id] },
    });
    for (const title of ['Tag', 'Announce']) {
      await as(mia, { method: 'POST', url: `/api/tasks/${task.id}/checklist`, payload: { title } });
    }
    const save: Req = {
      method: 'POST',
      url: `/api/tasks/${task.id}/task-template`,
      payload: { name: 'Release' },
    };
    expect((await as(mia, save)).statusCode).toBe(403);
    expect((await as(bob, save)).statusCode).toBe(404);
    expect((await as(undefined, save)).statusCode).toBe(401);
    const res = await as(alice, save);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Release',
      title: 'Release',
      description: 'Ship it',
      priority: 'high',
      teamId: teamId(),
      parts: { labels: ['Launch'], checklist: ['Tag', 'Announce'] },
    });
  });

  it('go with their product to the trash, and with it when it is purged', async () => {
    const product = (await createProduct(ctx, alice.user.id)).id;
    const made = await template({}, product);
    await ctx.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, product));
    expect((await as(alice, { url: `/api/task-templates/${made.id}` })).statusCode).toBe(404);
    expect((await as(admin, { url: `/api/projects/${product}/task-templates` })).statusCode).toBe(404);
    const before = await countRows(ctx, taskTemplates);
    await ctx.pool.query('delete from public.products where id = $1', [product]);
    expect(await countRows(ctx, taskTemplates)).toBe((before ?? 0) - 1);
  });
});
