import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach } from 'vitest';

// The server as its users run it: `node --import tsx src/main.ts` in a child process with a clean
// environment. Node runs the app in this one process (the tsx CLI would add a second, and a
// SIGKILL must reach the app itself for the leftover-PostgreSQL case). Every child is killed after
// its test, and no bundled PostgreSQL started by a test file outlives it (cleanUpServerProcesses).

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export type Server = {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

const children = new Set<ChildProcess>();
const dataDirs: string[] = [];
export const cleanups: (() => Promise<void>)[] = [];
/** Stops of PostgreSQL servers a test started itself: they run before the data directories' sweep. */
export const stops: (() => Promise<void>)[] = [];

export function startServer(env: Record<string, string>): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: os.tmpdir(),
      LOG_LEVEL: 'warn',
      // One process unless a test asks for more (one per core is the default with DATABASE_URL).
      WEB_CONCURRENCY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += d;
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function within<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const exitOf = (server: Server, timeoutMs: number) => within(server.exited, timeoutMs, 'exit');

/** Waits for the ready line; fails early, with the output, when the process exits first. */
export async function ready(server: Server, timeoutMs = 30_000) {
  await until(
    'the ready line',
    () => {
      if (server.child.exitCode !== null || server.child.signalCode !== null) {
        throw new Error(`server exited early:\n${server.stdout()}\n${server.stderr()}`);
      }
      return server.stdout().includes('shipyard: ready on ');
    },
    timeoutMs,
  );
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function makeDataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shipyard-main-test-'));
  await fs.chmod(dir, 0o755); // the postgres user must be able to enter it
  dataDirs.push(dir);
  return dir;
}

export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Every live postgres process whose command line names this data directory. */
export async function postgresFor(pgDir: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmd = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    const args = cmd.split('\0');
    const d = args.indexOf('-D');
    if (d >= 0 && args[d + 1] === pgDir && args[0]?.endsWith('postgres')) pids.push(Number(entry));
  }
  return pids;
}

export async function postmasterPid(pgDir: string): Promise<number | undefined> {
  const text = await fs.readFile(path.join(pgDir, 'postmaster.pid'), 'utf8').catch(() => undefined);
  const pid = Number(text?.split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** Stops whatever bundled PostgreSQL a test left behind: fast shutdown, then SIGKILL. */
async function stopLeftoverPostgres(dataDir: string) {
  const pgDir = path.join(dataDir, 'postgres');
  const pids = new Set(await postgresFor(pgDir));
  const fromFile = await postmasterPid(pgDir);
  if (fromFile && (await postgresFor(pgDir)).includes(fromFile)) pids.add(fromFile);
  for (const pid of pids) process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 10_000;
  while ([...pids].some(isAlive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  for (const pid of pids) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

async function killChildren() {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
          setTimeout(resolve, 5000).unref();
        }),
    ),
  );
}

/** Call once at the top of a test file that starts servers: kills them, sweeps what they left. */
export function cleanUpServerProcesses() {
  afterEach(killChildren);
  afterAll(async () => {
    await killChildren();
    // A test's own PostgreSQL stops first (see the restart test), then any bundled one left behind.
    for (const stop of stops) await stop();
    for (const dir of dataDirs) {
      await stopLeftoverPostgres(dir);
      await fs.rm(dir, { recursive: true, force: true });
    }
    for (const cleanup of cleanups) await cleanup();
  });
}

/** An admin with a session and a product of theirs, stored directly. */
export async function seedAdmin(databaseUrl: string) {
  const token = randomBytes(32).toString('base64url');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const userId = (
      await client.query<{ id: string }>(
        `INSERT INTO users (email, name, role, email_verified_at)
         VALUES ($1, 'Test Admin', 'admin', now()) RETURNING id`,
        [`admin-${randomBytes(4).toString('hex')}@example.com`],
      )
    ).rows[0]?.id;
    await client.query(
      `INSERT INTO sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
      [userId, createHash('sha256').update(token).digest('hex')],
    );
    const productId = (
      await client.query<{ id: string }>(
        `INSERT INTO products (name, description, team_size, start_date, target_end_date, created_by)
         VALUES ('Apollo', '', 1, '2026-01-01', '2026-12-31', $1) RETURNING id`,
        [userId],
      )
    ).rows[0]?.id;
    if (!productId) throw new Error('no product stored');
    return { token, productId };
  } finally {
    await client.end();
  }
}

export type Outcome = { status: number; connection: string | undefined; body: string } | { error: string };

/** One request on the given agent: its answer, or the error code the client saw instead. */
export function request(
  agent: http.Agent,
  port: number,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const failed = (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message });
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(data === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }),
        );
        res.on('error', failed);
      },
    );
    req.on('error', failed);
    req.end(data);
  });
}

export const lines = (text: string) => text.split('\n').filter((l) => l.length > 0);
