// HTTP benchmark of the hot read calls against a seeded PostgreSQL. A throwaway bundled
// PostgreSQL is started in a temp DATA_DIR with two databases: one at the chosen scale and one
// with a tenth of the tasks (everything else equal), for the dashboard's scaling rule. For each,
// the API server runs as its own process, bench-member and bench-admin sign in, and autocannon
// drives each call (warm-up, then the measured run) with a session as a Bearer token.
//
// Usage (from the repository root): npm run bench:http [-- --scale small] [-- --server source]
//   [-- --apply-sql try.sql]   (extra SQL on both databases after seeding, e.g. an index to try)
// Targets: p99 < 25 ms at 32 connections for every call, no error or non-2xx answer, and the
// dashboard summary's mean latency at the full task count ≤ 1.5× its mean at a tenth of it.
// Exit 1 when one is missed. Figures go to bench/results/http.json.
//
// The machine has 2 cores: server, PostgreSQL and autocannon share them, so the figures are those
// of one box doing everything. The report records the CPU each side used, and a reference call
// (GET /api/user/me: the session lookup alone) shows what the stack reaches at all. Other work on
// the machine distorts everything: each call waits for a quiet machine and is measured again when
// other processes took CPU during its run.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { boardSizes, loadBoards } from './lib/boards.mjs';
import {
  autocannonFigures,
  endQueries,
  machineSeconds,
  OPTIONS,
  postgresCpu,
  printTable,
  QUIET_CORES,
  root,
  runBench,
  serverCommand,
  serverCpu,
  signIn,
  startBenchDatabase,
  startServer,
  waitForQuiet,
  writeReport,
} from './lib/server.mjs';
import { BENCH_ADMIN, BENCH_MEMBER, BOARD_SCALE, SCALES, seed } from './seed.mjs';

const P99_TARGET_MS = 25;
const REPORT_P99_TARGET_MS = 100;
const ANALYTICS_P99_TARGET_MS = 100;
/** Issue 17: create a task at p99 ≤ 150 ms with 50 connections. */
const CREATE_P99_TARGET_MS = 150;
/** Made by this script after seeding (the seed has no super admin): reports are theirs only. */
const BENCH_SUPER = 'bench-super@example.com';
const RATIO_TARGET = 1.5;
/** The dashboard's reference database holds this fraction of the tasks (50,000 → 5,000). */
const BASELINE_TASK_FRACTION = 10;

const resultsFile = path.join(root, 'bench/results/http.json');

const { values: args } = parseArgs({
  options: {
    ...OPTIONS,
    // One count or several (e.g. 1,50): every call is measured at each.
    connections: { type: 'string', default: '32' },
    // Another build of the server (e.g. a copy of apps/server/dist/main.js from before a change):
    // every call is measured against it too, right before this build, in the same run.
    before: { type: 'string' },
    // Server processes (WEB_CONCURRENCY). One by default, so that the server's CPU per request is
    // all of it (a cluster's workers are other processes).
    processes: { type: 'string', default: '1' },
    retries: { type: 'string', default: '2' }, // runs again when other processes disturbed a run
    // SQL run on both databases after seeding: try an index or a setting before writing its migration.
    'apply-sql': { type: 'string' },
    // Measure only the calls whose name matches this regular expression (e.g. --only report).
    only: { type: 'string' },
    // The board (a product's board opened as the web app does it, before and after issue 17): at these client counts.
    'board-connections': { type: 'string', default: '1,50' },
    // Write a V8 CPU profile of each server process to this directory (node --cpu-prof), for
    // speed work that starts from a profile; open the .cpuprofile files in Chrome's DevTools.
    profile: { type: 'string' },
  },
});
const scale = { ...SCALES, board: BOARD_SCALE }[args.scale];
const only = args.only ? new RegExp(args.only, 'i') : undefined;
const picked = (call) => !only || only.test(call.name);
// The dashboard's ratio needs the dashboard: with --only leaving it out, so is the second database.
const withRatio = picked({ name: 'dashboard' });
const extraSql = args['apply-sql'] ? fs.readFileSync(args['apply-sql'], 'utf8') : undefined;
const connectionCounts = args.connections.split(',').map(Number);
const connections = Math.max(...connectionCounts);
const processes = Number(args.processes);
const waitQuiet = Number(args['wait-quiet']);
const retries = Number(args.retries);
const duration = Number(args.duration);
const warmup = Number(args.warmup);
const boardConnections = args['board-connections'].split(',').filter(Boolean).map(Number);
const numbers = [...connectionCounts, processes, waitQuiet, retries, duration, warmup, ...boardConnections];
if (!scale || !['auto', 'dist', 'source'].includes(args.server) || !numbers.every((n) => n >= 0)) {
  console.error('usage: node --import tsx bench/http.mjs [--scale full|small] [--server auto|dist|source]');
  console.error('  [--connections 32|1,50] [--duration 10] [--warmup 2] [--wait-quiet 60] [--retries 2]');
  console.error(
    '  [--apply-sql FILE] [--only REGEX] [--before OTHER/main.js] [--processes 1] [--profile DIR]',
  );
  process.exit(2);
}

/**
 * The calls, given the id of a product bench-member may see (each holds 1/200 of the tasks).
 * Every call is made as bench-member, who sees half the products, unless `as` says 'admin'.
 */
const calls = (productId, taskId) => [
  // Not a target: the cheapest signed-in call (the session lookup and nothing else), measured the
  // same way to show what the stack and the machine allow at all.
  { name: 'floor: user/me', path: '/api/user/me', reference: true },
  { name: 'list', path: '/api/projects?limit=50' },
  { name: 'detail', path: `/api/projects/${productId}` },
  { name: 'dashboard', path: '/api/dashboard/summary' },
  { name: 'activity log', path: '/api/activities?limit=100' },
  // The Tasks page's first page (default limit 50, with the total), for an admin who sees every
  // task and for bench-member, then a product's Tasks tab.
  { name: 'tasks all (admin)', path: '/api/tasks/all', as: 'admin' },
  { name: 'tasks all (member)', path: '/api/tasks/all' },
  { name: 'product tasks', path: `/api/tasks/${productId}/tasks` },
  // The task's page (issue 15): the task, its history and its sections in one request.
  { name: 'task detail', path: `/api/tasks/${taskId}/detail` },
  // Reports (super admins only): every product, 50,000 tasks aggregated per call; own target.
  ...['project-status', 'team-productivity', 'milestone-analysis', 'resource-allocation'].map((type) => ({
    name: `report ${type}`,
    path: `/api/reports/${type}`,
    as: 'super',
    p99TargetMs: REPORT_P99_TARGET_MS,
  })),
  // Analytics (super admins only): the KPIs and the three tabs over every product, for the last
  // 30 and 365 days; own target.
  ...['month', 'year'].map((timeframe) => ({
    name: `analytics ${timeframe}`,
    path: `/api/analytics?timeframe=${timeframe}&tz=UTC`,
    as: 'super',
    p99TargetMs: ANALYTICS_P99_TARGET_MS,
  })),
  // A write: creates a task in the product (the tasks it adds are deleted after the run, so the
  // calls measured after it see the seeded data set). Last, for the same reason.
  {
    name: 'create task',
    path: '/api/tasks',
    method: 'POST',
    body: JSON.stringify({ title: CREATED_TITLE, projectId: productId }),
    p99TargetMs: CREATE_P99_TARGET_MS,
  },
];
const CREATED_TITLE = 'Bench created task';

/**
 * Opening a product's board (issue 17), as the web app does it: today one request; before, the
 * first page of each of the three columns (100 cards each, at once), and the issue's own
 * reference, the product's tasks in two pages of 200 (the second from the first's cursor).
 */
const boardVariants = (productId, cursor) => [
  { name: 'board: one request', paths: [`/api/tasks/${productId}/board`] },
  {
    name: 'board before: 3 columns of 100',
    paths: ['Pending', 'In%20Progress', 'Completed'].map(
      (status) => `/api/tasks/${productId}/tasks?limit=100&status=${status}`,
    ),
  },
  {
    name: 'board before: 2 pages of 200',
    sequential: true,
    paths: [
      `/api/tasks/${productId}/tasks?limit=200`,
      `/api/tasks/${productId}/tasks?limit=200&cursor=${encodeURIComponent(cursor ?? '')}`,
    ],
  },
];

/** Issue 17's goals for the board in one request: ≥ 300 boards/s at 50 clients, p50 ≤ 10 ms at 1, ≤ 40 kB brotli. */
const BOARD_TARGETS = { boardsPerSec: 300, p50Ms: 10, wireBytes: 40_000 };
function boardTargets(r) {
  if (!r.name.startsWith('board: one request')) return [];
  return [
    { what: `br ≤ ${BOARD_TARGETS.wireBytes / 1000} kB`, met: r.sizes.br <= BOARD_TARGETS.wireBytes },
    ...(r.connections >= 50
      ? [{ what: `≥ ${BOARD_TARGETS.boardsPerSec}/s`, met: r.boardsPerSec >= BOARD_TARGETS.boardsPerSec }]
      : []),
    ...(r.connections === 1
      ? [{ what: `p50 ≤ ${BOARD_TARGETS.p50Ms} ms`, met: r.latencyMs.p50 <= BOARD_TARGETS.p50Ms }]
      : []),
    { what: 'no failure', met: r.failed === 0 },
  ];
}

const say = (msg) => console.log(msg);
const ms = (n) => (n === undefined ? '-' : n.toFixed(n < 10 ? 2 : 1));

// ---- measuring ----------------------------------------------------------------------------------

async function probe(origin, headers, call) {
  const res = await fetch(origin + call.path, {
    method: call.method ?? 'GET',
    headers: call.body ? { ...headers, 'content-type': 'application/json' } : headers,
    body: call.body,
  });
  const body = await res.text();
  return { status: res.status, bytes: Buffer.byteLength(body), body };
}

/** Warm-up, then the measured run, with the CPU the server, PostgreSQL and the rest used meanwhile. */
async function load(origin, headers, call, serverPid, pgDir, connections) {
  const options = {
    url: origin + call.path,
    connections,
    method: call.method ?? 'GET',
    headers: call.body ? { ...headers, 'content-type': 'application/json' } : headers,
    body: call.body,
    timeout: 10,
  };
  await autocannon({ ...options, duration: warmup });
  const ours = () => [serverCpu(serverPid), postgresCpu(pgDir)];
  const cpuBefore = ours();
  const machineBefore = machineSeconds();
  const selfBefore = process.cpuUsage();
  const r = await autocannon({ ...options, duration });
  const cpu = ours().map((c, i) => c - cpuBefore[i]);
  const self = process.cpuUsage(selfBefore);
  const autocannonCpu = (self.user + self.system) / 1e6;
  const machine = machineSeconds();
  const steal = machine.steal - machineBefore.steal;
  const interrupts = machine.interrupts - machineBefore.interrupts;
  const others = Math.max(
    0,
    machine.processes - machineBefore.processes - cpu[0] - cpu[1] - autocannonCpu + steal,
  );
  return {
    ...autocannonFigures(r),
    timeouts: r.timeouts,
    statusCodes: r.statusCodeStats,
    // CPU seconds per second of the run: 1.0 is one core busy. The machine has os.cpus().length.
    cpuCores: {
      server: cpu[0] / duration,
      postgres: cpu[1] / duration,
      autocannon: autocannonCpu / duration,
      others: others / duration, // other processes, plus what the host stole
      steal: steal / duration,
      interrupts: interrupts / duration, // network interrupts, mostly this benchmark's own traffic
    },
    disturbed: others / duration >= QUIET_CORES,
    // CPU milliseconds one request costs: what the call would cost on an otherwise idle machine.
    cpuMsPerRequest: r.requests.total
      ? { server: (cpu[0] * 1000) / r.requests.total, postgres: (cpu[1] * 1000) / r.requests.total }
      : undefined,
  };
}

/** Opening a board, before and after, at each of --board-connections (boards/s, time of one board, bytes). */
async function measureBoards(server, headers, results, pgDir) {
  // The product with the most tasks the member sees.
  const products = JSON.parse(
    (await probe(server.origin, headers, { path: '/api/projects?limit=50' })).body,
  ).data;
  let productId;
  let most = -1;
  for (const p of products) {
    const page = JSON.parse(
      (await probe(server.origin, headers, { path: `/api/tasks/${p.id}/tasks?limit=1` })).body,
    );
    if (page.total > most) [productId, most] = [p.id, page.total];
  }
  const first = JSON.parse(
    (await probe(server.origin, headers, { path: `/api/tasks/${productId}/tasks?limit=200` })).body,
  );
  say(`  board: product ${productId} (${most} tasks)`);
  for (const variant of boardVariants(productId, first.nextCursor)) {
    const sizes = await boardSizes(server.origin, headers, variant.paths);
    if (sizes.status.some((s) => s !== 200)) {
      say(`  ${variant.name}: answered ${sizes.status.join(', ')}; not measured`);
      results.push({
        name: variant.name,
        board: true,
        measured: false,
        status: sizes.status.find((s) => s !== 200),
      });
      continue;
    }
    for (const clients of boardConnections) {
      await waitForQuiet(waitQuiet, say);
      const figures = await loadBoards(server.origin, headers, variant.paths, {
        connections: clients,
        duration,
        warmup,
        sequential: variant.sequential,
        // The CPU server and PostgreSQL spent on the measured boards: what a board costs, however
        // busy the machine was.
        cpu: () => [serverCpu(server.pid), postgresCpu(pgDir)],
      });
      say(
        `  ${variant.name} @${clients}: ${figures.boardsPerSec.toFixed(0)} boards/s, p50 ${ms(figures.latencyMs.p50)} ms, ` +
          `p99 ${ms(figures.latencyMs.p99)} ms; CPU per board: server ${ms(figures.cpuMsPerBoard.server)} ms, ` +
          `postgres ${ms(figures.cpuMsPerBoard.postgres)} ms; JSON ${sizes.raw} B raw, ${sizes.br} B br, ${sizes.gzip} B gzip`,
      );
      results.push({
        name: `${variant.name} @${clients}`,
        board: true,
        reference: true,
        measured: true,
        requests: variant.paths.length,
        connections: clients,
        sizes,
        ...figures,
      });
    }
  }
}

/** The builds measured: `--before` (if given) first, then this one. */
const builds = (command) =>
  [
    ...(args.before
      ? [{ label: 'before', command: { kind: 'dist (before)', argv: [path.resolve(args.before)] } }]
      : []),
    { label: args.before ? 'after' : '', command },
  ].map((build) => (args.profile ? { ...build, command: profiled(build.command) } : build));

/** The command with node's CPU profiler on, writing to `--profile` (one file per process, at exit). */
function profiled(command) {
  const dir = path.resolve(args.profile);
  fs.mkdirSync(dir, { recursive: true });
  return { ...command, argv: ['--cpu-prof', `--cpu-prof-dir=${dir}`, ...command.argv] };
}

/** Tasks the create call added: deleted after each run, with their entries. */
async function removeCreated(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('DELETE FROM activities WHERE task_id IN (SELECT id FROM tasks WHERE title = $1)', [
      CREATED_TITLE,
    ]);
    await client.query('DELETE FROM tasks WHERE title = $1', [CREATED_TITLE]);
    await client.query('VACUUM (ANALYZE) tasks, activities');
  } finally {
    await client.end();
  }
}

/**
 * Runs the calls against one database: a server per build (each its own process, fresh sign-ins),
 * then each call at each connection count, on each build in turn (before, then after).
 */
async function measureDatabase(command, databaseUrl, dataDir, pgDir, pick) {
  const servers = [];
  try {
    for (const build of builds(command)) {
      const server = await startServer(build.command, {
        databaseUrl,
        dataDir,
        // The write limit per account is raised (as search.mjs raises its own): `create task` makes
        // hundreds of writes a second as one account. Every write is still counted.
        env: { WEB_CONCURRENCY: String(processes), WRITE_RATE_PER_MINUTE: '100000000' },
      });
      const bearer = async (email) => ({ authorization: `Bearer ${await signIn(server.origin, email)}` });
      const sessions = {
        member: await bearer(BENCH_MEMBER),
        admin: await bearer(BENCH_ADMIN),
        super: await bearer(BENCH_SUPER),
      };
      servers.push({ ...build, server, sessions });
    }
    const { server: first0, sessions: sessions0 } = servers[0];
    const list = await probe(first0.origin, sessions0.member, { path: '/api/projects?limit=50' });
    const productId = list.status === 200 ? JSON.parse(list.body).data?.[0]?.id : undefined;
    if (!productId) throw new Error(`GET /api/projects answered ${list.status} without a product`);
    const tasksOf = await probe(first0.origin, sessions0.member, { path: `/api/tasks/${productId}/tasks` });
    const taskId = JSON.parse(tasksOf.body).data?.[0]?.id;
    const results = [];
    for (const call of calls(productId, taskId).filter(pick)) {
      for (const count of connectionCounts) {
        for (const { label, server, sessions } of servers) {
          const name = [call.name, label && `[${label}]`, connectionCounts.length > 1 && `@${count}`]
            .filter(Boolean)
            .join(' ');
          const headers = sessions[call.as ?? 'member'];
          const first = await probe(server.origin, headers, call);
          if (first.status !== 200 && first.status !== 201) {
            say(`  ${name}: ${call.path} answered ${first.status}; not measured`);
            results.push({ ...call, name, status: first.status, bytes: first.bytes, measured: false });
            continue;
          }
          // On a shared machine, a run that other processes disturbed is measured again (the least
          // disturbed run is kept, and the report says how much CPU the others took during it).
          let figures;
          for (let attempt = 0; ; attempt++) {
            await waitForQuiet(waitQuiet, say);
            const run = await load(server.origin, headers, call, server.pid, pgDir, count);
            if (call.method === 'POST') await removeCreated(databaseUrl);
            if (!figures || run.cpuCores.others < figures.cpuCores.others) figures = run;
            if (run.cpuCores.others < QUIET_CORES || attempt >= retries) break;
            say(`  ${name}: other processes used ${run.cpuCores.others.toFixed(2)} cores meanwhile; again`);
          }
          say(
            `  ${name}: ${ms(figures.reqPerSec)} req/s, p99 ${ms(figures.latencyMs.p99)} ms, ${first.bytes} bytes`,
          );
          results.push({
            ...call,
            name,
            build: label || undefined,
            connections: count,
            status: first.status,
            bytes: first.bytes,
            measured: true,
            ...figures,
          });
        }
      }
    }
    if (pick({ name: 'board' })) {
      for (const { label, server, sessions } of servers) {
        if (label) say(`  board [${label}]`);
        await measureBoards(server, sessions.member, results, pgDir);
      }
    }
    return results;
  } finally {
    for (const { server } of servers) await server.stop();
    await endQueries(databaseUrl).catch((err) => console.error(`ending queries: ${err.message}`));
  }
}

// ---- the run ------------------------------------------------------------------------------------

async function main() {
  const command = serverCommand(args.server);
  const { tmp, postgres, pgDir, runMigrations } = await startBenchDatabase('http', command, say);

  const baseTasks = Math.round(scale.tasks / BASELINE_TASK_FRACTION);
  const baseUrl = new URL(postgres.url);
  baseUrl.pathname = '/shipyard_base';
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('CREATE DATABASE shipyard_base');
  await admin.end();

  const seeds = {};
  for (const [name, url, tasks] of [
    ['main', postgres.url, scale.tasks],
    ...(withRatio ? [['base', baseUrl.toString(), baseTasks]] : []),
  ]) {
    await runMigrations(url);
    say(`seeding ${name}: ${scale.products} products, ${tasks} tasks, ${scale.activities} activities`);
    const result = await seed(url, { ...scale, tasks });
    say(`  ${result.seconds.toFixed(1)} s`);
    seeds[name] = { counts: result.counts, seconds: result.seconds };
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(
        `INSERT INTO users (email, name, role, password_hash, email_verified_at)
         SELECT $1, 'Bench Super Admin', 'super admin', password_hash, now() FROM users WHERE email = $2`,
        [BENCH_SUPER, BENCH_ADMIN],
      );
    } finally {
      await client.end();
    }
    if (extraSql) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(extraSql);
        await client.query('ANALYZE');
      } finally {
        await client.end();
      }
      say(`  applied ${args['apply-sql']}`);
    }
  }

  say(
    `\nmeasuring (${connectionCounts.join(' and ')} connections, ${warmup} s warm-up + ${duration} s each, ${processes} server process(es))`,
  );
  const serverData = path.join(tmp, 'server');
  const measured = await measureDatabase(command, postgres.url, serverData, pgDir, picked);
  if (withRatio) say(`dashboard at ${baseTasks} tasks:`);
  const base = withRatio
    ? await measureDatabase(command, baseUrl.toString(), serverData, pgDir, (c) => c.name === 'dashboard')
    : [];

  // ---- report ----
  const rows = [
    [
      'call',
      'req/s',
      'p50 ms',
      'p90 ms',
      'p99 ms',
      'max ms',
      'errors',
      'non-2xx',
      'others cpu',
      'p99 target',
    ],
    ...measured
      .filter((r) => !r.board)
      .map((r) =>
        r.measured
          ? [
              r.name,
              r.reqPerSec.toFixed(0),
              ms(r.latencyMs.p50),
              ms(r.latencyMs.p90),
              ms(r.latencyMs.p99),
              ms(r.latencyMs.max),
              String(r.errors),
              String(r.non2xx),
              r.cpuCores.others.toFixed(2),
              r.reference
                ? 'reference'
                : `${r.latencyMs.p99 < (r.p99TargetMs ?? P99_TARGET_MS) && r.non2xx === 0 && r.errors === 0 ? 'met' : 'MISSED'} < ${r.p99TargetMs ?? P99_TARGET_MS}`,
            ]
          : [r.name, '-', '-', '-', '-', '-', '-', `${r.status}`, '-', 'NOT MEASURED'],
      ),
  ];
  say('');
  printTable(rows, say);
  say(
    `others cpu: cores that other processes used during the run; from ${QUIET_CORES} up the run was disturbed`,
  );
  const boards = measured.filter((r) => r.board && r.measured);
  for (const r of boards) r.targets = boardTargets(r);
  if (boards.length) {
    say('\nboard of the product with the most tasks (a board = every request the client makes to show it)');
    const table = [
      [
        'board',
        'clients',
        'boards/s',
        'p50 ms',
        'p90 ms',
        'p99 ms',
        'max ms',
        'failed',
        'cpu ms server+pg',
        'raw B',
        'br B',
        'gzip B',
        'targets',
      ],
      ...boards.map((r) => [
        r.name.replace(/ @\d+$/, ''),
        String(r.connections),
        r.boardsPerSec.toFixed(0),
        ms(r.latencyMs.p50),
        ms(r.latencyMs.p90),
        ms(r.latencyMs.p99),
        ms(r.latencyMs.max),
        String(r.failed),
        `${ms(r.cpuMsPerBoard.server)}+${ms(r.cpuMsPerBoard.postgres)}`,
        String(r.sizes.raw),
        String(r.sizes.br),
        String(r.sizes.gzip),
        r.targets.map((t) => `${t.what} ${t.met ? 'met' : 'MISSED'}`).join(', ') || '-',
      ]),
    ];
    printTable(table, say);
  }
  const disturbed = [...measured, ...base].filter((r) => r.measured && r.disturbed).map((r) => r.name);
  if (disturbed.length)
    say(`disturbed by other processes: ${disturbed.join(', ')}; re-run on a quiet machine`);
  say(`\nCPU during each run: cores busy (of ${os.cpus().length}), and CPU ms per request`);
  for (const r of [...measured, ...base.map((x) => ({ ...x, name: `${x.name} (${baseTasks})` }))]) {
    if (!r.measured || r.board) continue;
    const c = r.cpuCores;
    const per = r.cpuMsPerRequest;
    say(
      `  ${r.name.padEnd(18)}  server ${c.server.toFixed(2)}  postgres ${c.postgres.toFixed(2)}  ` +
        `autocannon ${c.autocannon.toFixed(2)}  interrupts ${c.interrupts.toFixed(2)}  ` +
        `others ${c.others.toFixed(2)} (steal ${c.steal.toFixed(2)})   ` +
        (per
          ? `per request: server ${ms(per.server)} ms, postgres ${ms(per.postgres)} ms`
          : 'no request completed'),
    );
  }

  // This build's dashboard (the last one measured of its name: after --before, at the most connections).
  const big = measured.filter((r) => r.name.startsWith('dashboard')).at(-1);
  const small = base.filter((r) => r.name.startsWith('dashboard')).at(-1);
  let ratio;
  if (big?.measured && small?.measured) {
    const value = big.latencyMs.mean / small.latencyMs.mean;
    ratio = {
      tasks: scale.tasks,
      baseTasks,
      meanMs: big.latencyMs.mean,
      baseMeanMs: small.latencyMs.mean,
      baseP99Ms: small.latencyMs.p99,
      ratio: value,
      target: RATIO_TARGET,
      met: value <= RATIO_TARGET,
    };
    say(
      `\ndashboard summary: mean ${ms(ratio.meanMs)} ms at ${scale.tasks} tasks, ${ms(ratio.baseMeanMs)} ms at ${baseTasks}: ` +
        `${value.toFixed(2)}× (target ≤ ${RATIO_TARGET}×) ${ratio.met ? 'met' : 'MISSED'}`,
    );
  } else {
    say('\ndashboard summary ratio: not measured');
  }

  const failures = [
    ...measured
      .filter((r) => !r.reference)
      .filter(
        (r) =>
          !r.measured || r.latencyMs.p99 >= (r.p99TargetMs ?? P99_TARGET_MS) || r.non2xx > 0 || r.errors > 0,
      )
      .map((r) =>
        r.measured
          ? `${r.name} p99 ${ms(r.latencyMs.p99)} ms, ${r.non2xx} non-2xx, ${r.errors} errors`
          : `${r.name} answered ${r.status}`,
      ),
    ...boards.flatMap((r) => r.targets.filter((t) => !t.met).map((t) => `${r.name}: ${t.what}`)),
    ...(ratio?.met || !withRatio
      ? []
      : [ratio ? `dashboard ratio ${ratio.ratio.toFixed(2)}×` : 'dashboard ratio not measured']),
  ];

  const report = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
    note: 'server, PostgreSQL and autocannon share the machine; cpuCores.others is what other processes used',
    quietThresholdCores: QUIET_CORES,
    disturbed,
    scale: args.scale,
    server: command.kind,
    appliedSql: extraSql,
    connections,
    warmupSeconds: warmup,
    durationSeconds: duration,
    targets: {
      p99Ms: P99_TARGET_MS,
      reportP99Ms: REPORT_P99_TARGET_MS,
      analyticsP99Ms: ANALYTICS_P99_TARGET_MS,
      dashboardRatio: RATIO_TARGET,
    },
    only: args.only,
    seed: seeds,
    calls: measured,
    dashboardBase: small,
    dashboardRatio: ratio,
  };
  return writeReport(resultsFile, report, failures, say);
}

await runBench(main);
