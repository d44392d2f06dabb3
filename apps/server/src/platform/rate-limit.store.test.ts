import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-app.ts';
import { pgRateLimitStore, sweepRateLimitCounters } from './rate-limit.store.ts';

// The rate limiter's PostgreSQL store (issue 27 #10), on a real database: what a hit and a peek
// answer, windows, atomic counting under concurrency, and the sweep that keeps the table bounded.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let clock = Date.now();
type Store = FastifyRateLimitStore & { read: FastifyRateLimitStore['incr'] };
let store: Store;
beforeAll(async () => {
  database = await createTestDatabase();
  const Store = pgRateLimitStore(database.database.pool, () => clock);
  store = new Store({}) as Store;
});
afterAll(() => database?.drop());

type Count = { current: number; ttl: number };
const call = (method: 'incr' | 'read', key: string, windowMs = 60_000, on = store) =>
  new Promise<Count>((resolve, reject) =>
    on[method](key, (err, res) => (err || !res ? reject(err) : resolve(res)), windowMs, 5),
  );
const rows = async () =>
  (await database.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rate_limit_counters'))
    .rows[0]?.n;

describe('the PostgreSQL rate-limit store', () => {
  it('counts hits of one key within its window, answers the time left, and starts again after it', async () => {
    expect(await call('incr', 'a')).toEqual({ current: 1, ttl: 60_000 });
    clock += 10_000;
    expect(await call('incr', 'a')).toEqual({ current: 2, ttl: 50_000 });
    expect(await call('read', 'a')).toEqual({ current: 2, ttl: 50_000 });
    expect(await call('read', 'a')).toEqual({ current: 2, ttl: 50_000 });
    clock += 50_000;
    expect(await call('read', 'a')).toEqual({ current: 0, ttl: 0 });
    expect(await call('incr', 'a')).toEqual({ current: 1, ttl: 60_000 });
    expect(await call('read', 'never-hit')).toEqual({ current: 0, ttl: 0 });
  });

  it('counts 200 hits at once exactly once each', async () => {
    const counts = await Promise.all(Array.from({ length: 200 }, () => call('incr', 'crowd')));
    expect(counts.map((c) => c.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
  });

  it('counts each route apart from the others and from the unprefixed counters', async () => {
    const login = store.child({ routeInfo: { method: 'POST', url: '/api/auth/login' } } as never) as Store;
    const reset = store.child({
      routeInfo: { method: 'POST', url: '/api/auth/reset-password' },
    } as never) as Store;
    await call('incr', 'ip:10.0.0.1', 60_000, login);
    expect((await call('incr', 'ip:10.0.0.1', 60_000, login)).current).toBe(2);
    expect((await call('incr', 'ip:10.0.0.1', 60_000, reset)).current).toBe(1);
    expect((await call('incr', 'ip:10.0.0.1')).current).toBe(1);
  });

  it('stores no key as it was given (an e-mail address is kept only as its hash)', async () => {
    await call('incr', 'mail:reset:alice@example.com');
    const { rows: found } = await database.database.pool.query(
      `SELECT key FROM rate_limit_counters WHERE key LIKE '%alice%' OR length(key) <> 43`,
    );
    expect(found).toEqual([]);
  });

  it('sweeps ended windows, and past the bound forgets the keys hit least before those holding someone back', async () => {
    await database.database.pool.query('DELETE FROM rate_limit_counters');
    for (let i = 0; i < 6; i++) await call('incr', 'guessed-often');
    await call('incr', 'short', 1_000);
    await Promise.all(Array.from({ length: 30 }, (_, i) => call('incr', `sprayed-${i}`)));
    expect(await rows()).toBe(32);

    clock += 2_000;
    expect(await sweepRateLimitCounters(database.database.pool, { now: clock, maxRows: 10 })).toEqual({
      ended: 1,
      trimmed: 21,
    });
    expect(await rows()).toBe(10);
    expect((await call('read', 'guessed-often')).current).toBe(6);
  });
});
