// Issue 28's "Measured" for /tasks (docs/decisions/030-task-query.md): the first page of
// GET /api/tasks/all over 50,000 tasks with combinations of the task query's filters, sorts and
// groupings, at 32 connections, as a member who sees products only through teams (half of the 200
// products: 25,000 tasks), signed in with a browser's cookie session from many client addresses
// (x-forwarded-for behind TRUST_PROXY), while writes (status changes of that member's tasks) run
// beside the reads and outdate every shared page and count. Target: p99 ≤ 100 ms, no error.

import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_MEMBER, BENCH_PASSWORD } from './accounts.mjs';
import {
  autocannonFigures,
  endQueries,
  machineSeconds,
  postgresCpu,
  serverCpu,
  signIn,
  startServer,
  waitForQuiet,
} from './server.mjs';

const TASK_QUERY_P99_TARGET_MS = 100;
const TEAMS_MEMBER = 'bench-teams@example.com';
const LABELS = ['bug', 'feature', 'docs', 'design', 'urgent', 'later'];
/** The Accept-Encoding of Chromium and Firefox. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
/** Connections that write while the reads are measured (status changes, one account). */
const WRITE_CONNECTIONS = 2;

/** The queries measured, each a first page (limit 50, with its total and, grouped, its groups). */
const TASK_QUERIES = [
  '',
  'preset=assigned',
  'preset=created',
  'preset=watching',
  'preset=mentioning',
  'assignee=me&due=overdue',
  'assignee=none&priority=high,critical',
  'label=bug',
  'label=docs,urgent&status=pending,in%20progress',
  'priority=critical&sort=due',
  'due=week&sort=priority',
  'due=none&sort=updated',
  'dueFrom=2026-01-01&dueTo=2026-12-31&sort=title',
  'teamId=none',
  'updatedSince=2026-01-01&sort=updated&order=asc',
  'search=task%201',
  'sort=due&order=desc',
  'sort=title',
  'sort=manual',
  'group=status',
  'group=assignee&sort=priority',
  'group=priority&sort=due',
  'group=label',
  'group=product&sort=updated',
  'group=team&preset=assigned',
  'group=due&status=pending',
];

/**
 * Issue 29's "custom field" shape: filtered on a select and on a number range, sorted and grouped
 * by one (the fields of one product the member sees; none when the seed made no fields).
 */
function fieldQueries({ Severity: severity, Estimate: estimate }) {
  if (!severity || !estimate) return [];
  const filter = (text) => `field=${encodeURIComponent(text)}`;
  return [
    filter(`${severity}:is:High`),
    `${filter(`${severity}:is:Low,Critical`)}&sort=due`,
    `${filter(`${estimate}:gte:5`)}&${filter(`${estimate}:lte:15`)}&sort=field&sortField=${estimate}`,
    `group=field&groupField=${severity}&${filter(`${estimate}:set`)}`,
  ];
}

/**
 * The member who sees products only through teams (active in the first team of every other
 * product), labels on two tasks in three, some tasks of theirs to watch, be assigned and be
 * mentioned on; then statistics.
 */
async function prepare(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO users (email, name, role, password_hash, email_verified_at)
       SELECT $1, 'Bench Teams Member', 'member', password_hash, now() FROM users WHERE email = $2`,
      [TEAMS_MEMBER, BENCH_MEMBER],
    );
    const me = `(SELECT id FROM users WHERE email = '${TEAMS_MEMBER}')`;
    await client.query(`INSERT INTO team_members (team_id, user_id, role, status, is_lead, joined_at)
      SELECT DISTINCT ON (t.product_id) t.id, ${me}, 'developer', 'active', false, now()
      FROM teams t JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM products) p ON p.id = t.product_id
      WHERE p.n % 2 = 0 ORDER BY t.product_id, t.id`);
    const visible = `(SELECT t.product_id FROM teams t JOIN team_members m ON m.team_id = t.id WHERE m.user_id = ${me})`;
    await client.query(
      `INSERT INTO labels (product_id, name, color)
      SELECT p.id, l.name, '#336699' FROM products p, unnest($1::text[]) l(name)
      ON CONFLICT DO NOTHING`,
      [LABELS],
    );
    await client.query(
      `INSERT INTO task_labels (task_id, label_id)
      SELECT t.id, l.id FROM tasks t JOIN labels l ON l.product_id = t.product_id
      WHERE abs(hashtext(t.id::text)) % 3 < 2 AND lower(l.name) = ($1::text[])[1 + abs(hashtext(t.id::text || 'l')) % 6]
      ON CONFLICT DO NOTHING`,
      [LABELS],
    );
    await client.query(`UPDATE tasks SET assignee_id = ${me}
      WHERE product_id IN ${visible} AND abs(hashtext(id::text || 'a')) % 25 = 0`);
    await client.query(`INSERT INTO task_watchers (task_id, user_id)
      SELECT id, ${me} FROM tasks WHERE product_id IN ${visible} AND abs(hashtext(id::text || 'w')) % 20 = 0
      ON CONFLICT DO NOTHING`);
    await client.query(`INSERT INTO comment_mentions (comment_id, user_id)
      SELECT c.id, ${me} FROM task_comments c JOIN tasks t ON t.id = c.task_id
      WHERE t.product_id IN ${visible} AND abs(hashtext(c.id::text)) % 10 = 0
      ON CONFLICT DO NOTHING`);
    const { rows } = await client.query(
      `SELECT id FROM tasks WHERE assignee_id = ${me} ORDER BY id LIMIT 200`,
    );
    // Issue 29: the custom fields of a product the member sees (the seed's Severity and Estimate).
    const { rows: fields } = await client.query(
      `SELECT f.name, f.id FROM custom_fields f WHERE f.product_id = (SELECT min(p::text)::uuid FROM ${visible} v(p))
       AND f.name IN ('Severity', 'Estimate')`,
    );
    await client.query('VACUUM ANALYZE');
    return {
      writable: rows.map((row) => row.id),
      fields: Object.fromEntries(fields.map((f) => [f.name, f.id])),
    };
  } finally {
    await client.end();
  }
}

const PROBE_RUNS = 7;

/**
 * Each query alone, right after a write has outdated every shared page and count: the median
 * time of its first page over PROBE_RUNS runs, which says which shapes make the tail under load.
 */
async function probeShapes(origin, headers, writable, queries) {
  const shapes = [];
  let n = 0;
  for (const query of queries) {
    const times = [];
    for (let i = 0; i < PROBE_RUNS; i++) {
      const id = writable[n++ % writable.length];
      const write = await fetch(`${origin}/api/tasks/${id}/task/update`, {
        method: 'PATCH',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ status: n % 2 ? 'In Progress' : 'Pending' }),
      });
      if (!write.ok) throw new Error(`the probe's write answered ${write.status}: ${await write.text()}`);
      await write.arrayBuffer().catch(() => undefined);
      const t0 = performance.now();
      const res = await fetch(`${origin}/api/tasks/all?${query}`, { headers });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    shapes.push({ query, ms: times[Math.floor(times.length / 2)] });
  }
  return shapes;
}

/** An address per request, from a /16 of them: the server sees many clients. */
let addressCounter = 0;
const nextAddress = () => {
  addressCounter = (addressCounter + 1) % 65_000;
  return `10.${20 + (addressCounter >> 8)}.${addressCounter & 255}.${1 + (addressCounter % 250)}`;
};

/**
 * Runs the scenario on a seeded database: its own server (TRUST_PROXY, the write limit raised as
 * the other scenarios do), a warm-up, then the measured reads with the writes beside them.
 */
export async function measureTaskQueries(command, databaseUrl, dataDir, pgDir, settings, say) {
  const { duration, warmup, waitQuiet } = settings;
  const connections = Math.max(...settings.connectionCounts);
  const { writable, fields } = await prepare(databaseUrl);
  const queries = [...TASK_QUERIES, ...fieldQueries(fields)].filter(
    (query) => !settings.taskQueries || settings.taskQueries.test(decodeURIComponent(query)),
  );
  if (queries.length === 0) throw new Error(`no task query matches ${settings.taskQueries}`);
  const server = await startServer(command, {
    databaseUrl,
    dataDir,
    env: {
      WEB_CONCURRENCY: String(settings.processes),
      WRITE_RATE_PER_MINUTE: '100000000',
      TRUST_PROXY: 'true',
    },
  });
  try {
    const token = await signIn(server.origin, TEAMS_MEMBER, BENCH_PASSWORD);
    const headers = { cookie: `sec-prd-token=${token}` };
    const withAddress = (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': nextAddress() } });
    for (const query of queries) {
      const res = await fetch(`${server.origin}/api/tasks/all?${query}`, { headers });
      if (res.status !== 200)
        throw new Error(`/api/tasks/all?${query} answered ${res.status}: ${await res.text()}`);
      const body = await res.json();
      say(
        `  ${query || '(no filter)'}: ${body.total} tasks${body.groups ? `, ${body.groups.length} groups` : ''}`,
      );
    }
    const shapes = await probeShapes(server.origin, headers, writable, queries).catch((err) => {
      throw new Error(`${err.message}\n${server.output.slice(-5).join('')}`);
    });
    for (const { query, ms } of [...shapes].sort((a, b) => b.ms - a.ms).slice(0, 8)) {
      say(`  alone after a write: ${ms.toFixed(1)} ms  ${query || '(no filter)'}`);
    }
    const reads = {
      url: server.origin,
      connections,
      // What a browser sends: the answers come compressed, as the web app gets them.
      headers: { ...headers, 'accept-encoding': settings.acceptEncoding ?? BROWSER_ENCODINGS },
      timeout: 10,
      requests: queries.map((query) => ({
        method: 'GET',
        path: `/api/tasks/all?${query}`,
        setupRequest: withAddress,
      })),
    };
    let n = 0;
    const statuses = ['In Progress', 'Pending'];
    const writes = {
      url: server.origin,
      connections: WRITE_CONNECTIONS,
      // As fast as they are answered, or at a fixed rate (--task-writes N a second).
      ...(settings.taskWrites ? { overallRate: settings.taskWrites } : {}),
      headers: { ...headers, 'content-type': 'application/json' },
      timeout: 10,
      requests: [
        {
          method: 'PATCH',
          setupRequest: (req) => {
            n++;
            const id = writable[n % writable.length];
            return withAddress({
              ...req,
              path: `/api/tasks/${id}/task/update`,
              body: JSON.stringify({ status: statuses[Math.floor(n / writable.length) % 2] }),
            });
          },
        },
      ],
    };
    await Promise.all([
      autocannon({ ...reads, duration: warmup }),
      autocannon({ ...writes, duration: warmup }),
    ]);
    await waitForQuiet(waitQuiet, say);
    const cpuBefore = [serverCpu(server.pid), postgresCpu(pgDir)];
    const machineBefore = machineSeconds();
    const selfBefore = process.cpuUsage();
    const [r, w] = await Promise.all([
      autocannon({ ...reads, duration }),
      autocannon({ ...writes, duration }),
    ]);
    const cpu = [serverCpu(server.pid), postgresCpu(pgDir)].map((c, i) => c - cpuBefore[i]);
    const machine = machineSeconds();
    const self = process.cpuUsage(selfBefore);
    const autocannonCpu = (self.user + self.system) / 1e6;
    const figures = autocannonFigures(r);
    return {
      name: `tasks query (teams member, cookie, many addresses, with writes${settings.taskQueries ? `; only ${settings.taskQueries}` : ''})`,
      connections,
      aloneAfterWriteMs: Object.fromEntries(shapes.map(({ query, ms }) => [query || '(no filter)', ms])),
      queries: queries.length,
      ...figures,
      statusCodes: r.statusCodeStats,
      writes: { ...autocannonFigures(w), connections: WRITE_CONNECTIONS },
      cpuCores: {
        server: cpu[0] / duration,
        postgres: cpu[1] / duration,
        autocannon: autocannonCpu / duration,
        machine: (machine.processes - machineBefore.processes) / duration,
      },
      // CPU milliseconds one request (read or write) cost: what it would cost on an idle machine.
      cpuMsPerRequest: {
        server: (cpu[0] * 1000) / (r.requests.total + w.requests.total || 1),
        postgres: (cpu[1] * 1000) / (r.requests.total + w.requests.total || 1),
      },
      othersCores: Math.max(
        0,
        (machine.processes - machineBefore.processes - cpu[0] - cpu[1] - autocannonCpu) / duration,
      ),
      p99TargetMs: TASK_QUERY_P99_TARGET_MS,
      met: figures.latencyMs.p99 <= TASK_QUERY_P99_TARGET_MS && figures.errors === 0 && figures.non2xx === 0,
    };
  } finally {
    await server.stop();
    await endQueries(databaseUrl).catch((err) => console.error(`ending queries: ${err.message}`));
  }
}
