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
import pg from 'pg';
import {
  ANALYTICS_P99_TARGET_MS,
  BASELINE_TASK_FRACTION,
  BENCH_SUPER,
  boardTargets,
  P99_TARGET_MS,
  RATIO_TARGET,
  REPORT_P99_TARGET_MS,
} from './lib/http-calls.mjs';
import { measureDatabase, ms, say } from './lib/http-measure.mjs';
import {
  OPTIONS,
  printTable,
  QUIET_CORES,
  root,
  runBench,
  serverCommand,
  startBenchDatabase,
  writeReport,
} from './lib/server.mjs';
import { measureTaskQueries } from './lib/tasks-query.mjs';
import { BENCH_ADMIN, BOARD_SCALE, SCALES, seed } from './seed.mjs';

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
    // The task query's writes beside its reads: N a second in all, instead of as fast as answered.
    'task-writes': { type: 'string' },
    // The task query's reads: only the shapes whose query string matches this regular expression
    // (e.g. --task-queries field= for issue 29's custom-field shapes alone).
    'task-queries': { type: 'string' },
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
  console.error('  [--task-writes N] [--task-queries REGEX]');
  process.exit(2);
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
const settings = {
  builds,
  processes,
  connectionCounts,
  retries,
  waitQuiet,
  duration,
  warmup,
  boardConnections,
  taskWrites: args['task-writes'] ? Number(args['task-writes']) : undefined,
  taskQueries: args['task-queries'] ? new RegExp(args['task-queries'], 'i') : undefined,
};

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
  const measured = await measureDatabase(command, postgres.url, serverData, pgDir, picked, settings);
  if (withRatio) say(`dashboard at ${baseTasks} tasks:`);
  const base = withRatio
    ? await measureDatabase(
        command,
        baseUrl.toString(),
        serverData,
        pgDir,
        (c) => c.name === 'dashboard',
        settings,
      )
    : [];

  // Issue 28's /tasks query mix, last: it adds its member, labels, watchers and mentions.
  const taskQueries = picked({ name: 'tasks query' })
    ? await measureTaskQueries(command, postgres.url, serverData, pgDir, settings, say)
    : undefined;

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
  if (taskQueries) {
    const t = taskQueries;
    say(
      `\n${t.name}: ${t.queries} queries in turn at ${t.connections} connections: ${t.reqPerSec.toFixed(0)} req/s, ` +
        `p50 ${ms(t.latencyMs.p50)} ms, p90 ${ms(t.latencyMs.p90)} ms, p99 ${ms(t.latencyMs.p99)} ms, max ${ms(t.latencyMs.max)} ms, ` +
        `${t.errors} errors, ${t.non2xx} non-2xx; beside it ${t.writes.reqPerSec.toFixed(0)} writes/s (p99 ${ms(t.writes.latencyMs.p99)} ms); ` +
        `CPU per request: server ${ms(t.cpuMsPerRequest.server)} ms, postgres ${ms(t.cpuMsPerRequest.postgres)} ms; ` +
        `other processes used ${t.othersCores.toFixed(2)} cores meanwhile; ` +
        `p99 target ≤ ${t.p99TargetMs} ms ${t.met ? 'met' : 'MISSED'}`,
    );
  }
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
    ...(taskQueries && !taskQueries.met ? [`tasks query p99 ${ms(taskQueries.latencyMs.p99)} ms`] : []),
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
    taskQueries,
  };
  return writeReport(resultsFile, report, failures, say);
}

await runBench(main);
