// How bench/http.mjs measures: a probe of each call, autocannon's warm-up and measured run with the
// CPU each side used, the board variants, and one database's whole run (a server per build).
// `settings` holds the run's options: { builds, processes, connectionCounts, retries, waitQuiet,
// duration, warmup, boardConnections }.

import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_ADMIN, BENCH_MEMBER } from './accounts.mjs';
import { boardSizes, loadBoards } from './boards.mjs';
import { BENCH_SUPER, boardVariants, CREATED_TITLE, calls } from './http-calls.mjs';
import {
  autocannonFigures,
  endQueries,
  machineSeconds,
  postgresCpu,
  QUIET_CORES,
  serverCpu,
  signIn,
  startServer,
  waitForQuiet,
} from './server.mjs';

export const say = (msg) => console.log(msg);
export const ms = (n) => (n === undefined ? '-' : n.toFixed(n < 10 ? 2 : 1));

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
async function load(origin, headers, call, serverPid, pgDir, connections, { warmup, duration }) {
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
async function measureBoards(server, headers, results, pgDir, settings, pick) {
  const { boardConnections, waitQuiet, duration, warmup } = settings;
  // The product with the most tasks the member sees; of those, one they see through a team (not
  // one they created), as most members see most boards: the visibility check's longer way.
  const products = JSON.parse(
    (await probe(server.origin, headers, { path: '/api/projects?limit=50' })).body,
  ).data;
  const me = JSON.parse((await probe(server.origin, headers, { path: '/api/user/me' })).body);
  let productId;
  let most = -1;
  let throughTeam = false;
  for (const p of products) {
    const page = JSON.parse(
      (await probe(server.origin, headers, { path: `/api/tasks/${p.id}/tasks?limit=1` })).body,
    );
    const team = p.created_by !== me._id;
    if (page.total > most || (page.total === most && team && !throughTeam))
      [productId, most, throughTeam] = [p.id, page.total, team];
  }
  const first = JSON.parse(
    (await probe(server.origin, headers, { path: `/api/tasks/${productId}/tasks?limit=200` })).body,
  );
  say(
    `  board: product ${productId} (${most} tasks, seen ${throughTeam ? 'through a team' : 'as its creator'})`,
  );
  for (const variant of boardVariants(productId, first.nextCursor).filter(pick)) {
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
export async function measureDatabase(command, databaseUrl, dataDir, pgDir, pick, settings) {
  const { builds, processes, connectionCounts, retries, waitQuiet } = settings;
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
            const run = await load(server.origin, headers, call, server.pid, pgDir, count, settings);
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
    // The board variants --only names (`^board` all of them, `^board: one` the one request).
    if (boardVariants('').some(pick)) {
      for (const { label, server, sessions } of servers) {
        if (label) say(`  board [${label}]`);
        await measureBoards(server, sessions.member, results, pgDir, settings, pick);
      }
    }
    return results;
  } finally {
    for (const { server } of servers) await server.stop();
    await endQueries(databaseUrl).catch((err) => console.error(`ending queries: ${err.message}`));
  }
}
