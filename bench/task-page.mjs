// Task page benchmark (issue 15): the page's two requests — GET /api/tasks/{id}/detail (everything
// the page shows but its conversation) and GET /api/tasks/{id}/comments (the conversation's newest
// page) — at 1 and 32 connections, on a task with 30 checklist items, 1,000 comments and 60 history
// entries, in a workspace seeded as bench/http.mjs seeds it; then, in Chromium against the
// production build, the time from a click on the task in the /tasks list to the page's first
// screen (its title, checklist and newest comments drawn), and the requests the page made.
// The checklist, comments and history are inserted directly in SQL. A throwaway bundled
// PostgreSQL is started in a temp DATA_DIR; the API server runs as its own process; bench-member
// (who sees the task's product through a team) signs in and autocannon drives the call.
//
// Usage (from the repository root): node --import tsx bench/task-page.mjs [--scale small|full]
//   [--server auto|dist|source] [--duration 10] [--warmup 2]
// Targets: p99 < 25 ms at 32 connections, no error or non-2xx answer; first screen within
// 300 ms of the click, with at most two API requests (exit 1 otherwise).
// Figures go to bench/results/task-page.json.

import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { chromiumOptions } from './lib/chromium.mjs';
import {
  autocannonFigures,
  OPTIONS,
  QUIET_CORES,
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

const P99_TARGET_MS = 25;
const FIRST_SCREEN_TARGET_MS = 300;
const BROWSER_RUNS = 7;
const CHECKLIST_ITEMS = 30;
const COMMENTS = 1_000;
const HISTORY = 60;
const CONNECTIONS = [1, 32];
const resultsFile = path.join(root, 'bench/results/task-page.json');

const { values: args } = parseArgs({
  options: OPTIONS,
});
const scale = SCALES[args.scale];
const duration = Number(args.duration);
const warmup = Number(args.warmup);
if (!scale || !['auto', 'dist', 'source'].includes(args.server) || !(duration > 0) || !(warmup >= 0)) {
  console.error(
    'usage: node --import tsx bench/task-page.mjs [--scale full|small] [--server auto|dist|source]',
  );
  console.error('  [--duration 10] [--warmup 2] [--wait-quiet 60]');
  process.exit(2);
}
const say = (msg) => console.log(msg);
const ms = (n) => (n === undefined ? '-' : n.toFixed(n < 10 ? 2 : 1));

/** The task's checklist, comments and history, written the way the app would store them. */
async function furnish(url, taskId, memberEmail) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const {
      rows: [member],
    } = await client.query('SELECT id FROM users WHERE email = $1', [memberEmail]);
    await client.query(
      `INSERT INTO task_checklist_items (task_id, title, done, position, created_by)
       SELECT $1, 'Checklist item ' || n, n % 3 = 0, n, $2 FROM generate_series(1, $3) AS n`,
      [taskId, member.id, CHECKLIST_ITEMS],
    );
    await client.query(
      `INSERT INTO task_comments (task_id, author_id, body, created_at, updated_at)
       SELECT $1, $2, 'Comment ' || n || E': **looks good**, see [the spec](https://example.com/spec)\n\n- [ ] follow up',
              now() - (($3 - n) || ' minutes')::interval, now() - (($3 - n) || ' minutes')::interval
       FROM generate_series(1, $3) AS n`,
      [taskId, member.id, COMMENTS],
    );
    await client.query(
      `INSERT INTO activities (action_type, description, metadata, product_id, task_id, performed_by, created_at)
       SELECT 'task_updated', 'Updated task "bench": title', jsonb_build_object('taskId', t.id),
              t.product_id, t.id, $2, now() - ((${HISTORY} - n) || ' hours')::interval
       FROM tasks t CROSS JOIN generate_series(1, ${HISTORY}) AS n WHERE t.id = $1`,
      [taskId, member.id],
    );
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

async function measure(url, headers, connections) {
  const options = { url, connections, headers, timeout: 10 };
  await autocannon({ ...options, duration: warmup });
  const r = await autocannon({ ...options, duration });
  return {
    connections,
    ...autocannonFigures(r),
  };
}

/**
 * Chromium on the production build, BROWSER_RUNS times in a fresh browser context (nothing
 * cached, as for someone opening the task for the first time): the /tasks list filtered to the
 * task, then a click on its title until the panel shows the title, the checklist and the newest
 * comments. Also the API requests the page made after the click.
 */
async function firstScreen(origin, token, taskId) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch(chromiumOptions());
  try {
    const times = [];
    let requests = [];
    for (let run = 0; run < BROWSER_RUNS; run++) {
      // A fresh context per run: nothing cached, as for someone opening the task for the first time.
      const context = await browser.newContext({ baseURL: origin });
      await context.addCookies([
        { name: 'sec-prd-token', value: token, url: origin, httpOnly: true, sameSite: 'Strict' },
      ]);
      const page = await context.newPage();
      const task = await (await page.request.get(`/api/tasks/${taskId}`)).json();
      await page.goto(`/tasks?search=${encodeURIComponent(task.title)}`);
      const link = page.getByRole('link', { name: task.title, exact: true }).first();
      await link.waitFor();
      const seen = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith('/api/')) seen.push(url.pathname);
      });
      const started = Date.now();
      await link.click();
      const panel = page.getByRole('dialog');
      await panel.getByRole('heading', { level: 1, name: task.title }).waitFor();
      await panel.getByRole('list', { name: 'Checklist' }).waitFor();
      await panel.getByRole('list', { name: 'Comments' }).getByRole('listitem').first().waitFor();
      times.push(Date.now() - started);
      requests = seen;
      await context.close();
    }
    const sorted = [...times].sort((a, b) => a - b);
    return { runs: times, medianMs: sorted[Math.floor(sorted.length / 2)], maxMs: sorted.at(-1), requests };
  } finally {
    await browser.close();
  }
}

async function main() {
  const command = serverCommand(args.server);
  const { tmp, postgres, runMigrations } = await startBenchDatabase('task-page', command, say);
  await runMigrations(postgres.url);
  say(`seeding: ${scale.products} products, ${scale.tasks} tasks, ${scale.activities} activities`);
  const seeded = await seed(postgres.url, scale);
  say(`  ${seeded.seconds.toFixed(1)} s`);

  const server = await startServer(command, { databaseUrl: postgres.url, dataDir: path.join(tmp, 'server') });
  try {
    const headers = { authorization: `Bearer ${await signIn(server.origin, BENCH_MEMBER)}` };
    const list = await fetch(`${server.origin}/api/tasks/all?limit=1`, { headers });
    const taskId = list.ok ? (await list.json()).data?.[0]?.id : undefined;
    if (!taskId) throw new Error(`GET /api/tasks/all answered ${list.status} without a task`);
    await furnish(postgres.url, taskId, BENCH_MEMBER);
    say(
      `task ${taskId}: ${CHECKLIST_ITEMS} checklist items, ${COMMENTS} comments, ${HISTORY} history entries`,
    );

    // The page's two requests. Not a target: the cheapest signed-in call (the session lookup alone), measured the same way,
    // shows what the stack and the machine reach at all while this runs.
    const CALLS = [
      { name: 'floor: user/me', path: '/api/user/me', reference: true },
      // Not a target either: the task alone (GET /tasks/{id}), to tell the history's share of the detail.
      { name: 'task alone', path: `/api/tasks/${taskId}`, reference: true },
      { name: 'detail', path: `/api/tasks/${taskId}/detail` },
      { name: 'comments (newest page)', path: `/api/tasks/${taskId}/comments` },
    ];
    const results = [];
    for (const call of CALLS) {
      const probe = await fetch(server.origin + call.path, { headers });
      const body = await probe.text();
      if (probe.status !== 200)
        throw new Error(`${call.path} answered ${probe.status}: ${body.slice(0, 200)}`);
      for (const connections of CONNECTIONS) {
        await waitForQuiet(Number(args['wait-quiet']), say);
        const figures = await measure(server.origin + call.path, headers, connections);
        say(
          `  ${call.name} @${connections}: ${ms(figures.reqPerSec)} req/s, p50 ${ms(figures.latencyMs.p50)} ms, ` +
            `p99 ${ms(figures.latencyMs.p99)} ms, ${Buffer.byteLength(body)} bytes`,
        );
        results.push({ ...call, bytes: Buffer.byteLength(body), ...figures });
      }
    }

    await waitForQuiet(Number(args['wait-quiet']), say);
    const browser = await firstScreen(server.origin, headers.authorization.slice('Bearer '.length), taskId);
    say(
      `  first screen after a click in /tasks: median ${ms(browser.medianMs)} ms, max ${ms(browser.maxMs)} ms ` +
        `over ${BROWSER_RUNS} runs; API requests: ${browser.requests.join(', ')}`,
    );

    const failures = results
      .filter((r) => r.connections === 32 && !r.reference)
      .filter((r) => r.latencyMs.p99 >= P99_TARGET_MS || r.non2xx > 0 || r.errors > 0)
      .map((r) => `${r.name} p99 ${ms(r.latencyMs.p99)} ms, ${r.non2xx} non-2xx, ${r.errors} errors`);
    if (browser.medianMs > FIRST_SCREEN_TARGET_MS)
      failures.push(`first screen ${ms(browser.medianMs)} ms (target ${FIRST_SCREEN_TARGET_MS} ms)`);
    if (browser.requests.length > 2) failures.push(`the page made ${browser.requests.length} API requests`);
    writeResults(resultsFile, {
      when: new Date().toISOString(),
      scale: args.scale,
      cores: os.cpus().length,
      quietCores: QUIET_CORES,
      task: { checklistItems: CHECKLIST_ITEMS, comments: COMMENTS, history: HISTORY },
      p99TargetMs: P99_TARGET_MS,
      results,
      firstScreen: { targetMs: FIRST_SCREEN_TARGET_MS, ...browser },
      failures,
    });
    say(
      failures.length
        ? `\nMISSED: ${failures.join('; ')}`
        : `\nmet: p99 < ${P99_TARGET_MS} ms at 32 connections`,
    );
    return failures.length === 0;
  } finally {
    await server.stop();
  }
}

await runBench(main);
