import type { Forecast, ForecastBatch } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tasks } from '../../db/schema/index.ts';
import { type Req, UNKNOWN_ID, useTestApp } from '../../testing/http.ts';

// Forecasts (issue 32): a product's Monte Carlo forecast and its backtest, alone and in a batch.
const { ctx, as, member, guest, signedIn, productOf } = useTestApp();

const DAY = 86_400_000;
const one = (id: string): Req => ({ method: 'GET', url: `/api/projects/${id}/forecast` });
const batch = (ids: string[]): Req => ({ method: 'GET', url: `/api/forecasts?productIds=${ids.join(',')}` });

/** `perDay` tasks completed on each of the last `days` days (created the day before), and `open` open ones. */
async function history(
  productId: string,
  { days, perDay, open }: { days: number; perDay: number; open: number },
) {
  const now = ctx.clock.now().getTime();
  const rows: (typeof tasks.$inferInsert)[] = [];
  for (let d = 1; d <= days; d++)
    for (let i = 0; i < perDay; i++)
      rows.push({
        productId,
        title: `Done ${d}.${i}`,
        status: 'Completed',
        createdAt: new Date(now - (d + 1) * DAY),
        completedAt: new Date(now - d * DAY),
      });
  for (let i = 0; i < open; i++)
    rows.push({
      productId,
      title: `Open ${i}`,
      status: 'Pending',
      createdAt: new Date(now - (days + 2) * DAY),
    });
  if (rows.length) await ctx.db.insert(tasks).values(rows);
}

describe('forecasts', () => {
  it('answers 401 without a session', async () => {
    expect((await as(undefined, one(UNKNOWN_ID))).statusCode).toBe(401);
    expect((await as(undefined, batch([UNKNOWN_ID]))).statusCode).toBe(401);
  });

  it('dates a product from its own history, with its backtest, to its owner and to a guest of its team', async () => {
    const owner = await member();
    const viewer = await guest();
    const { product } = await productOf(owner, [viewer]);
    await history(product.id, { days: 170, perDay: 2, open: 10 });
    for (const who of [owner, viewer]) {
      const res = await as(who, one(product.id));
      expect(res.statusCode).toBe(200);
      const f = res.json<Forecast>();
      expect(f).toMatchObject({ product_id: product.id, state: 'forecast', open: 10, trials: 10_000 });
      expect(f.history).toMatchObject({ days: 84, completions: 168, per_week: 14 });
      const today = ctx.clock.now().toISOString().slice(0, 10);
      // 2 a day, 10 open: done on the fifth day from today (today counts), every trial.
      expect(f.p50).toBe(new Date(Date.parse(today) + 4 * DAY).toISOString().slice(0, 10));
      expect(f.p85).toBe(f.p50);
      expect(f.backtest).toMatchObject({ samples_count: 12, mean_abs_error_days: 0, hit_rate_85: 1 });
      expect(f.backtest.samples).toHaveLength(12);
      expect(f.distribution).toHaveLength(1);
    }
  });

  it('answers 404 for a product out of sight or unknown (400 for no id), and sees through a team', async () => {
    const owner = await member();
    const outsider = await member();
    const teammate = await member();
    const { product } = await productOf(owner, [teammate]);
    expect((await as(outsider, one(product.id))).statusCode).toBe(404);
    expect((await as(owner, one(UNKNOWN_ID))).statusCode).toBe(404);
    expect((await as(owner, one('not-a-uuid'))).statusCode).toBe(400);
    const res = await as(teammate, one(product.id));
    expect(res.statusCode).toBe(200);
    // No tasks at all: nothing open, done.
    expect(res.json()).toMatchObject({ state: 'done', open: 0, p50: null });
  });

  it('says not enough history rather than a date', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    await history(product.id, { days: 3, perDay: 1, open: 4 });
    expect((await as(owner, one(product.id))).json()).toMatchObject({
      state: 'insufficient',
      reason: 'short_history',
      open: 4,
      p50: null,
      p85: null,
    });
  });

  it('ignores trashed tasks, and a write outdates the cached forecast', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    await history(product.id, { days: 30, perDay: 1, open: 3 });
    expect((await as(owner, one(product.id))).json()).toMatchObject({ state: 'forecast', open: 3 });
    await ctx.db.update(tasks).set({ deletedAt: new Date() }).where(eq(tasks.productId, product.id));
    expect((await as(owner, one(product.id))).json()).toMatchObject({ state: 'done', open: 0 });
  });

  it('answers a batch with only the products the caller sees, in their order', async () => {
    const owner = await member();
    const other = await member();
    const a = await productOf(owner);
    const b = await productOf(owner);
    const hidden = await productOf(other);
    await history(a.product.id, { days: 30, perDay: 1, open: 5 });
    const res = await as(owner, batch([b.product.id, hidden.product.id, a.product.id, UNKNOWN_ID]));
    expect(res.statusCode).toBe(200);
    const { forecasts } = res.json<ForecastBatch>();
    expect(forecasts.map((f) => f.product_id)).toEqual([b.product.id, a.product.id]);
    expect(forecasts[1]).toMatchObject({ state: 'forecast', open: 5 });
    expect(forecasts[1]).not.toHaveProperty('distribution');
    expect(forecasts[1]?.backtest).not.toHaveProperty('samples');
    // An admin sees every product.
    const admin = await signedIn('admin', 'Ada Admin');
    const all = await as(admin, batch([hidden.product.id]));
    expect(all.json<ForecastBatch>().forecasts.map((f) => f.product_id)).toEqual([hidden.product.id]);
  });

  it('answers 400 for more than 300 ids, a bad id or none', async () => {
    const owner = await member();
    const many = Array.from(
      { length: 301 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const tooMany = await as(owner, batch(many));
    expect(tooMany.statusCode).toBe(400);
    expect(JSON.stringify(tooMany.json())).toContain('At most 300 products');
    const bad = await as(owner, batch([UNKNOWN_ID, 'nope']));
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Each product id must be a UUID');
    expect((await as(owner, { method: 'GET', url: '/api/forecasts' })).statusCode).toBe(400);
  });
});
