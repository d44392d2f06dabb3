import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cleanUpServerProcesses,
  cleanups,
  exitOf,
  freePort,
  isAlive,
  lines,
  makeDataDir,
  postgresFor,
  ready,
  startServer,
  until,
} from './testing/server-process.ts';
import { createTestDatabase } from './testing/test-app.ts';

// Issue 19: WEB_CONCURRENCY=N runs N server processes sharing one port (node:cluster); the
// primary starts the bundled PostgreSQL and migrates once, restarts a crashed worker, sums the
// workers' metrics and drains them all on SIGTERM.

cleanUpServerProcesses();

const TOKEN = 'a-metrics-token-of-32-characters-or-more';

/**
 * The live worker processes of a primary: its node children (under tsx a primary may also have
 * an esbuild service child; an exited worker not yet reaped is not one either).
 */
async function workersOf(pid: number): Promise<number[]> {
  const children: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(ppid) !== pid || state === 'Z' || state === 'X') continue;
    // A worker runs the primary's Node binary. Not its command name: Node 24 names its main
    // thread "MainThread", so /proc's comm no longer says "node".
    const argv0 = (await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')).split('\0')[0] ?? '';
    if (argv0 === process.execPath || path.basename(argv0).startsWith('node')) children.push(Number(entry));
  }
  return children.sort();
}

async function metric(url: string, name: string, headers: Record<string, string> = {}) {
  const text = await (await fetch(url, { headers })).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('WEB_CONCURRENCY=2 with DATABASE_URL', () => {
  it('serves on one port from two processes, sums their metrics, restarts a crashed one, and drains both on SIGTERM', async () => {
    const { url, drop } = await createTestDatabase();
    cleanups.push(drop);
    const [port, metricsPort] = [await freePort(), await freePort()];
    const server = startServer({
      DATABASE_URL: url,
      PORT: String(port),
      DATA_DIR: await makeDataDir(),
      WEB_CONCURRENCY: '2',
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: TOKEN,
    });
    await ready(server, 60_000);
    expect(server.stdout()).toContain('with 2 server processes');
    const primary = server.child.pid ?? 0;
    const before = await workersOf(primary);
    expect(before).toHaveLength(2);

    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${base}/api/health/live`, { headers: { connection: 'close' } });
      expect(res.status).toBe(200);
      await res.text();
    }
    // Both processes' counts, summed: on the metrics port and through /api/metrics alike.
    const live = 'shipyard_http_requests_total{method="GET",route="/api/health/live",status="200"}';
    const scrape = `http://127.0.0.1:${metricsPort}/metrics`;
    expect(await metric(scrape, live)).toBe(10);
    expect(await metric(`${base}/api/metrics`, live, { authorization: `Bearer ${TOKEN}` })).toBe(10);
    expect(await metric(scrape, 'shipyard_workers')).toBe(2);

    process.kill(before[0] ?? 0, 'SIGKILL');
    await until(
      'a restarted worker',
      async () => (await workersOf(primary)).length === 2 && !isAlive(before[0] ?? 0),
      20_000,
    );
    expect(server.stderr()).toMatch(
      /shipyard: server process \d+ ended \(SIGKILL\); starting another in 1 s/,
    );
    await until(
      'the new worker to listen',
      async () => (await metric(scrape, 'shipyard_workers')) === 2,
      20_000,
    );
    const after = await fetch(`${base}/api/health/ready`);
    expect(after.status).toBe(200);
    // A scrape asks every worker; under load one still starting may miss the aggregator's timeout
    // and fail that scrape: the count is read from one that succeeds.
    await until(
      'the restart counted',
      async () => (await metric(scrape, 'shipyard_worker_restarts_total')) === 1,
      20_000,
    );

    const workers = await workersOf(primary);
    server.child.kill('SIGTERM');
    expect(await exitOf(server, 20_000)).toEqual({ code: 0, signal: null });
    expect(workers.filter(isAlive)).toEqual([]);
  }, 120_000);

  it('workers whose primary is killed drain and exit by themselves', async () => {
    const { url, drop } = await createTestDatabase();
    cleanups.push(drop);
    const server = startServer({
      DATABASE_URL: url,
      PORT: String(await freePort()),
      DATA_DIR: await makeDataDir(),
      WEB_CONCURRENCY: '2',
    });
    await ready(server, 60_000);
    const workers = await workersOf(server.child.pid ?? 0);
    expect(workers).toHaveLength(2);
    server.child.kill('SIGKILL');
    await until('the workers to exit', () => workers.every((pid) => !isAlive(pid)), 20_000);
  }, 90_000);

  it('a PORT already in use is one line on stderr and exit code 1, whatever the number of processes', async () => {
    const { url, drop } = await createTestDatabase();
    cleanups.push(drop);
    const port = await freePort();
    const first = startServer({ DATABASE_URL: url, PORT: String(port), DATA_DIR: await makeDataDir() });
    await ready(first);
    const second = startServer({
      DATABASE_URL: url,
      PORT: String(port),
      DATA_DIR: await makeDataDir(),
      WEB_CONCURRENCY: '2',
    });
    expect(await exitOf(second, 60_000)).toEqual({ code: 1, signal: null });
    expect(lines(second.stderr())).toEqual([
      `shipyard: port ${port} on 127.0.0.1 is already in use; set PORT to a free port`,
    ]);
  }, 90_000);
});

describe('WEB_CONCURRENCY=2 on the bundled PostgreSQL', () => {
  it('starts the bundled server once, serves from two processes, and leaves nothing running after SIGTERM', async () => {
    const dataDir = await makeDataDir();
    const port = await freePort();
    const server = startServer({ PORT: String(port), DATA_DIR: dataDir, WEB_CONCURRENCY: '2' });
    await ready(server, 90_000);
    const pgDir = path.join(dataDir, 'postgres');
    expect(await postgresFor(pgDir)).toHaveLength(1);
    const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });

    server.child.kill('SIGTERM');
    expect(await exitOf(server, 30_000)).toEqual({ code: 0, signal: null });
    expect(await postgresFor(pgDir)).toEqual([]);
  }, 120_000);
});

describe('METRICS_PORT in a single process', () => {
  it('serves the process’s metrics there, and a port in use is one line naming METRICS_PORT', async () => {
    const { url, drop } = await createTestDatabase();
    cleanups.push(drop);
    const [port, metricsPort] = [await freePort(), await freePort()];
    const env = { DATABASE_URL: url, METRICS_PORT: String(metricsPort) };
    const server = startServer({ ...env, PORT: String(port), DATA_DIR: await makeDataDir() });
    await ready(server);
    const live = await fetch(`http://127.0.0.1:${port}/api/health/live`);
    await live.text();
    const scrape = `http://127.0.0.1:${metricsPort}/metrics`;
    expect(
      await metric(
        scrape,
        'shipyard_http_requests_total{method="GET",route="/api/health/live",status="200"}',
      ),
    ).toBe(1);
    expect(await metric(scrape, 'shipyard_workers')).toBeUndefined();
    const other = await fetch(`http://127.0.0.1:${metricsPort}/anything-else`);
    expect(other.status).toBe(404);
    await other.text();

    const second = startServer({ ...env, PORT: String(await freePort()), DATA_DIR: await makeDataDir() });
    expect(await exitOf(second, 30_000)).toEqual({ code: 1, signal: null });
    expect(lines(second.stderr())).toEqual([
      `shipyard: port ${metricsPort} on 127.0.0.1 is already in use; set METRICS_PORT to a free port`,
    ]);
  }, 90_000);
});

describe('SEED_DEMO=1', () => {
  it('two servers starting at once on one empty database (one of them a cluster) create one demo workspace, and its logins are printed by that one only', async () => {
    const { url, drop } = await createTestDatabase();
    cleanups.push(drop);
    const start = async (processes: string) => {
      const port = await freePort();
      const server = startServer({
        DATABASE_URL: url,
        PORT: String(port),
        DATA_DIR: await makeDataDir(),
        WEB_CONCURRENCY: processes,
        SEED_DEMO: '1',
      });
      return { server, base: `http://127.0.0.1:${port}` };
    };
    const [a, b] = await Promise.all([start('2'), start('1')]);
    await Promise.all([ready(a.server, 60_000), ready(b.server, 60_000)]);

    const said = [a, b].map(({ server }) => server.stdout());
    const seeded = said.filter((out) => out.includes('shipyard: demo workspace created'));
    expect(seeded).toHaveLength(1);
    expect(said.filter((out) => out.includes('SEED_DEMO: the database already has users'))).toHaveLength(1);
    const out = seeded[0] ?? '';
    const password = /with password (\S+) as$/m.exec(out)?.[1] ?? '';
    expect(lines(out).filter((l) => l.includes(password))).toHaveLength(1);
    expect(lines(out).filter((l) => /^shipyard: {3}\S+@demo\.shipyard\.test /.test(l))).toHaveLength(7);

    // The demo's super admin signs in on either server.
    for (const { base } of [a, b]) {
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ada@demo.shipyard.test', password }),
      });
      expect(res.status).toBe(200);
      await res.text();
    }
    for (const { server } of [a, b]) server.child.kill('SIGTERM');
    for (const { server } of [a, b]) expect(await exitOf(server, 20_000)).toEqual({ code: 0, signal: null });
  }, 120_000);
});
