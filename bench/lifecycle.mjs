// Lifecycle reports benchmark (issue 32, docs/decisions/060-stage-history-and-lifecycle-reports.md):
// every lifecycle route over 200 products and 500,000 activity entries, at 32 connections, as a
// member who sees products only through teams (half of them), with a browser's cookie session from
// many client addresses (x-forwarded-for behind TRUST_PROXY), while products are moved between
// stages beside the reads (each move changes every report). Target: p99 ≤ 100 ms, no error.
//
// Data: bench/seed.mjs's 200 products and 500,000 activities. Its random stage entries (a
// `status_changed` in 3 of 20 entries, `prd_created` in 1: 100,000 "moves" that contradict each
// other) become task status entries, and each product gets a consistent history instead: its
// creation 400 days ago, a board move through each of the five stages (some through the edit form),
// and stage gate decisions (refused, overridden, passed) around them, so the 500,000 entries are
// 499,000 task and other entries plus about 3,000 stage entries.
//
// Usage (from the repository root): npm run bench:lifecycle [-- --scale small] [-- --duration 10]
// Figures go to bench/results/lifecycle.json. Exit 1 when a target is missed or a call fails.

import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_MEMBER, BENCH_PASSWORD } from './lib/accounts.mjs';
import {
  autocannonFigures,
  endQueries,
  OPTIONS,
  postgresCpu,
  printTable,
  processCpu,
  root,
  runBench,
  serverCommand,
  signIn,
  startBenchDatabase,
  startServer,
  waitForQuiet,
  writeResults,
} from './lib/server.mjs';
import { SCALES, seed } from './seed.mjs';

const P99_TARGET_MS = 100;
const CONNECTIONS = 32;
const WRITE_CONNECTIONS = 2;
const TEAMS_MEMBER = 'bench-lifecycle@example.com';
const resultsFile = path.join(root, 'bench/results/lifecycle.json');

const { values: args } = parseArgs({ options: OPTIONS });
const scale = SCALES[args.scale];
const duration = Number(args.duration);
const warmup = Number(args.warmup);
if (!scale || !(duration > 0) || !(warmup >= 0)) {
  console.error(
    'usage: node --import tsx bench/lifecycle.mjs [--scale full|small] [--duration 10] [--warmup 2]',
  );
  process.exit(2);
}
const say = (msg) => console.log(msg);
const ms = (n) => (n === undefined ? '-' : n.toFixed(n < 10 ? 2 : 1));

/**
 * The member who sees every other product through a team; the seed's stage entries made task
 * entries; a consistent stage history and gate decisions for every product. Returns the products
 * the member sees.
 */
async function prepare(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO users (email, name, role, password_hash, email_verified_at)
       SELECT $1, 'Bench Lifecycle Member', 'member', password_hash, now() FROM users WHERE email = $2`,
      [TEAMS_MEMBER, BENCH_MEMBER],
    );
    const me = `(SELECT id FROM users WHERE email = '${TEAMS_MEMBER}')`;
    await client.query(`INSERT INTO team_members (team_id, user_id, role, status, is_lead, joined_at)
      SELECT DISTINCT ON (t.product_id) t.id, ${me}, 'developer', 'active', false, now()
      FROM teams t JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM products) p ON p.id = t.product_id
      WHERE p.n % 2 = 0 ORDER BY t.product_id, t.id`);
    await client.query(`UPDATE activities SET action_type = 'task_status_updated',
        metadata = jsonb_build_object('previousStatus', 'Pending', 'newStatus', 'In Progress')
      WHERE action_type IN ('status_changed', 'prd_created')`);
    // Per product k: created 400 days ago; stage s (1..4) entered at a day that depends on k, so
    // products sit in every stage now; a gate refused then passed or overridden before each move.
    await client.query(`
      WITH p AS (SELECT id, created_by, row_number() OVER (ORDER BY id) AS k FROM products),
      moves AS (
        SELECT p.id, p.created_by, p.k, s,
               (ARRAY['planning','development','testing','production','maintenance'])[s] AS from_stage,
               (ARRAY['planning','development','testing','production','maintenance'])[s + 1] AS to_stage,
               now() - interval '400 days' + (s * (60 + p.k % 37)) * interval '1 day' AS at
        FROM p CROSS JOIN generate_series(1, 4) s
        WHERE s <= 1 + p.k % 4)
      INSERT INTO activities (action_type, description, metadata, product_id, performed_by, created_at)
      SELECT 'prd_created', 'Created product', jsonb_build_object('status', 'planning'), id, created_by, now() - interval '400 days' FROM p
      UNION ALL
      SELECT CASE WHEN s = 2 THEN 'product_updated' ELSE 'status_changed' END, 'Moved',
             jsonb_build_object('previousStatus', from_stage, 'newStatus', to_stage), id, created_by, at FROM moves
      UNION ALL
      SELECT 'stage_gate_refused', 'Gate refused',
             jsonb_build_object('fromStage', from_stage, 'toStage', to_stage,
               'unmet', jsonb_build_array(jsonb_build_object('id', 'c1', 'kind', 'manual', 'label', 'Sign-off', 'stage', from_stage))),
             id, created_by, at - interval '2 days' FROM moves WHERE (k + s) % 3 = 0
      UNION ALL
      SELECT CASE WHEN (k + s) % 5 = 0 THEN 'stage_gate_overridden' ELSE 'stage_gate_passed' END, 'Gate',
             jsonb_build_object('fromStage', from_stage, 'toStage', to_stage, 'reason', 'Release train', 'unmet', '[]'::jsonb),
             id, created_by, at FROM moves`);
    await client.query(`UPDATE products p SET status = m.stage, stage_entered_at = m.at
      FROM (SELECT DISTINCT ON (product_id) product_id, metadata->>'newStatus' AS stage, created_at AS at
            FROM activities WHERE action_type IN ('status_changed', 'product_updated') AND metadata ? 'newStatus'
            ORDER BY product_id, created_at DESC) m
      WHERE m.product_id = p.id`);
    await client.query('VACUUM ANALYZE activities');
    await client.query('VACUUM ANALYZE products');
    const { rows } = await client.query(
      `SELECT DISTINCT t.product_id AS id FROM teams t JOIN team_members m ON m.team_id = t.id
       WHERE m.user_id = ${me} ORDER BY 1`,
    );
    const { rows: counts } = await client.query(
      `SELECT count(*)::int AS all, count(*) FILTER (WHERE action_type IN ('status_changed','prd_created','product_updated')
         OR action_type LIKE 'stage_gate_%')::int AS stage FROM activities`,
    );
    return { visible: rows.map((r) => r.id), counts: counts[0] };
  } finally {
    await client.end();
  }
}

/** An address per request, from a /16 of them: the server sees many clients. */
let addressCounter = 0;
const nextAddress = () => {
  addressCounter = (addressCounter + 1) % 65_000;
  return `10.${20 + (addressCounter >> 8)}.${addressCounter & 255}.${1 + (addressCounter % 250)}`;
};
const withAddress = (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': nextAddress() } });

async function main() {
  const command = serverCommand(args.server);
  const { tmp, postgres, pgDir, runMigrations } = await startBenchDatabase('lifecycle', command, say);
  await runMigrations(postgres.url);
  say(`seeding: ${scale.products} products, ${scale.tasks} tasks, ${scale.activities} activities`);
  const seeded = await seed(postgres.url, scale);
  const { visible, counts } = await prepare(postgres.url);
  say(`  ${seeded.seconds.toFixed(1)} s; activities ${counts.all}, of which stage entries ${counts.stage}`);
  const server = await startServer(command, {
    databaseUrl: postgres.url,
    dataDir: path.join(tmp, 'server'),
    env: { TRUST_PROXY: 'true', WRITE_RATE_PER_MINUTE: '100000000' },
  });
  const product = visible[0];
  const routes = [
    ['report (90 days)', '/api/lifecycle'],
    ['report (730 days)', '/api/lifecycle?days=730'],
    ['stays of a stage', '/api/lifecycle/stays?stage=development&days=365'],
    ['gate entries', '/api/lifecycle/gates?stage=testing&days=365'],
    [
      'a flow day',
      `/api/lifecycle/day?date=${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}`,
    ],
    ['stage history', `/api/projects/${product}/stage-history`],
    ['task flow (90 days)', `/api/projects/${product}/task-flow`],
  ];
  const results = [];
  try {
    const token = await signIn(server.origin, TEAMS_MEMBER, BENCH_PASSWORD);
    const headers = { cookie: `sec-prd-token=${token}`, 'accept-encoding': 'gzip, deflate, br, zstd' };
    const stages = ['planning', 'development', 'testing', 'production', 'maintenance'];
    let n = 0;
    const writes = {
      url: server.origin,
      connections: WRITE_CONNECTIONS,
      headers: { ...headers, 'content-type': 'application/json' },
      timeout: 10,
      requests: [
        {
          method: 'PATCH',
          setupRequest: (req) => {
            n++;
            return withAddress({
              ...req,
              path: `/api/projects/${visible[n % visible.length]}/status`,
              body: JSON.stringify({ status: stages[n % stages.length] }),
            });
          },
        },
      ],
    };
    for (const [name, url] of routes) {
      const probe = await fetch(`${server.origin}${url}`, { headers });
      const bytes = (await probe.arrayBuffer()).byteLength;
      if (probe.status !== 200) throw new Error(`${url} answered ${probe.status}`);
      const reads = {
        url: server.origin,
        connections: CONNECTIONS,
        headers,
        timeout: 10,
        requests: [{ method: 'GET', path: url, setupRequest: withAddress }],
      };
      await Promise.all([
        autocannon({ ...reads, duration: warmup }),
        autocannon({ ...writes, duration: warmup }),
      ]);
      await waitForQuiet(Number(args['wait-quiet']), say);
      const before = [processCpu(server.pid), postgresCpu(pgDir)];
      const [r, w] = await Promise.all([
        autocannon({ ...reads, duration }),
        autocannon({ ...writes, duration }),
      ]);
      const used = [processCpu(server.pid), postgresCpu(pgDir)].map((c, i) => c - before[i]);
      const figures = autocannonFigures(r);
      const total = r.requests.total + w.requests.total || 1;
      const met = figures.latencyMs.p99 <= P99_TARGET_MS && figures.errors === 0 && figures.non2xx === 0;
      results.push({
        name,
        url,
        bytes,
        ...figures,
        writes: autocannonFigures(w),
        cpuMsPerRequest: { server: (used[0] * 1000) / total, postgres: (used[1] * 1000) / total },
        met,
      });
      say(
        `  ${name}: p50 ${ms(figures.latencyMs.p50)} ms, p99 ${ms(figures.latencyMs.p99)} ms, ` +
          `${figures.reqPerSec.toFixed(0)} req/s (+ ${w.requests.average.toFixed(0)} moves/s, p99 ${ms(w.latency.p99)} ms), ${bytes} B`,
      );
    }
  } finally {
    await server.stop();
    await endQueries(postgres.url).catch(() => {});
  }
  say('');
  printTable(
    [
      [
        'route',
        'p50 ms',
        'p99 ms',
        'max ms',
        'req/s',
        'moves/s',
        'cpu ms/req',
        'errors',
        `p99 ≤ ${P99_TARGET_MS}`,
      ],
      ...results.map((r) => [
        r.name,
        ms(r.latencyMs.p50),
        ms(r.latencyMs.p99),
        ms(r.latencyMs.max),
        r.reqPerSec.toFixed(0),
        r.writes.reqPerSec.toFixed(0),
        ms(r.cpuMsPerRequest.server + r.cpuMsPerRequest.postgres),
        String(r.non2xx + r.errors),
        r.met ? 'met' : 'MISSED',
      ]),
    ],
    say,
  );
  writeResults(resultsFile, {
    scale,
    counts,
    duration,
    warmup,
    cores: os.cpus().length,
    connections: CONNECTIONS,
    results,
  });
  say(`\nfigures: ${path.relative(root, resultsFile)}`);
  return results.every((r) => r.met);
}

await runBench(main);
