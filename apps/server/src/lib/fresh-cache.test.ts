import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.ts';
import { tasks } from '../db/schema/index.ts';
import { createProduct, createTask, createUser } from '../testing/factories.ts';
import { useTestApp } from '../testing/http.ts';
import { createFreshCache, freshnessReadings } from './fresh-cache.ts';

// On a real database: the triggers of migration 0011 and PostgreSQL's snapshots are what keep
// a cached figure exact.

describe('createFreshCache', () => {
  const { ctx } = useTestApp();
  let time = 1_000_000;
  const cache = (maxAgeMs = 60_000) =>
    createFreshCache(ctx.db, { maxAgeMs, maxEntries: 10, now: () => time });

  /** A computation that counts the tasks (on `db`) and how often it ran. */
  const counter = (db: () => Db = () => ctx.db) => {
    const counted = { runs: 0 };
    const compute = async () => {
      counted.runs++;
      const { rows } = await db().execute<{ n: number }>(sql`select count(*)::int as n from ${tasks}`);
      return rows[0]?.n ?? -1;
    };
    return { counted, compute };
  };

  const product = async () => createProduct(ctx, (await createUser(ctx)).id);

  it('computes once for concurrent requests and again only after a write', async () => {
    const c = cache();
    const { counted, compute } = counter();
    const p = await product();
    const first = await Promise.all([1, 2, 3, 4, 5].map(() => c.get('k', compute)));
    expect(counted.runs).toBe(1);
    expect(new Set(first).size).toBe(1);

    expect(await c.get('k', compute)).toBe(first[0]);
    expect(counted.runs).toBe(1);

    await createTask(ctx, p.id);
    expect(await c.get('k', compute)).toBe((first[0] ?? 0) + 1);
    expect(counted.runs).toBe(2);

    // Any write path counts: a plain SQL update, a delete.
    await ctx.db.execute(sql`update ${tasks} set title = 'Renamed' where product_id = ${p.id}`);
    await c.get('k', compute);
    expect(counted.runs).toBe(3);
    await ctx.db.execute(sql`delete from ${tasks} where product_id = ${p.id}`);
    expect(await c.get('k', compute)).toBe(first[0]);
    expect(counted.runs).toBe(4);
  });

  it('keeps keys apart; past half its age serves a figure while a newer one is computed beside, never past maxAge', async () => {
    const c = cache(5_000);
    let runs = 0;
    const compute = async () => ++runs;
    expect(await c.get('a', compute)).toBe(1);
    expect(await c.get('b', compute)).toBe(2);
    expect(await c.get('a', compute)).toBe(1);
    expect(runs).toBe(2);

    time += 2_500;
    expect(await c.get('a', compute)).toBe(1);
    await vi.waitFor(() => expect(runs).toBe(3));
    await vi.waitFor(async () => expect(await c.get('a', compute)).toBe(3));
    expect(runs).toBe(3);

    // 'b' was asked for by no one meanwhile: past maxAge it is computed while the request waits.
    time += 2_500;
    expect(await c.get('b', compute)).toBe(4);
  });

  it('never serves a figure computed while a write was in progress once that write has committed', async () => {
    const c = cache();
    const { counted, compute } = counter();
    const p = await product();
    const before = await c.get('k', compute);

    // The write bumps the version before it commits: the figure computed meanwhile cannot see it.
    await ctx.db.transaction(async (tx) => {
      await createTask({ db: tx }, p.id);
      expect(await c.get('k', compute)).toBe(before);
      expect(await c.get('k', compute)).toBe(before);
    });
    const runs = counted.runs;
    expect(await c.get('k', compute)).toBe(before + 1);
    expect(counted.runs).toBe(runs + 1);
  });

  it('keeps a failure for no one: those who shared it fail, the next request computes again', async () => {
    const c = cache();
    let fail = true;
    const compute = async () => {
      if (fail) throw new Error('database gone');
      return 'ok';
    };
    // Both settled before either is looked at: the second may fail first (an unhandled rejection).
    const shared = await Promise.allSettled([c.get('f', compute), c.get('f', compute)]);
    for (const outcome of shared) {
      expect(outcome.status).toBe('rejected');
      expect(outcome.status === 'rejected' && String(outcome.reason)).toContain('database gone');
    }
    fail = false;
    expect(await c.get('f', compute)).toBe('ok');
  });

  it('lets a second process see the first one’s writes at once (the version lives in the database)', async () => {
    const a = cache();
    const b = cache();
    const { compute } = counter();
    const p = await product();
    const seen = await b.get('k', compute);
    await a.get('k', compute);
    await createTask(ctx, p.id);
    expect(await b.get('k', compute)).toBe(seen + 1);
  });

  it('asks a caller’s check with the freshness probe: false refuses before anything is computed, each time', async () => {
    const c = cache();
    const { counted, compute } = counter();
    const p = await product();
    const exists = (id: string) => sql`exists (select 1 from ${tasks} where ${tasks.productId} = ${id})`;
    const refuse = () => new Error('refused');
    await expect(c.get('k', compute, { sql: exists(p.id), refuse })).rejects.toThrow('refused');
    expect(counted.runs).toBe(0);
    await createTask(ctx, p.id);
    const n = await c.get('k', compute, { sql: exists(p.id), refuse });
    expect(counted.runs).toBe(1);
    // Shared and current, but a caller whose check fails still gets no value.
    await expect(c.get('k', compute, { sql: sql`false`, refuse })).rejects.toThrow('refused');
    expect(await c.get('k', compute)).toBe(n);
    expect(counted.runs).toBe(1);
  });
  it('takes a reading made in another statement for its probe, the same rule: never older than the writes before it', async () => {
    const c = cache();
    const { counted, compute } = counter();
    const p = await product();
    const readings = freshnessReadings(ctx.db);
    /** What a session lookup reads beside the session (platform/session.ts). */
    const read = async () => {
      const asked = readings.held();
      const { rows } = await ctx.db.execute<{ r: Parameters<typeof readings.parse>[0] }>(
        sql`select ${readings.column(sql`${sql.param(asked)}::text[]`)} as r`,
      );
      const row = rows[0];
      if (!row) throw new Error('no reading');
      return readings.parse(row.r, asked);
    };
    const first = await c.get('k', compute, undefined, await read());
    expect(await c.get('k', compute, undefined, await read())).toBe(first);
    expect(counted.runs).toBe(1);

    const before = await read();
    await createTask(ctx, p.id);
    // A request whose reading was made before the write arrived before it: it may get the figure.
    expect(await c.get('k', compute, undefined, before)).toBe(first);
    expect(await c.get('k', compute, undefined, await read())).toBe(first + 1);
    expect(counted.runs).toBe(2);

    // A write in progress while a figure is computed: its id is in X, and the next reading asks
    // about it (held) and sees it commit.
    let during: Awaited<ReturnType<typeof read>> | undefined;
    await ctx.db.transaction(async (tx) => {
      await createTask({ db: tx }, p.id);
      during = await read();
      expect(await c.get('k', compute, undefined, during)).toBe(first + 1);
    });
    expect(readings.held().length).toBeGreaterThan(0);
    // The reading made during the write, told nothing of its commit: not used, the cache probes.
    if (!during) throw new Error('no reading');
    expect(await c.get('k', compute, undefined, { ...during, asked: new Set<string>() })).toBe(first + 2);
    expect(await c.get('k', compute, undefined, await read())).toBe(first + 2);
  });
});
