import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { authMessages } from '@shipyard/shared';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import {
  cleanUpServerProcesses,
  cleanups,
  exitOf,
  freePort,
  makeDataDir,
  type Outcome,
  ready,
  request,
  seedAdmin,
  startServer,
  until,
  within,
} from './testing/server-process.ts';
import { createTestDatabase } from './testing/test-app.ts';

// A server on a DATABASE_URL: serving, migrating, and shutting down without dropping a request.
// The server runs as its users run it (testing/server-process.ts): a child process with a clean
// environment, killed after its test; no bundled PostgreSQL started here outlives the file.

cleanUpServerProcesses();

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
