import { estimateMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tasks } from '../../db/schema/index.ts';
import { createTask } from '../../testing/factories.ts';
import { UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { boardOf, createTaskReq, editTask, scaleOf, setScale } from './hierarchy.test-kit.ts';

// Estimates (issue 29): a product's scale (GET/PUT /projects/{id}/estimates), a task's estimate.
const { ctx, as, member, guest, productOf, signedIn } = useTestApp();

const estimateOf = async (id: string) =>
  (await ctx.db.select().from(tasks).where(eq(tasks.id, id)))[0]?.estimate;

describe('estimates', () => {
  it('are validated against the product’s scale, with the scale’s own message', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id);
    const tries: Array<[string, unknown, string | undefined]> = [
      ['none', 3, undefined],
      ['points', 3, '3'],
      ['points', '5', '5'],
      ['points', 4, undefined],
      ['tshirt', 'm', 'M'],
      ['tshirt', 3, undefined],
      ['hours', 1.5, '1.5'],
      ['hours', '0.25', '0.25'],
      ['hours', 0.3, undefined],
      ['hours', 1000, undefined],
    ];
    for (const [scale, value, stored] of tries) {
      expect((await as(owner, setScale(product.id, scale))).statusCode).toBe(200);
      await ctx.db.update(tasks).set({ estimate: null }).where(eq(tasks.id, task.id));
      const res = await as(owner, editTask(task.id, { estimate: value }));
      if (stored === undefined) {
        expect(res.statusCode).toBe(400);
        const message = estimateMessages[scale as keyof typeof estimateMessages];
        expect(res.json()).toMatchObject({ message, details: { fields: { estimate: [message] } } });
        expect(await estimateOf(task.id)).toBeNull();
      } else {
        expect(res.statusCode).toBe(200);
        expect(res.json().estimate).toBe(stored);
      }
    }
    // On create too; and cleared with null.
    const made = await as(owner, createTaskReq({ title: 'Sized', projectId: product.id, estimate: 2 }));
    expect(made.statusCode).toBe(201);
    expect(made.json().estimate).toBe('2');
    const bad = await as(owner, createTaskReq({ title: 'Bad', projectId: product.id, estimate: 1000 }));
    expect(bad.statusCode).toBe(400);
    expect((await as(owner, editTask(made.json().id, { estimate: null }))).json().estimate).toBeNull();
  });

  it('are summed per board column (t-shirt sizes as points)', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    await as(owner, setScale(product.id, 'tshirt'));
    await createTask(ctx, product.id, { estimate: 'XS' });
    await createTask(ctx, product.id, { estimate: 'XL' });
    await createTask(ctx, product.id, { estimate: 'M', status: 'Completed' });
    await createTask(ctx, product.id);
    const board = (await as(owner, boardOf(product.id))).json();
    const sums = Object.fromEntries(
      board.columns.map((c: { status: string; estimateSum: number }) => [c.status, c.estimateSum]),
    );
    expect(sums).toEqual({ Pending: 9, 'In Progress': 0, Completed: 3 });
    // And for a list (a view's header) and each of its groups.
    const list = (await as(owner, { url: `/api/tasks/${product.id}/tasks?group=status` })).json();
    expect(list.estimateSum).toBe(12);
    expect(list.groups.map((g: { label: string; estimateSum: number }) => [g.label, g.estimateSum])).toEqual([
      ['Pending', 9],
      ['Completed', 3],
    ]);
  });

  it('a new scale keeps the values that fit and clears the others, counted first', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    await as(owner, setScale(product.id, 'hours'));
    const fits = await createTask(ctx, product.id, { estimate: '3' });
    const misfit = await createTask(ctx, product.id, { estimate: '1.5' });
    const preview = await as(owner, scaleOf(product.id, 'points'));
    expect(preview.json()).toEqual({ scale: 'hours', misfits: 1 });
    const res = await as(owner, setScale(product.id, 'points'));
    expect(res.json()).toEqual({ scale: 'points', misfits: 0 });
    expect(await estimateOf(fits.id)).toBe('3');
    expect(await estimateOf(misfit.id)).toBeNull();
    const options = await as(owner, { url: `/api/tasks/${product.id}/options` });
    expect(options.json().estimateScale).toBe('points');
  });

  it('the scale is set by whoever manages the product: 401, 403, 404, 409 archived, 400 unknown', async () => {
    const owner = await member();
    const mate = await member('Mo Mate');
    const reader = await guest();
    const { product } = await productOf(owner, [mate, reader]);
    const admin = await signedIn('admin', 'Ada');
    const stranger = await member('Stranger');
    expect((await as(undefined, setScale(product.id, 'points'))).statusCode).toBe(401);
    expect((await as(undefined, scaleOf(product.id))).statusCode).toBe(401);
    for (const who of [mate, reader]) {
      const res = await as(who, setScale(product.id, 'points'));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(estimateMessages.manageForbidden);
      expect((await as(who, scaleOf(product.id))).statusCode).toBe(200);
    }
    expect((await as(stranger, setScale(product.id, 'points'))).statusCode).toBe(404);
    expect((await as(stranger, scaleOf(product.id))).statusCode).toBe(404);
    expect((await as(owner, setScale(UNKNOWN_ID, 'points'))).statusCode).toBe(404);
    const unknown = await as(owner, setScale(product.id, 'fibonacci'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(estimateMessages.scaleUnknown);
    expect((await as(admin, setScale(product.id, 'tshirt'))).statusCode).toBe(200);
    await as(owner, {
      method: 'PATCH',
      url: `/api/projects/${product.id}/archive`,
      payload: { archived: true },
    });
    expect((await as(owner, setScale(product.id, 'points'))).statusCode).toBe(409);
    expect((await as(owner, scaleOf(product.id))).json().scale).toBe('tshirt');
  });
});
