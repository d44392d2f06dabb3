// Realtime benchmark (issue 8): the time from the HTTP response of a change to its arrival at
// 200 WebSocket clients connected to two server processes. A throwaway bundled PostgreSQL is
// started in a temp DATA_DIR, migrated and seeded small; two API servers run on it (fan-out
// through PostgreSQL LISTEN/NOTIFY, or Redis with --redis-url / REDIS_URL). The clients' users
// and sessions are written in SQL (the login is rate-limited): every one is an active member of
// a team of the product the changes happen in, one socket each, half on each process, plus
// --outsiders clients who may not see that product and must receive nothing. One writer (an
// admin) changes task statuses in that product at a steady pace, alternating the process it
// calls; each change's t0 is the moment its response arrived, and every client records when the
// matching event (task id and version) arrived.
//
// Usage (from the repository root): npm run bench:realtime [-- --changes 200 --rate 20 …]
// Target: p95 < 100 ms over every delivery, every visible client receives every change exactly
// once, and no outsider receives anything. Exit 1 when one is missed. Figures go to
// bench/results/realtime.json.

import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import WebSocket from 'ws';
import {
  machineSeconds,
  OPTIONS,
  onCleanup,
  postgresCpu,
  processCpu,
  QUIET_CORES,
  root,
  runBench,
  serverCommand,
  signIn,
  startBenchDatabase,
  startServer,
  waitForQuiet,
  writeReport,
} from './lib/server.mjs';
import { BENCH_ADMIN, seed } from './seed.mjs';

const P95_TARGET_MS = 100;
const TASK_STATUSES = ['Pending', 'In Progress', 'Completed'];
const CLIENT_EMAIL = (i) => `rt-client-${String(i).padStart(4, '0')}@example.com`;
const OUTSIDER_EMAIL = (i) => `rt-outsider-${String(i).padStart(4, '0')}@example.com`;

const resultsFile = path.join(root, 'bench/results/realtime.json');

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '200' }, // clients who see the product, half on each process
    outsiders: { type: 'string' }, // clients who may not see it; default 10 % of --clients
    changes: { type: 'string', default: '200' },
    rate: { type: 'string', default: '20' }, // changes per second
    warmup: { type: 'string', default: '20' }, // changes made (and checked) before the measured run
    settle: { type: 'string', default: '5' }, // seconds to wait for late deliveries after the last response
    server: OPTIONS.server,
    'redis-url': { type: 'string', default: process.env.REDIS_URL ?? '' }, // fan-out through Redis
    'wait-quiet': OPTIONS['wait-quiet'],
    retries: { type: 'string', default: '2' }, // runs again when other processes disturbed a run
  },
});
const clientCount = Number(args.clients);
const outsiderCount = args.outsiders === undefined ? Math.round(clientCount / 10) : Number(args.outsiders);
const changeCount = Number(args.changes);
const rate = Number(args.rate);
const warmupCount = Number(args.warmup);
const settleSeconds = Number(args.settle);
const waitQuiet = Number(args['wait-quiet']);
const retries = Number(args.retries);
const redisUrl = args['redis-url'].trim();
const numbers = [clientCount, outsiderCount, changeCount, warmupCount, settleSeconds, waitQuiet, retries];
if (
  !['auto', 'dist', 'source'].includes(args.server) ||
  !numbers.every((n) => Number.isInteger(n) && n >= 0) ||
  clientCount < 2 ||
  changeCount < 1 ||
  !(rate > 0)
) {
  console.error(
    'usage: node --import tsx bench/realtime.mjs [--clients 200] [--outsiders 20] [--changes 200]',
  );
  console.error(
    '  [--rate 20] [--warmup 20] [--settle 5] [--server auto|dist|source] [--redis-url redis://…]',
  );
  console.error('  [--wait-quiet 60] [--retries 2]');
  process.exit(2);
}

const say = (msg) => console.log(msg);
const ms = (n) => (n === undefined ? '-' : n.toFixed(Math.abs(n) < 10 ? 2 : 1));
const sleep = (t) => new Promise((r) => setTimeout(r, t));
const sha256 = (value) => createHash('sha256').update(value).digest('hex');

// ---- the database -------------------------------------------------------------------------------

/**
 * The clients' users, sessions and memberships, in SQL: `clients` active members of a new team of
 * the product, `outsiders` who may not see it (half only invited to that team, half active in a
 * team of another product). Returns a token per client.
 */
async function prepareClients(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The product with the most tasks, and another one for half the outsiders.
    const { rows: productRows } = await client.query(
      `SELECT p.id, count(t.id)::int AS tasks FROM products p LEFT JOIN tasks t ON t.product_id = p.id
       GROUP BY p.id ORDER BY count(t.id) DESC, p.id LIMIT 2`,
    );
    if (productRows.length < 2 || productRows[0].tasks < 1)
      throw new Error('the seed made no product with tasks');
    const [product, otherProduct] = productRows;
    const { rows: taskRows } = await client.query(
      'SELECT id, status FROM tasks WHERE product_id = $1 ORDER BY id',
      [product.id],
    );

    await client.query('BEGIN');
    const team = async (productId, name) =>
      (
        await client.query(
          `INSERT INTO teams (product_id, name, description, team_type)
           VALUES ($1, $2, 'Realtime benchmark clients.', 'general') RETURNING id`,
          [productId, name],
        )
      ).rows[0].id;
    const teamId = await team(product.id, 'Realtime bench team');
    const otherTeamId = await team(otherProduct.id, 'Realtime bench outsiders');

    const people = [
      ...Array.from({ length: clientCount }, (_, i) => ({ email: CLIENT_EMAIL(i), visible: true, i })),
      ...Array.from({ length: outsiderCount }, (_, i) => ({ email: OUTSIDER_EMAIL(i), visible: false, i })),
    ].map((p) => ({ ...p, token: randomBytes(32).toString('base64url') }));
    const { rows: userRows } = await client.query(
      `INSERT INTO users (email, name, role, email_verified_at)
       SELECT e, 'Realtime client ' || n, 'member', now() FROM unnest($1::text[]) WITH ORDINALITY AS u(e, n)
       RETURNING id, email`,
      [people.map((p) => p.email)],
    );
    const idOf = new Map(userRows.map((r) => [r.email, r.id]));
    for (const p of people) p.userId = idOf.get(p.email);
    await client.query(
      `INSERT INTO sessions (user_id, token_hash, expires_at, user_agent)
       SELECT u, h, now() + interval '1 day', 'bench/realtime.mjs' FROM unnest($1::uuid[], $2::text[]) AS s(u, h)`,
      [people.map((p) => p.userId), people.map((p) => sha256(p.token))],
    );
    // Visible: active in the product's team. Outsiders: even ones only invited to that team, odd
    // ones active in a team of another product (they see something, just not this product).
    const memberships = people.map((p) =>
      p.visible
        ? [teamId, p.userId, 'active']
        : p.i % 2 === 0
          ? [teamId, p.userId, 'invited']
          : [otherTeamId, p.userId, 'active'],
    );
    await client.query(
      `INSERT INTO team_members (team_id, user_id, role, status, joined_at)
       SELECT t, u, 'developer', s, CASE WHEN s = 'active' THEN now() END
       FROM unnest($1::uuid[], $2::uuid[], $3::text[]) AS m(t, u, s)`,
      [memberships.map((m) => m[0]), memberships.map((m) => m[1]), memberships.map((m) => m[2])],
    );
    await client.query('COMMIT');
    return { productId: product.id, tasks: taskRows, people };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

// ---- the clients --------------------------------------------------------------------------------

/** A socket that records when each change arrived, by `${id}:${version}`. */
function openClient(server, person) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${server.origin.replace(/^http/, 'ws')}/api/realtime`, {
      headers: { authorization: `Bearer ${person.token}` },
    });
    const client = {
      ...person,
      process: server.name,
      socket,
      arrivals: new Map(),
      duplicates: 0,
      others: [], // any message but 'ready', 'pong' and changes
      closedWith: undefined,
    };
    const timer = setTimeout(() => reject(new Error(`${person.email}: no 'ready' in 10 s`)), 10_000);
    socket.on('message', (data) => {
      const at = performance.now();
      const message = JSON.parse(String(data));
      if (message.type === 'change') {
        const key = `${message.id}:${message.version}`;
        if (client.arrivals.has(key)) client.duplicates++;
        else client.arrivals.set(key, { at, message });
      } else if (message.type === 'ready') {
        clearTimeout(timer);
        resolve(client);
      } else if (message.type !== 'pong') {
        client.others.push(message);
      }
    });
    socket.on('close', (code) => {
      client.closedWith = code;
      clearTimeout(timer);
      reject(new Error(`${person.email}: closed with ${code} before 'ready'`));
    });
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.on('unexpected-response', (_req, res) => {
      clearTimeout(timer);
      reject(new Error(`${person.email}: HTTP ${res.statusCode}`));
    });
  });
}

/** Opens every client, `parallel` at a time. */
async function openClients(servers, people, parallel = 20) {
  const clients = [];
  let next = 0;
  const worker = async () => {
    while (next < people.length) {
      const person = people[next];
      // Visible clients alternate A, B, A …; outsiders in pairs (A A B B …), so that both kinds
      // of outsider (invited, other product) are on both processes.
      const server = servers[(person.visible ? person.i : person.i >> 1) % servers.length];
      next++;
      clients.push(await openClient(server, person));
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return clients;
}

// ---- the writer ---------------------------------------------------------------------------------

/**
 * Makes `count` status changes at `rate` per second, alternating the servers, cycling over the
 * product's tasks (each task's changes one after the other, so every change really changes it).
 * Returns one record per change: where it was made, when (t0: its response arrived) and its key.
 */
async function makeChanges(servers, token, tasks, count, status) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const chains = new Map();
  const records = [];
  let failed;
  const start = performance.now();
  for (let i = 0; i < count && !failed; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const server = servers[i % servers.length];
    const task = tasks[i % tasks.length];
    const record = { i, process: server.name, taskId: task.id };
    records.push(record);
    const previous = chains.get(task.id) ?? Promise.resolve();
    const done = previous.then(async () => {
      const next = TASK_STATUSES[(TASK_STATUSES.indexOf(status.get(task.id)) + 1) % TASK_STATUSES.length];
      record.sent = performance.now();
      record.late = record.sent - due; // the writer's own lag behind the schedule
      const res = await fetch(`${server.origin}/api/tasks/${task.id}/task/update`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ status: next }),
      });
      record.t0 = performance.now();
      const body = await res.json().catch(() => undefined);
      if (!res.ok || body?.status !== next) {
        throw new Error(`PATCH task ${task.id} on ${server.name}: ${res.status} ${JSON.stringify(body)}`);
      }
      status.set(task.id, next);
      record.version = Date.parse(body.updatedAt);
      record.key = `${task.id}:${record.version}`;
    });
    // Handled at once (a failure would otherwise be unhandled until the loop ends): stop making changes.
    done.catch((err) => {
      failed ??= err;
    });
    chains.set(task.id, done);
  }
  await Promise.all(chains.values());
  return records;
}

/** Waits until every visible client holds every change, or `seconds` after the last response. */
async function waitForDeliveries(clients, records, seconds) {
  const visible = clients.filter((c) => c.visible);
  const until = performance.now() + seconds * 1000;
  for (;;) {
    const complete = visible.every((c) => records.every((r) => c.arrivals.has(r.key)));
    if (complete) return true;
    if (performance.now() > until) return false;
    await sleep(50);
  }
}

// ---- figures ------------------------------------------------------------------------------------

/** Nearest-rank percentile of a sorted array. */
const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];

/** min, p50, p95, p99, max and the count at or below 0 (the event came before the response). */
function summarise(values) {
  if (values.length === 0) return { n: 0 };
  const raw = [...values].sort((a, b) => a - b);
  const clamped = raw.map((v) => Math.max(0, v));
  return {
    n: raw.length,
    min: raw[0],
    p50: percentile(clamped, 50),
    p95: percentile(clamped, 95),
    p99: percentile(clamped, 99),
    max: raw[raw.length - 1],
    mean: clamped.reduce((a, b) => a + b, 0) / clamped.length,
    atOrBeforeResponse: raw.filter((v) => v <= 0).length,
  };
}

/** One measured run: fresh records on every client, the changes, the deliveries, the CPU. */
async function measure({ servers, clients, token, tasks, status, count, pgDir }) {
  for (const c of clients) {
    c.arrivals.clear();
    c.duplicates = 0;
    c.others.length = 0;
  }
  const cpu = () => [...servers.map((s) => processCpu(s.pid)), postgresCpu(pgDir)];
  const cpuBefore = cpu();
  const machineBefore = machineSeconds();
  const selfBefore = process.cpuUsage();
  const started = performance.now();
  const records = await makeChanges(servers, token, tasks, count, status);
  const complete = await waitForDeliveries(clients, records, settleSeconds);
  // The clock of the CPU figures stops at the last delivery, not at the end of a settle wait.
  let lastArrival = records.at(-1).t0;
  for (const c of clients) for (const a of c.arrivals.values()) lastArrival = Math.max(lastArrival, a.at);
  const seconds = (Math.min(performance.now(), lastArrival + 50) - started) / 1000;
  const used = cpu().map((c, i) => c - cpuBefore[i]);
  const self = process.cpuUsage(selfBefore);
  const benchCpu = (self.user + self.system) / 1e6;
  const machine = machineSeconds();
  const steal = machine.steal - machineBefore.steal;
  const ours = used.reduce((a, b) => a + b, 0) + benchCpu;
  const others = Math.max(0, machine.processes - machineBefore.processes - ours + steal);
  const elapsed = (performance.now() - started) / 1000;

  const byKey = new Map(records.map((r) => [r.key, r]));
  const latencies = { all: [], sameProcess: [], otherProcess: [] };
  const lastPerChange = new Map();
  let missing = 0;
  let unexpected = 0;
  let duplicates = 0;
  const missingByClient = [];
  for (const c of clients) {
    duplicates += c.duplicates;
    if (!c.visible) continue;
    let missed = 0;
    for (const r of records) {
      const arrival = c.arrivals.get(r.key);
      if (!arrival) {
        missed++;
        continue;
      }
      const latency = arrival.at - r.t0;
      latencies.all.push(latency);
      (c.process === r.process ? latencies.sameProcess : latencies.otherProcess).push(latency);
      lastPerChange.set(r.key, Math.max(lastPerChange.get(r.key) ?? -Infinity, latency));
    }
    for (const key of c.arrivals.keys()) if (!byKey.has(key)) unexpected++;
    missing += missed;
    if (missed)
      missingByClient.push({ email: c.email, process: c.process, missed, closedWith: c.closedWith });
  }
  const outsiders = clients.filter((c) => !c.visible);
  const outsiderMessages = outsiders.reduce((n, c) => n + c.arrivals.size + c.duplicates, 0);
  const visibleCount = clients.filter((c) => c.visible).length;
  return {
    changes: records.length,
    seconds: elapsed,
    complete,
    deliveries: {
      expected: visibleCount * records.length,
      received: latencies.all.length,
      missing,
      unexpected,
      duplicates,
      outsiderMessages,
      otherMessages: clients.reduce((n, c) => n + c.others.length, 0), // 'resync' and the like
      missingByClient: missingByClient.slice(0, 20),
    },
    latencyMs: {
      all: summarise(latencies.all),
      sameProcess: summarise(latencies.sameProcess),
      otherProcess: summarise(latencies.otherProcess),
      // Per change, until the last visible client had it.
      fanOutComplete: summarise([...lastPerChange.values()]),
    },
    httpMs: summarise(records.map((r) => r.t0 - r.sent)),
    writerLagMs: summarise(records.map((r) => r.late)),
    // CPU seconds per second of the run (1.0 is one core busy), from the first change to the last delivery.
    cpuCores: {
      ...Object.fromEntries(servers.map((s, i) => [`server${s.name}`, used[i] / seconds])),
      postgres: used[servers.length] / seconds,
      bench: benchCpu / seconds,
      others: others / seconds,
      steal: steal / seconds,
    },
    cpuSeconds: seconds,
    disturbed: others / seconds >= QUIET_CORES,
  };
}

// ---- the run ------------------------------------------------------------------------------------

async function main() {
  const command = serverCommand(args.server);
  const bus = redisUrl ? 'Redis pub/sub' : 'PostgreSQL LISTEN/NOTIFY';
  const { tmp, postgres, pgDir, runMigrations } = await startBenchDatabase('realtime', command, say, {
    note: `bus: ${bus}; `,
  });
  await runMigrations(postgres.url);
  const seeded = await seed(postgres.url, {
    products: 4,
    tasks: 80,
    activities: 0,
    users: 10,
    teamsPerProduct: 1,
    membersPerTeam: 3,
  });
  const { productId, tasks, people } = await prepareClients(postgres.url);
  say(
    `seeded ${seeded.counts.products} products, ${seeded.counts.tasks} tasks; ${clientCount} clients who see ` +
      `product ${productId} (${tasks.length} tasks), ${outsiderCount} who may not`,
  );

  // Two processes on one database; the same APP_SECRET (stored secrets: not used here, but two
  // processes of one deployment share it), each its own DATA_DIR.
  const appSecret = randomBytes(32).toString('base64url');
  const servers = [];
  for (const name of ['A', 'B']) {
    const server = await startServer(command, {
      databaseUrl: postgres.url,
      dataDir: path.join(tmp, `server-${name}`),
      // The writer makes --rate changes a second as one account: its write limit is raised.
      env: { APP_SECRET: appSecret, REDIS_URL: redisUrl, WRITE_RATE_PER_MINUTE: '100000000' },
    });
    servers.push({ ...server, name });
  }
  say(
    `servers: A ${servers[0].origin} (pid ${servers[0].pid}), B ${servers[1].origin} (pid ${servers[1].pid})`,
  );

  const clients = await openClients(servers, people);
  onCleanup(async () => {
    for (const c of clients) c.socket.terminate();
  });
  const perProcess = Object.fromEntries(
    servers.map((s) => [
      s.name,
      {
        visible: clients.filter((c) => c.visible && c.process === s.name).length,
        outsiders: clients.filter((c) => !c.visible && c.process === s.name).length,
      },
    ]),
  );
  say(
    `connected: ${servers.map((s) => `${s.name} ${perProcess[s.name].visible} + ${perProcess[s.name].outsiders} outsiders`).join(', ')}`,
  );

  const token = await signIn(servers[0].origin, BENCH_ADMIN);
  const status = new Map(tasks.map((t) => [t.id, t.status]));
  const context = { servers, clients, token, tasks, status, pgDir };

  if (warmupCount > 0) {
    const warm = await measure({ ...context, count: warmupCount });
    say(
      `warm-up: ${warm.changes} changes, ${warm.deliveries.received}/${warm.deliveries.expected} deliveries, ` +
        `p95 ${ms(warm.latencyMs.all.p95)} ms`,
    );
  }

  say(`\nmeasuring: ${changeCount} changes at ${rate}/s, alternating A and B`);
  let result;
  for (let attempt = 0; ; attempt++) {
    await waitForQuiet(waitQuiet, say);
    const run = await measure({ ...context, count: changeCount });
    if (!result || run.cpuCores.others < result.cpuCores.others) result = run;
    if (!run.disturbed || attempt >= retries) break;
    say(`  other processes used ${run.cpuCores.others.toFixed(2)} cores meanwhile; again`);
  }

  // ---- report ----
  const d = result.deliveries;
  const l = result.latencyMs;
  say('');
  say(
    `clients: ${clientCount} who see the product (${servers.map((s) => `${s.name} ${perProcess[s.name].visible}`).join(', ')}), ` +
      `${outsiderCount} who may not (${servers.map((s) => `${s.name} ${perProcess[s.name].outsiders}`).join(', ')})`,
  );
  say(
    `changes: ${result.changes} in ${result.seconds.toFixed(1)} s (${rate}/s, alternating A/B); ` +
      `HTTP response p50 ${ms(result.httpMs.p50)} ms, p95 ${ms(result.httpMs.p95)} ms, max ${ms(result.httpMs.max)} ms`,
  );
  say(
    `deliveries: expected ${d.expected}, received ${d.received}, missing ${d.missing}, ` +
      `unexpected ${d.unexpected}, duplicates ${d.duplicates}; outsiders received ${d.outsiderMessages}` +
      (d.otherMessages ? `; other messages (resync…) ${d.otherMessages}` : ''),
  );
  const rows = [
    ['latency, ms (arrival − HTTP response)', 'n', 'min', 'p50', 'p95', 'p99', 'max', '≤ 0'],
    ...[
      ['all deliveries', l.all],
      ['  same process as the writer', l.sameProcess],
      ['  other process', l.otherProcess],
      ['last client of each change', l.fanOutComplete],
    ].map(([name, s]) => [
      name,
      String(s.n),
      ms(s.min),
      ms(s.p50),
      ms(s.p95),
      ms(s.p99),
      ms(s.max),
      String(s.atOrBeforeResponse ?? 0),
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const [index, row] of rows.entries()) {
    say(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
    if (index === 0) say(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  say(
    '≤ 0: the event reached the client before the writer had the HTTP response (percentiles count them as 0; min shows them)',
  );
  const c = result.cpuCores;
  say(
    `CPU (cores of ${os.cpus().length}, over ${result.cpuSeconds.toFixed(1)} s): server A ${c.serverA.toFixed(2)}, ` +
      `server B ${c.serverB.toFixed(2)}, postgres ${c.postgres.toFixed(2)}, this script (clients + writer) ${c.bench.toFixed(2)}, ` +
      `others ${c.others.toFixed(2)} (steal ${c.steal.toFixed(2)})`,
  );
  if (result.disturbed)
    say(`disturbed: other processes used ${c.others.toFixed(2)} cores; re-run on a quiet machine`);

  const failures = [];
  if (!(l.all.p95 < P95_TARGET_MS)) failures.push(`p95 ${ms(l.all.p95)} ms (target < ${P95_TARGET_MS} ms)`);
  if (d.missing > 0) failures.push(`${d.missing} deliveries missing`);
  if (d.unexpected > 0 || d.duplicates > 0)
    failures.push(`${d.unexpected} unexpected and ${d.duplicates} duplicate deliveries`);
  if (d.outsiderMessages > 0)
    failures.push(`clients who may not see the product received ${d.outsiderMessages}`);
  say(
    `\np95 ${ms(l.all.p95)} ms: target < ${P95_TARGET_MS} ms ${l.all.p95 < P95_TARGET_MS ? 'met' : 'MISSED'}; ` +
      `deliveries ${d.missing === 0 && d.unexpected === 0 && d.duplicates === 0 && d.outsiderMessages === 0 ? 'complete and correct' : 'WRONG'}`,
  );
  if (d.missingByClient.length) {
    say('missing, by client (first 20):');
    for (const m of d.missingByClient)
      say(
        `  ${m.email} on ${m.process}: ${m.missed} missing${m.closedWith ? `, closed with ${m.closedWith}` : ''}`,
      );
  }

  const report = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
    note:
      'latency = arrival at the client − the moment the writer received the HTTP response; clients, writer, ' +
      'both servers and PostgreSQL share the machine; cpuCores.others is what other processes used',
    quietThresholdCores: QUIET_CORES,
    server: command.kind,
    bus,
    clients: { visible: clientCount, outsiders: outsiderCount, perProcess },
    changes: changeCount,
    ratePerSecond: rate,
    warmupChanges: warmupCount,
    target: { p95Ms: P95_TARGET_MS },
    ...result,
  };
  return writeReport(resultsFile, report, failures, say);
}

await runBench(main);
