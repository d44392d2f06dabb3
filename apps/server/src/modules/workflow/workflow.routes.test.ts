import { STATES_PER_PRODUCT_MAX, stateMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tasks, workflowStates } from '../../db/schema/index.ts';
import { useProductCast } from '../../testing/cast.ts';
import { apiTokenHeaders, createProduct, createTask } from '../../testing/factories.ts';
import { UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import {
  addState,
  deleteState,
  editState,
  listStates,
  orderStates,
  stateIn,
  statesOf,
} from './workflow.test-kit.ts';

const { ctx, as } = useTestApp();
const { alice, mia, gus, bob, admin, productId } = useProductCast(ctx);

const names = (list: { name: string }[]) => list.map((s) => s.name);

describe('workflow states', () => {
  it('start as the three statuses for a new product, and are listed to everyone who sees it', async () => {
    const product = (await createProduct(ctx, alice.user.id)).id;
    const listed = await as(alice, listStates(product));
    expect(listed.statusCode).toBe(200);
    expect(listed.json().canManage).toBe(true);
    expect(listed.json().data).toMatchObject([
      { name: 'Pending', category: 'Pending', color: '#64748b', tasks: 0 },
      { name: 'In Progress', category: 'In Progress', tasks: 0 },
      { name: 'Completed', category: 'Completed', tasks: 0 },
    ]);
    const seen = await as(gus, listStates(productId()));
    expect(seen.statusCode).toBe(200);
    expect(seen.json().canManage).toBe(false);
    expect((await as(bob, listStates(productId()))).statusCode).toBe(404);
    expect((await as(undefined, listStates(productId()))).statusCode).toBe(401);
    expect((await as(alice, listStates(UNKNOWN_ID))).statusCode).toBe(404);
  });

  it('are added last of their category, renamed and recoloured by the product’s manager, live', async () => {
    const product = (await createProduct(ctx, alice.user.id)).id;
    const review = await stateIn(as, alice, product, {
      name: ' In review ',
      color: '#A855F7',
      category: 'In Progress',
    });
    expect(review).toMatchObject({ name: 'In review', color: '#a855f7', category: 'In Progress', tasks: 0 });
    await stateIn(as, admin, product, { name: 'Backlog', color: '#64748b', category: 'Pending' });
    expect(names(await statesOf(as, alice, product))).toEqual([
      'Pending',
      'Backlog',
      'In Progress',
      'In review',
      'Completed',
    ]);
    const renamed = await as(alice, editState(review.id, { name: 'Review', color: '#ec4899' }));
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: review.id, name: 'Review', color: '#ec4899' });
    expect(ctx.published).toContainEqual(
      expect.objectContaining({ kind: 'state', op: 'created', productId: product }),
    );
    expect(ctx.published).toContainEqual(
      expect.objectContaining({ kind: 'state', op: 'updated', id: review.id }),
    );
  });

  it('refuse members, guests (403), those who do not see the product (404), signed out (401), and change nothing', async () => {
    const [pending] = await statesOf(as, alice, productId());
    const other = (await statesOf(as, alice, productId()))[1];
    for (const req of [
      addState(productId(), { name: 'New', color: '#64748b', category: 'Pending' }),
      editState(pending?.id ?? '', { name: 'Renamed' }),
      orderStates(productId(), []),
      deleteState(pending?.id ?? '', other?.id),
    ]) {
      for (const who of [mia, gus]) {
        const res = await as(who, req);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(stateMessages.manageForbidden);
      }
      expect((await as(bob, req)).statusCode).toBe(404);
      expect((await as(undefined, req)).statusCode).toBe(401);
    }
    expect((await as(alice, editState(UNKNOWN_ID, { name: 'x' }))).json().message).toBe(
      stateMessages.notFound,
    );
    expect((await as(bob, editState(pending?.id ?? '', { name: 'x' }))).json().message).toBe(
      stateMessages.notFound,
    );
    expect(names(await statesOf(as, alice, productId()))).toEqual(['Pending', 'In Progress', 'Completed']);
  });

  it('answer bad input with the field’s own message and change nothing', async () => {
    const product = (await createProduct(ctx, alice.user.id)).id;
    const cases: Array<[object, string]> = [
      [{ name: '', color: '#64748b', category: 'Pending' }, stateMessages.nameRequired],
      [{ name: 'x'.repeat(41), color: '#64748b', category: 'Pending' }, stateMessages.nameTooLong],
      [{ name: 'Odd', color: '#123456', category: 'Pending' }, stateMessages.colorInvalid],
      [{ name: 'Odd', color: '#64748b', category: 'Blocked' }, stateMessages.categoryUnknown],
    ];
    for (const [payload, message] of cases) {
      const res = await as(alice, addState(product, payload));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const taken = await as(
      alice,
      addState(product, { name: 'pending', color: '#64748b', category: 'Completed' }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(stateMessages.duplicate);
    expect(names(await statesOf(as, alice, product))).toEqual(['Pending', 'In Progress', 'Completed']);
  });

  it(`stop at ${STATES_PER_PRODUCT_MAX} per product`, async () => {
    const product = (await createProduct(ctx, alice.user.id)).id;
    for (let i = 3; i < STATES_PER_PRODUCT_MAX; i++) {
      await stateIn(as, alice, product, { name: `State ${i}`, color: '#64748b', category: 'In Progress' });
    }
    const full = await as(
      alice,
      addState(product, { name: 'One more', color: '#64748b', category: 'Pending' }),
    );
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(stateMessages.tooMany);
  });

  it('are reordered with every state once; anything else is a 400', async () => {
    const product = (await createProduct(ctx, alice.user.id)).id;
    const backlog = await stateIn(as, alice, product, {
      name: 'Backlog',
      color: '#64748b',
      category: 'Pending',
    });
    const [pending, , progress, completed] = await statesOf(as, alice, product);
    const ids = [backlog.id, pending?.id, progress?.id, completed?.id] as string[];
    const res = await as(alice, orderStates(product, ids));
    expect(res.statusCode).toBe(200);
    expect(names(res.json().data)).toEqual(['Backlog', 'Pending', 'In Progress', 'Completed']);
    for (const bad of [ids.slice(1), [...ids, ids[0] as string], [...ids.slice(1), UNKNOWN_ID]]) {
      const refused = await as(alice, orderStates(product, bad));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(stateMessages.orderIncomplete);
    }
    expect(names(await statesOf(as, alice, product))).toEqual([
      'Backlog',
      'Pending',
      'In Progress',
      'Completed',
    ]);
  });

  it('are deleted moving their tasks to the state named, in one change; the last of a category stays', async () => {
    const product = (await createProduct(ctx, alice.user.id)).id;
    const review = await stateIn(as, alice, product, {
      name: 'In review',
      color: '#a855f7',
      category: 'In Progress',
    });
    const [pending, progress, , done] = await statesOf(as, alice, product);
    const a = await createTask(ctx, product, { title: 'A', stateId: review.id });
    const b = await createTask(ctx, product, { title: 'B', stateId: review.id });
    expect(a.status).toBe('In Progress');
    expect((await statesOf(as, alice, product)).find((s) => s.id === review.id)?.tasks).toBe(2);

    const noTarget = await as(alice, deleteState(review.id));
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json().message).toBe(stateMessages.moveToRequired);
    const elsewhere = (await statesOf(as, alice, productId()))[0]?.id;
    for (const moveTo of [review.id, elsewhere, UNKNOWN_ID]) {
      const refused = await as(alice, deleteState(review.id, moveTo));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(stateMessages.moveToInvalid);
    }
    const last = await as(alice, deleteState(pending?.id ?? '', progress?.id));
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(stateMessages.lastOfCategory);

    const res = await as(alice, deleteState(review.id, done?.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ moved: 2 });
    const rows = await ctx.db.select().from(tasks).where(eq(tasks.productId, product));
    for (const row of rows.filter((r) => r.id === a.id || r.id === b.id)) {
      expect(row).toMatchObject({ stateId: done?.id, status: 'Completed' });
      expect(row.completedAt).not.toBeNull();
    }
    expect(await ctx.db.select().from(workflowStates).where(eq(workflowStates.id, review.id))).toEqual([]);
    expect(ctx.published).toContainEqual(
      expect.objectContaining({ kind: 'state', op: 'deleted', id: review.id }),
    );
  });

  it('cannot be changed on an archived product (409)', async () => {
    const product = (await createProduct(ctx, alice.user.id)).id;
    await ctx.db.execute(`update products set archived_at = now() where id = '${product}'`);
    const res = await as(alice, addState(product, { name: 'Late', color: '#64748b', category: 'Pending' }));
    expect(res.statusCode).toBe(409);
    expect((await as(alice, listStates(product))).json().canManage).toBe(false);
  });

  it('are read with any token and changed only with a write token', async () => {
    const read = await apiTokenHeaders(ctx, alice, 'read');
    const write = await apiTokenHeaders(ctx, alice, 'write');
    const url = `/api/projects/${productId()}/states`;
    expect((await ctx.app.inject({ url, headers: read })).statusCode).toBe(200);
    const payload = { name: 'By token', color: '#64748b', category: 'Completed' };
    expect((await ctx.app.inject({ method: 'POST', url, headers: read, payload })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url, headers: write, payload })).statusCode).toBe(201);
  });
});
