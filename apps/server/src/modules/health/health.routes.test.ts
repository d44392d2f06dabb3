import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../testing/factories.ts';
import { useTestApp, withTestApp } from '../../testing/http.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const TOKEN = 'metrics-token-of-at-least-32-characters';
const { ctx, signedIn } = useTestApp({ env: { METRICS_TOKEN: TOKEN } });

describe('GET /api/health', () => {
  it('answers ok once migrations ran', async () => {
    const res = await ctx.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  it('answer ok, signed out', async () => {
    for (const url of ['/api/health/live', '/api/health/ready']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    }
  });

  it('ready answers 503 while the database lacks a migration of this version; live still answers', async () => {
    const newest = await ctx.pool.query(
      'delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning *',
    );
    try {
      const ready = await ctx.app.inject('/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        code: 'MIGRATIONS_PENDING',
        message: 'The database has not been migrated to this version yet.',
      });
      expect((await ctx.app.inject('/api/health/live')).statusCode).toBe(200);
    } finally {
      const row = newest.rows[0];
      await ctx.pool.query(
        'insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)',
        [row.id, row.hash, row.created_at],
      );
    }
    expect((await ctx.app.inject('/api/health/ready')).statusCode).toBe(200);
  });

  it('ready answers 503 SHUTTING_DOWN once the process has begun to shut down', async () => {
    const other = await buildTestApp({ httpLimits: { closingGraceMs: 500 } });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = other.app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path, agent }, (res) => {
            let body = '';
            res.on('data', (d) => {
              body += d;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          })
          .on('error', reject);
      });
    try {
      expect((await get('/api/health/ready')).status).toBe(200);
      const closing = other.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const ready = await get('/api/health/ready'); // on the kept-alive connection
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body).code).toBe('SHUTTING_DOWN');
      await closing;
    } finally {
      agent.destroy();
    }
  });

  it('ready answers 503 when the database does not answer; live still answers', async () => {
    await withTestApp({}, async (other) => {
      await other.pool.end();
      const ready = await other.app.inject('/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json().code).toBe('DATABASE_UNAVAILABLE');
      expect((await other.app.inject('/api/health/live')).statusCode).toBe(200);
    });
  });
});

describe('GET /api/metrics (METRICS_TOKEN)', () => {
  it('refuses a missing or wrong token with 401', async () => {
    const none = await ctx.app.inject('/api/metrics');
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('METRICS_TOKEN_REQUIRED');
    const wrong = await ctx.app.inject({
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('counts requests under their route pattern, never the raw URL, and reports pool, sockets, queue and process', async () => {
    const alice = await signedIn('member');
    const product = await createProduct(ctx, alice.user.id);
    await ctx.app.inject({ url: `/api/projects/${product.id}/documents`, headers: alice.headers });
    await ctx.app.inject({ url: `/api/projects/${product.id}/nothing-here`, headers: alice.headers });

    const res = await ctx.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toContain(
      'shipyard_http_requests_total{method="GET",route="/api/projects/:id/documents",status="200"} 1',
    );
    expect(text).toContain('shipyard_http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(text).toMatch(
      /shipyard_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/projects\/:id\/documents"\} \d/,
    );
    expect(text).not.toContain(product.id);
    expect(text).toMatch(/shipyard_db_pool_connections\{state="in_use"\} \d+/);
    expect(text).toMatch(/shipyard_db_pool_connections\{state="idle"\} \d+/);
    expect(text).toMatch(/shipyard_db_pool_waiting \d+/);
    expect(text).toContain('shipyard_realtime_sockets 0');
    expect(text).toContain('shipyard_webhook_queue_pending{due="true"} 0');
    expect(text).toContain('shipyard_webhook_deliveries_total{outcome="failed"} 0');
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
    expect(text).toMatch(/nodejs_eventloop_lag_p99_seconds \d/);
  });

  it('does not exist without METRICS_TOKEN', async () => {
    await withTestApp({}, async (other) => {
      expect((await other.app.inject('/api/metrics')).statusCode).toBe(404);
    });
  });
});
