import { PRODUCT_TEMPLATES_MAX, productMessages, templateMessages } from '@shipyard/shared';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  labels,
  products,
  productTemplates,
  taskChecklistItems,
  tasks,
  teams,
} from '../../db/schema/index.ts';
import { useProductCast } from '../../testing/cast.ts';
import { createTask } from '../../testing/factories.ts';
import { type Req, UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { entriesOf, refuseActivitiesWhen } from '../../testing/stored.ts';
import { newProduct, useProductTemplate } from './templates.test-kit.ts';

const { ctx, as, publishedBy } = useTestApp();
const { alice, mia, gus, bob, admin, productId } = useProductCast(ctx);

const save = (payload: object, id = productId()): Req => ({
  method: 'POST',
  url: `/api/projects/${id}/product-template`,
  payload,
});
const use = useProductTemplate;

describe('product templates', () => {
  it('save a product’s labels, team types and starter tasks, and make a new product from them', async () => {
    await as(alice, {
      method: 'POST',
      url: `/api/projects/${productId()}/labels`,
      payload: { name: 'Bug', color: '#ef4444' },
    });
    const task = await createTask(ctx, productId(), { title: 'Kick-off', priority: 'high' });
    await as(mia, {
      method: 'POST',
      url: `/api/tasks/${task.id}/checklist`,
      payload: { title: 'Book a room' },
    });

    const changes = await publishedBy(async () => {
      const res = await as(alice, save({ name: 'Launch', description: 'How we launch' }));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        name: 'Launch',
        description: 'How we launch',
        summary: { labels: 1, teams: 1, tasks: 1 },
        createdBy: { id: alice.user.id, name: 'Alice' },
        canDelete: true,
      });
      // The three states every product starts with are not worth carrying (issue 29).
      expect(res.json().summary).toEqual({ labels: 1, teams: 1, tasks: 1 });
    });
    expect(changes).toContainEqual(
      expect.objectContaining({ kind: 'template', op: 'created', everyone: true }),
    );
    const listed = await as(bob, { url: '/api/product-templates' });
    expect(listed.statusCode).toBe(200);
    const made = listed.json().data.find((t: { name: string }) => t.name === 'Launch');
    expect(made).toMatchObject({ canDelete: false });
    expect((await as(gus, { url: `/api/product-templates/${made.id}` })).statusCode).toBe(200);

    const res = await as(bob, use(made.id));
    expect(res.statusCode).toBe(201);
    const product = res.json();
    expect(product).toMatchObject({ name: 'Hermes', created_by: bob.user.id, status: 'planning' });
    const productLabels = await ctx.db.select().from(labels).where(eq(labels.productId, product.id));
    expect(productLabels.map((l) => [l.name, l.color])).toEqual([['Bug', '#ef4444']]);
    const productTeams = await ctx.db.select().from(teams).where(eq(teams.productId, product.id));
    expect(productTeams.map((t) => t.teamType)).toEqual(['development']);
    const starters = await ctx.db
      .select({ id: tasks.id, title: tasks.title, priority: tasks.priority, status: tasks.status })
      .from(tasks)
      .where(eq(tasks.productId, product.id));
    expect(starters).toMatchObject([{ title: 'Kick-off', priority: 'high', status: 'Pending' }]);
    const items = await ctx.db
      .select({ title: taskChecklistItems.title })
      .from(taskChecklistItems)
      .where(eq(taskChecklistItems.taskId, starters[0]?.id ?? ''))
      .orderBy(asc(taskChecklistItems.position));
    expect(items).toEqual([{ title: 'Book a room' }]);
    const entries = await entriesOf(ctx, product.id);
    expect(entries.map((e) => e.actionType)).toEqual(
      expect.arrayContaining(['prd_created', 'team_created', 'task_created', 'created_from_template']),
    );
    // Bob made it, so he sees it and its board.
    expect((await as(bob, { url: `/api/projects/${product.id}` })).statusCode).toBe(200);
  });

  it('create nothing when a part fails, and keep the spec’s product messages', async () => {
    const made = (await as(alice, save({ name: 'Atomic' }))).json();
    const before = (await ctx.db.select().from(products)).length;
    const allow = await refuseActivitiesWhen(ctx, "new.action_type = 'created_from_template'");
    try {
      expect((await as(mia, use(made.id))).statusCode).toBe(500);
    } finally {
      await allow();
    }
    expect((await ctx.db.select().from(products)).length).toBe(before);
    const bad = await as(mia, use(made.id, { ...newProduct, name: '' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(productMessages.nameRequired);
    const guest = await as(gus, use(made.id));
    expect(guest.statusCode).toBe(403);
  });

  it('are saved only by whoever manages the product, and deleted by their creator or an admin', async () => {
    for (const who of [mia, gus]) {
      const res = await as(who, save({ name: 'Mine' }));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(templateMessages.manageForbidden);
    }
    expect((await as(bob, save({ name: 'Mine' }))).statusCode).toBe(404);
    expect((await as(undefined, save({ name: 'Mine' }))).statusCode).toBe(401);
    expect((await as(alice, save({ name: '' }))).json().message).toBe(templateMessages.nameRequired);

    const made = (await as(alice, save({ name: 'Short-lived' }))).json();
    const drop: Req = { method: 'DELETE', url: `/api/product-templates/${made.id}` };
    const refused = await as(mia, drop);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(templateMessages.deleteForbidden);
    expect((await as(undefined, drop)).statusCode).toBe(401);
    expect((await as(alice, drop)).statusCode).toBe(204);
    const other = (await as(alice, save({ name: 'Admin deletes' }))).json();
    expect(
      (await as(admin, { method: 'DELETE', url: `/api/product-templates/${other.id}` })).statusCode,
    ).toBe(204);
    for (const req of [
      { url: `/api/product-templates/${made.id}` },
      { method: 'DELETE', url: `/api/product-templates/${UNKNOWN_ID}` } as Req,
      use(UNKNOWN_ID),
    ]) {
      expect((await as(admin, req)).statusCode).toBe(404);
    }
    expect((await as(undefined, { url: '/api/product-templates' })).statusCode).toBe(401);
    expect((await as(undefined, use(other.id))).statusCode).toBe(401);
  });

  it(`number at most ${PRODUCT_TEMPLATES_MAX} in the workspace (409)`, async () => {
    const existing = (await ctx.db.select().from(productTemplates)).length;
    await ctx.db
      .insert(productTemplates)
      .values(
        Array.from({ length: PRODUCT_TEMPLATES_MAX - existing }, (_, i) => ({ name: `P${i}`, parts: {} })),
      );
    const res = await as(alice, save({ name: 'One more' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(templateMessages.tooManyProductTemplates);
  });
});
