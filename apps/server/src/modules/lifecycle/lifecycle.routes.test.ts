import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../db/schema/index.ts';
import { createProduct } from '../../testing/factories.ts';
import { UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { DAY, daysAgo, get, lifecycleKit, type Stay } from './lifecycle.test-kit.ts';

// A product's stage history from its events, and the stage_entered_at trigger and backfill (issue 32).
const { ctx, as, member, productOf } = useTestApp();
const { log, productWithMoves } = lifecycleKit(ctx);

describe('GET /api/projects/:id/stage-history', () => {
  it('answers 401 without a session and 404 for a product out of sight', async () => {
    const owner = await member();
    const other = await member('Sid Stranger');
    const { product } = await productOf(owner);
    expect((await as(undefined, get(`/api/projects/${product.id}/stage-history`))).statusCode).toBe(401);
    expect((await as(other, get(`/api/projects/${product.id}/stage-history`))).statusCode).toBe(404);
    expect((await as(other, get(`/api/projects/${UNKNOWN_ID}/stage-history`))).statusCode).toBe(404);
  });

  it('follows board and edit-form moves, and the product carries stage_entered_at from the trigger', async () => {
    const owner = await member('Olga Owner');
    const created = await as(owner, {
      method: 'POST',
      url: '/api/projects',
      payload: {
        name: 'Lifecycle',
        description: 'x',
        status: 'planning',
        team_size: 2,
        start_date: '2026-01-01',
        target_end_date: '2026-12-31',
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: string; stage_entered_at: string }>().id;
    const board = await as(owner, {
      method: 'PATCH',
      url: `/api/projects/${id}/status`,
      payload: { status: 'development' },
    });
    expect(board.statusCode).toBe(200);
    const edit = await as(owner, {
      method: 'PATCH',
      url: `/api/projects/${id}`,
      payload: { status: 'testing' },
    });
    expect(edit.statusCode).toBe(200);
    const entered = edit.json<{ stage_entered_at: string }>().stage_entered_at;
    expect(Date.parse(entered)).toBeGreaterThan(Date.now() - 60_000);

    const res = await as(owner, get(`/api/projects/${id}/stage-history`));
    expect(res.statusCode).toBe(200);
    const body = res.json<{ stage: string; stage_entered_at: string; stays: Stay[] }>();
    expect(body.stage).toBe('testing');
    expect(body.stays.map((s) => s.stage)).toEqual(['planning', 'development', 'testing']);
    expect(body.stays.at(-1)).toMatchObject({
      left_at: null,
      entered_at: entered,
      entered_by: { name: 'Olga Owner' },
    });
    expect(body.stays[0]?.left_at).not.toBeNull();
  });

  it('reads a product moved before this issue (old entries only) and one with no move entries', async () => {
    const owner = await member();
    const old = await createProduct(ctx, owner.user.id, {
      status: 'production',
      createdAt: daysAgo(40),
      stageEnteredAt: daysAgo(5),
    });
    await log(
      old.id,
      'product_updated',
      { changes: { status: { from: 'planning', to: 'testing' } } },
      daysAgo(30),
      owner,
    );
    await log(
      old.id,
      'status_changed',
      { previousStatus: 'testing', newStatus: 'production' },
      daysAgo(5),
      owner,
    );
    const stays = (await as(owner, get(`/api/projects/${old.id}/stage-history`))).json<{ stays: Stay[] }>()
      .stays;
    expect(stays.map((s) => [s.stage, Math.round(s.days)])).toEqual([
      ['planning', 10],
      ['testing', 25],
      ['production', 5],
    ]);

    const bare = await createProduct(ctx, owner.user.id, {
      status: 'development',
      createdAt: daysAgo(3),
      stageEnteredAt: daysAgo(3),
    });
    const only = (await as(owner, get(`/api/projects/${bare.id}/stage-history`))).json<{ stays: Stay[] }>()
      .stays;
    expect(only).toMatchObject([{ stage: 'development', left_at: null }]);
    expect(Math.round(only[0]?.days ?? 0)).toBe(3);
  });

  it('marks a move let through by a gate override, with its reason', async () => {
    const owner = await member();
    const product = await productWithMoves(owner, 'Gated', 20, [['development', 10]]);
    const at = daysAgo(10);
    await log(
      product.id,
      'stage_gate_overridden',
      { fromStage: 'planning', toStage: 'development', reason: 'Demo day', unmet: [] },
      at,
      owner,
    );
    const stays = (await as(owner, get(`/api/projects/${product.id}/stage-history`))).json<{
      stays: Stay[];
    }>().stays;
    expect(stays.at(-1)).toMatchObject({
      stage: 'development',
      overridden: true,
      override_reason: 'Demo day',
    });
  });
});

describe('stage_entered_at', () => {
  it('is set by the trigger on any change of status, and kept on other changes', async () => {
    const owner = await member();
    const product = await createProduct(ctx, owner.user.id, { stageEnteredAt: daysAgo(9) });
    await ctx.db.update(products).set({ name: 'Renamed' }).where(eq(products.id, product.id));
    let [row] = await ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.stageEnteredAt.getTime()).toBe(product.stageEnteredAt.getTime());
    await ctx.db.update(products).set({ status: 'testing' }).where(eq(products.id, product.id));
    [row] = await ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(Date.now() - (row?.stageEnteredAt.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('is backfilled by the migration from the newest stage move, else the creation', async () => {
    const owner = await member();
    const moved = await productWithMoves(owner, 'Moved', 30, [
      ['development', 20],
      ['testing', 7],
    ]);
    const edited = await createProduct(ctx, owner.user.id, { createdAt: daysAgo(12) });
    await log(
      edited.id,
      'product_updated',
      { previousStatus: 'planning', newStatus: 'testing' },
      daysAgo(4),
      owner,
    );
    const bare = await createProduct(ctx, owner.user.id, { createdAt: daysAgo(6) });
    const ids = [moved.id, edited.id, bare.id];
    await ctx.db.execute(sql`update products set stage_entered_at = now() where id in ${ids}`);
    const { readFile } = await import('node:fs/promises');
    const migration = await readFile(
      new URL('../../db/migrations/0051_stage-history.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .find((s) => s.includes('UPDATE products p SET stage_entered_at'));
    await ctx.db.execute(sql.raw(backfill ?? 'select 1/0'));
    const rows = await ctx.db.select().from(products).where(sql`${products.id} in ${ids}`);
    const ago = (id: string) =>
      Math.round((Date.now() - (rows.find((r) => r.id === id)?.stageEnteredAt.getTime() ?? 0)) / DAY);
    expect([ago(moved.id), ago(edited.id), ago(bare.id)]).toEqual([7, 4, 6]);
  });
});
