import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REALTIME_CLOSE, type RealtimeServerMessage } from '@shipyard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { addMember, createProduct, createTask, createTeam } from '../../testing/factories.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';
import { openRealtime, type RealtimeTestClient } from '../../testing/realtime-client.ts';

// Two server processes on one PostgreSQL: A is this test's app (listening on a port, fanning out
// through LISTEN/NOTIFY like production), B is `src/main.ts` in a child process on the same
// database. Sockets connect to A; changes are made through B's HTTP API.

const serverRoot = fileURLToPath(new URL('../../..', import.meta.url));
let a: string;
let b: string;
let processB: ChildProcess;
let dataDirB: string;
const sockets: RealtimeTestClient[] = [];

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

async function startProcessB(databaseUrl: string): Promise<string> {
  const port = await freePort();
  dataDirB = await fs.mkdtemp(path.join(os.tmpdir(), 'shipyard-rt-b-'));
  processB = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDirB,
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`process B did not start:\n${output}`)), 30_000);
    const onData = (d: Buffer) => {
      output += d;
      if (output.includes('shipyard: ready on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    processB.stdout?.on('data', onData);
    processB.stderr?.on('data', onData);
    processB.once('exit', (code) => reject(new Error(`process B exited ${code}:\n${output}`)));
  });
  return `http://127.0.0.1:${port}`;
}

// bus: undefined → the production fan-out (PostgreSQL LISTEN/NOTIFY on this test's database).
const { ctx, signedIn } = useTestApp({ bus: undefined });
beforeAll(async () => {
  a = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  b = await startProcessB(ctx.databaseUrl);
}, 60_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  if (processB && processB.exitCode === null) {
    const exited = new Promise((r) => processB.once('exit', r));
    processB.kill('SIGTERM');
    await exited;
  }
  await fs.rm(dataDirB, { recursive: true, force: true });
}, 30_000);

const onB = (who: Signed, method: string, url: string, body?: object) =>
  fetch(`${b}/api${url}`, {
    method,
    headers: {
      authorization: `Bearer ${who.token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
const connect = async (who: Signed) => {
  const s = await openRealtime(a, who.token);
  sockets.push(s);
  return s;
};
const isChange = (kind: string, id: string) => (m: RealtimeServerMessage) =>
  m.type === 'change' && m.kind === kind && m.id === id;

/** A product with a team; `member` is an active member of it. */
async function productWithMember() {
  const admin = await signedIn('admin');
  const member = await signedIn('member');
  const outsider = await signedIn('member');
  const product = await createProduct(ctx, admin.user.id);
  const team = await createTeam(ctx, product.id);
  await addMember(ctx, team.id, member.user.id);
  const task = await createTask(ctx, product.id, { title: 'Wire the socket' });
  return { admin, member, outsider, product, team, task };
}

describe('GET /api/realtime', () => {
  it('closes a connection without a session (4401) and refuses one from another site (403)', async () => {
    const anonymous = new WebSocket(`${a.replace('http', 'ws')}/api/realtime`, {
      headers: { authorization: 'Bearer not-a-token' },
    });
    const code = await new Promise((resolve) => anonymous.on('close', resolve));
    expect(code).toBe(REALTIME_CLOSE.unauthorized);
    const who = await signedIn('member');
    await expect(openRealtime(a, who.token, 'https://evil.example')).rejects.toThrow('HTTP 403');
    const ok = await openRealtime(a, who.token, a);
    ok.close();
  });

  it('delivers a change made through process B to a socket on process A, and nothing to a socket that may not see it', async () => {
    const { admin, member, outsider, product, task } = await productWithMember();
    const [seen, unseen] = await Promise.all([connect(member), connect(outsider)]);

    const res = await onB(admin, 'PATCH', `/tasks/${task.id}/task/update`, { status: 'In Progress' });
    expect(res.status).toBe(200);
    const event = await seen.next(isChange('task', task.id));
    expect(event).toEqual({
      type: 'change',
      kind: 'task',
      op: 'updated',
      id: task.id,
      productId: product.id,
      version: expect.any(Number),
    });
    // Changes are routed in order, to every socket of the process at once: a later change the
    // outsider does receive (its own invitation) proves the task change was not just late.
    const team2 = await createTeam(ctx, product.id, { name: 'Second team' });
    await onB(admin, 'POST', `/team/${team2.id}/${product.id}/invite`, {
      userId: outsider.user.id,
      role: 'developer',
    });
    await unseen.next((m) => m.type === 'change' && m.kind === 'notification');
    expect(unseen.changes().some((m) => m.type === 'change' && m.kind === 'task')).toBe(false);
  });

  it('stops the flow to a member removed from the team at once', async () => {
    const { admin, member, team, task } = await productWithMember();
    const [removed, watcher] = await Promise.all([connect(member), connect(admin)]);

    const res = await onB(admin, 'DELETE', `/team/${team.id}/remove/${member.user.id}`);
    expect(res.status).toBeLessThan(300);
    await removed.next(isChange('member', team.id)); // told it lost the product
    await onB(admin, 'PATCH', `/tasks/${task.id}/task/update`, { status: 'Completed' });
    await watcher.next(isChange('task', task.id));
    expect(removed.changes().some((m) => m.type === 'change' && m.kind === 'task')).toBe(false);
  });

  it('closes the socket of a session that signs out (4401), not the other sessions of the user', async () => {
    const { member } = await productWithMember();
    const other = await openRealtime(a, (await createSignedInUserAs(member)).token);
    sockets.push(other);
    const socket = await connect(member);
    const res = await onB(member, 'POST', '/auth/signout');
    expect(res.status).toBeLessThan(300);
    expect(await socket.closed).toBe(REALTIME_CLOSE.unauthorized);
    expect(other.socket.readyState).toBe(other.socket.OPEN);
  });

  it('tells its sockets to refetch after the LISTEN connection is lost and back', async () => {
    const { admin, task } = await productWithMember();
    const socket = await connect(admin);
    await ctx.pool.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'shipyard-realtime' and datname = current_database()",
    );
    await socket.next((m) => m.type === 'resync', 10_000);
    // …and it listens again: a change through B arrives.
    await onB(admin, 'PATCH', `/tasks/${task.id}/task/update`, { status: 'Completed' });
    await socket.next(isChange('task', task.id));
  }, 20_000);
});

/** A second session of the same user. */
async function createSignedInUserAs(who: Signed) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: who.user.email, password: who.user.password },
  });
  return res.json<{ token: string }>();
}
