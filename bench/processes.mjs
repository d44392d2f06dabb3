// Throughput at WEB_CONCURRENCY=1 and 2 on this machine (issue 19): the products list and a task
// board's column, each measured against the same seeded database, first with one server process,
// then with two sharing the port (node:cluster). Writes bench/results/processes.json.
//
// Usage (from the repository root): npm run bench:processes [-- --scale small|full]
//   [-- --processes 1,2] [-- --connections 32] [-- --duration 10] [-- --warmup 2] [-- --server auto|dist|source]
//
// On a machine with as many cores as processes, PostgreSQL and the load generator compete with the
// server for the same cores: the figures show what a second process buys here, not on a bigger box.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  endQueries,
  machineSeconds,
  OPTIONS,
  postgresCpu,
  root,
  runBench,
  serverCommand,
  signIn,
  startBenchDatabase,
  startServer,
  waitForQuiet,
  writeResults,
} from './lib/server.mjs';
import { BENCH_MEMBER, SCALES, seed } from './seed.mjs';

const { values: args } = parseArgs({
  options: {
    scale: OPTIONS.scale,
    processes: { type: 'string', default: '1,2' },
    connections: { type: 'string', default: '32' },
    duration: OPTIONS.duration,
    warmup: OPTIONS.warmup,
    server: OPTIONS.server,
  },
});
const scale = SCALES[args.scale];
const counts = args.processes.split(',').map(Number);
const [connections, duration, warmup] = [args.connections, args.duration, args.warmup].map(Number);
if (
  !scale ||
  !counts.every((n) => Number.isInteger(n) && n >= 1) ||
  ![connections, duration, warmup].every((n) => n >= 0)
) {
  console.error('usage: node --import tsx bench/processes.mjs [--scale full|small] [--processes 1,2]');
  console.error('  [--connections 32] [--duration 10] [--warmup 2] [--server auto|dist|source]');
  process.exit(2);
}
const say = (msg) => console.log(msg);

/** CPU seconds of a process and of every process whose parent it is (the cluster's workers). */
function treeCpu(pid) {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // the process ended meanwhile
    }
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(entry) === pid || Number(f[1]) === pid) total += (Number(f[11]) + Number(f[12])) / 100;
  }
  return total;
}

async function waitForReadyLine(server, processes) {
  const deadline = Date.now() + 60_000;
  const want = processes > 1 ? `with ${processes} server processes` : 'ready on ';
  while (!server.output.join('').includes(want)) {
    if (Date.now() > deadline) throw new Error(`no ready line:\n${server.output.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function measure(origin, headers, urlPath, serverPid, pgDir) {
  const options = { url: origin + urlPath, connections, headers, timeout: 10 };
  await autocannon({ ...options, duration: warmup });
  const before = { server: treeCpu(serverPid), postgres: postgresCpu(pgDir), machine: machineSeconds() };
  const r = await autocannon({ ...options, duration });
  const machine = machineSeconds();
  return {
    reqPerSec: r.requests.average,
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99 },
    errors: r.errors,
    non2xx: r.non2xx,
    cpuCores: {
      server: (treeCpu(serverPid) - before.server) / duration,
      postgres: (postgresCpu(pgDir) - before.postgres) / duration,
      machine: (machine.processes - before.machine.processes) / duration,
    },
  };
}

async function main() {
  const command = serverCommand(args.server);
  const { tmp, postgres, pgDir, runMigrations } = await startBenchDatabase('processes', command, say, {
    cores: os.availableParallelism(),
  });
  await runMigrations(postgres.url);
  say(`seeding: ${scale.products} products, ${scale.tasks} tasks, ${scale.activities} activities`);
  await seed(postgres.url, scale);

  const results = [];
  for (const processes of counts) {
    say(
      `\nWEB_CONCURRENCY=${processes} (${connections} connections, ${warmup} s warm-up + ${duration} s each)`,
    );
    const server = await startServer(command, {
      databaseUrl: postgres.url,
      dataDir: path.join(tmp, `server-${processes}`),
      env: { WEB_CONCURRENCY: String(processes) },
    });
    try {
      await waitForReadyLine(server, processes);
      const headers = { authorization: `Bearer ${await signIn(server.origin, BENCH_MEMBER)}` };
      const calls = [
        { name: 'products list', path: '/api/projects?limit=50' },
        // One column of the Tasks page's Kanban board (what each of its three columns asks for).
        {
          name: 'board column',
          path: `/api/tasks/all?limit=100&status=${encodeURIComponent('In Progress')}`,
        },
      ];
      for (const call of calls) {
        const probe = await fetch(server.origin + call.path, { headers });
        await probe.text();
        if (probe.status !== 200) throw new Error(`${call.path} answered ${probe.status}`);
        await waitForQuiet(60, say);
        const figures = await measure(server.origin, headers, call.path, server.pid, pgDir);
        say(
          `  ${call.name}: ${figures.reqPerSec.toFixed(0)} req/s, p50 ${figures.latencyMs.p50} ms, p99 ${figures.latencyMs.p99} ms, ` +
            `errors ${figures.errors}, non-2xx ${figures.non2xx}; cores busy: server ${figures.cpuCores.server.toFixed(2)}, ` +
            `postgres ${figures.cpuCores.postgres.toFixed(2)}, machine ${figures.cpuCores.machine.toFixed(2)}`,
        );
        results.push({ processes, ...call, ...figures });
      }
    } finally {
      await server.stop();
      await endQueries(postgres.url).catch(() => {});
    }
  }

  say('\ncall            processes  req/s   p50 ms  p99 ms');
  for (const r of results) {
    say(
      `${r.name.padEnd(16)}${String(r.processes).padStart(9)}${r.reqPerSec.toFixed(0).padStart(7)}` +
        `${String(r.latencyMs.p50).padStart(9)}${String(r.latencyMs.p99).padStart(8)}`,
    );
  }
  const file = path.join(root, 'bench/results/processes.json');
  writeResults(file, { scale: args.scale, cores: os.availableParallelism(), connections, duration, results });
  say(`\nwritten: ${path.relative(root, file)}`);
}

await runBench(main);
