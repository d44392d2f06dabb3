import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../testing/factories.ts';
import { useTestApp, withTestApp } from '../testing/http.ts';
import { connectDatabase, POOL_WAIT_MS } from './client.ts';

// What a client sees when the database fails under a request: a 503 in the app's error shape with
// Retry-After, never a 500 or a crashed process, and the next request works again by itself.

const { ctx, signedIn } = useTestApp();

function expectUnavailable(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json: () => unknown;
}) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toMatch(/^\d+$/);
  expect(res.json()).toEqual({
    error: 'Service Unavailable',
    message: expect.any(String),
    code: expect.stringMatching(/UNAVAILABLE$/),
    requestId: expect.any(String),
  });
}

describe('a database failure during a request', () => {
  it('answers 503 when the connection of an open transaction is terminated (57P01), and keeps serving', async () => {
    const { user, headers } = await signedIn('admin');
    const product = await createProduct(ctx, user.id);

    // Another connection holds the product's row, so the request's transaction waits on it.
    const holder = new pg.Client({ connectionString: ctx.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM products WHERE id = $1 FOR UPDATE', [product.id]);
      const pending = ctx.app.inject({
        method: 'PATCH',
        url: `/api/projects/${product.id}/status`,
        headers,
        payload: { status: 'development' },
      });
      let blocked: number | undefined;
      for (let i = 0; i < 200 && !blocked; i++) {
        const { rows } = await holder.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
        );
        blocked = rows[0]?.pid;
        if (!blocked) await new Promise((r) => setTimeout(r, 25));
      }
      expect(blocked).toBeDefined();
      // What a restart, a failover or an administrator does to every backend.
      await holder.query('SELECT pg_terminate_backend($1)', [blocked]);
      expectUnavailable(await pending);
    } finally {
      await holder.query('ROLLBACK').catch(() => {});
      await holder.end();
    }

    // The process is still here, the broken client left the pool, and the same write now works.
    const again = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/projects/${product.id}/status`,
      headers,
      payload: { status: 'development' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'development' });
  });

  it('answers 503 within the pool wait when every pooled connection is taken, and recovers once one is free', async () => {
    const { headers } = await signedIn('member');
    const taken = await Promise.all(Array.from({ length: ctx.pool.options.max }, () => ctx.pool.connect()));
    try {
      const started = Date.now();
      const res = await ctx.app.inject({ method: 'GET', url: '/api/projects', headers });
      expect(Date.now() - started).toBeLessThan(POOL_WAIT_MS + 1_500);
      expectUnavailable(res);
    } finally {
      for (const client of taken) client.release();
    }
    const again = await ctx.app.inject({ method: 'GET', url: '/api/projects', headers });
    expect(again.statusCode).toBe(200);
  });

  it('answers 503 when the database refuses connections', async () => {
    // A port nothing listens on: every connection attempt is refused at once.
    const gone = connectDatabase('postgres://postgres:x@127.0.0.1:1/shipyard', 2);
    try {
      await withTestApp({ db: gone.db }, async (down) => {
        const login = await down.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'someone@example.com', password: 'whatever-1' },
        });
        expectUnavailable(login);
        const health = await down.app.inject('/api/health');
        expectUnavailable(health);
        expect(health.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      });
    } finally {
      await gone.close();
    }
  });
});
