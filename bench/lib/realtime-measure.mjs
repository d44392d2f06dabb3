// How bench/realtime.mjs measures: one writer changing task statuses at a steady pace, the wait for
// every delivery, and the figures of one run (latencies, deliveries, CPU).

import { machineSeconds, postgresCpu, processCpu, QUIET_CORES } from './server.mjs';

const TASK_STATUSES = ['Pending', 'In Progress', 'Completed'];
const sleep = (t) => new Promise((r) => setTimeout(r, t));

/**
 * Makes `count` status changes at `rate` per second, alternating the servers, cycling over the
 * product's tasks (each task's changes one after the other, so every change really changes it).
 * Returns one record per change: where it was made, when (t0: its response arrived) and its key.
 */
async function makeChanges(servers, token, tasks, count, status, rate) {
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
export async function measure({ servers, clients, token, tasks, status, count, pgDir, rate, settleSeconds }) {
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
  const records = await makeChanges(servers, token, tasks, count, status, rate);
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
