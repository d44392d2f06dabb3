// Task import benchmark (issue 20, docs/decisions/021-task-import.md): POST
// /api/tasks/{productId}/import/csv of a 5,000-row file (labels and three checklist items per
// row, one of them ticked), timed with each way of keeping the task's checklist counters:
//   row        the ROW trigger of migration 0010 (one UPDATE of tasks per item), re-created here
//              for the run: what main did before migration 0016;
//   statement  the STATEMENT triggers of migration 0016 (one UPDATE per statement);
//   none       the same file without its checklist column (the floor).
// The variants take turns, `--runs` times each, on one throwaway bundled PostgreSQL and one API
// server process, so they share the machine's load. After each import the counters are checked
// (every task 1/3) and the tasks are deleted (their items go by cascade: that delete is timed too).
//
// Usage (from the repository root): node --import tsx bench/import.mjs [--rows 5000] [--runs 3]
//   [--server auto|dist|source] [--cold]
// Figures go to bench/results/import.json. Exit 1 when an import fails or a counter is wrong.

import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  OPTIONS,
  onCleanup,
  postgresCpu,
  root,
  runBench,
  serverCommand,
  signIn,
  startBenchDatabase,
  startServer,
  writeResults,
} from './lib/server.mjs';
import { BENCH_ADMIN, seed } from './seed.mjs';

const resultsFile = path.join(root, 'bench/results/import.json');
const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '3' },
    server: OPTIONS.server,
    // Skip the warm-up: a fresh database's first imports (measured: no slower than warmed ones).
    cold: { type: 'boolean', default: false },
  },
});
const rows = Number(args.rows);
const runs = Number(args.runs);
if (!(rows >= 1 && rows <= 5000) || !(runs >= 1 && runs <= 19)) {
  console.error(
    'usage: node --import tsx bench/import.mjs [--rows 1..5000] [--runs 1..19] [--server auto|dist|source]',
  );
  process.exit(2);
}
const say = (msg) => console.log(msg);

/** The file: title, description, status, priority, labels, and (unless `withChecklist` is false) a checklist. */
function csvFile(withChecklist, n = rows) {
  const lines = [`Title,Description,Status,Priority,Labels${withChecklist ? ',Checklist' : ''}`];
  for (let i = 1; i <= n; i++) {
    const base = `Imported task ${i},"From the spreadsheet, row ${i + 1}",Pending,Medium,"Bench, Import"`;
    lines.push(withChecklist ? `${base},[x] Write the spec; Build it; Ship it` : base);
  }
  return lines.join('\n');
}

// 0010's row trigger under another name, disabled until the `row` variant turns it on.
const ROW_TRIGGER = `
CREATE FUNCTION bench_task_checklist_counts_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE tasks SET checklist_total = checklist_total - 1,
                     checklist_done = checklist_done - (CASE WHEN OLD.done THEN 1 ELSE 0 END)
     WHERE id = OLD.task_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE tasks SET checklist_total = checklist_total + 1,
                     checklist_done = checklist_done + (CASE WHEN NEW.done THEN 1 ELSE 0 END)
     WHERE id = NEW.task_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER bench_task_checklist_items_counts_row
  AFTER INSERT OR DELETE OR UPDATE OF done, task_id ON task_checklist_items
  FOR EACH ROW EXECUTE FUNCTION bench_task_checklist_counts_row();
ALTER TABLE task_checklist_items DISABLE TRIGGER bench_task_checklist_items_counts_row;`;
const STATEMENT_TRIGGERS = ['insert', 'update', 'delete', 'truncate'].map(
  (e) => `task_checklist_items_counts_${e}`,
);

async function useTriggers(client, kind) {
  const on = kind === 'row' ? ['bench_task_checklist_items_counts_row'] : STATEMENT_TRIGGERS;
  const off = kind === 'row' ? STATEMENT_TRIGGERS : ['bench_task_checklist_items_counts_row'];
  for (const t of off) await client.query(`ALTER TABLE task_checklist_items DISABLE TRIGGER ${t}`);
  for (const t of on) await client.query(`ALTER TABLE task_checklist_items ENABLE TRIGGER ${t}`);
}

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

async function main() {
  const command = serverCommand(args.server);
  const { tmp, postgres, pgDir, runMigrations } = await startBenchDatabase('import', command, say);
  await runMigrations(postgres.url);
  await seed(postgres.url, { products: 1, tasks: 0, activities: 0, users: 3, membersPerTeam: 1 });
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  onCleanup(() => client.end());
  await client.query(ROW_TRIGGER);
  const productId = (await client.query('SELECT id FROM products LIMIT 1')).rows[0].id;

  const server = await startServer(command, { databaseUrl: postgres.url, dataDir: path.join(tmp, 'server') });
  const headers = {
    authorization: `Bearer ${await signIn(server.origin, BENCH_ADMIN)}`,
    'content-type': 'application/json',
  };
  const files = { with: csvFile(true), without: csvFile(false) };
  say(`file: ${rows} rows, ${(Buffer.byteLength(files.with) / 1000).toFixed(0)} kB with checklists`);

  // A warm-up import of the full file, not counted (the server's first import pays for loading and
  // compiling its code), then ANALYZE, as a database in use would have its statistics.
  if (!args.cold) {
    const warm = await fetch(`${server.origin}/api/tasks/${productId}/import/csv`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ csv: files.with }),
    });
    if (warm.status !== 200) throw new Error(`warm-up import: ${warm.status} ${await warm.text()}`);
    await client.query('ANALYZE');
    await client.query('DELETE FROM tasks WHERE product_id = $1', [productId]);
  }

  const variants = ['row', 'statement', 'none'];
  const figures = Object.fromEntries(
    variants.map((v) => [v, { importMs: [], deleteMs: [], postgresCpuS: [] }]),
  );
  let failed = false;
  for (let run = 1; run <= runs; run++) {
    // Each run starts with another variant, so that none always follows the same one.
    const order = variants.map((_, i) => variants[(i + run - 1) % variants.length]);
    for (const variant of order) {
      await useTriggers(client, variant === 'row' ? 'row' : 'statement');
      const csv = variant === 'none' ? files.without : files.with;
      const pgBefore = postgresCpu(pgDir);
      const started = performance.now();
      const res = await fetch(`${server.origin}/api/tasks/${productId}/import/csv`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ csv }),
      });
      const importMs = performance.now() - started;
      const postgresCpuS = postgresCpu(pgDir) - pgBefore;
      const body = await res.json();
      if (res.status !== 200 || body.created !== rows) {
        say(`  ${variant}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
        failed = true;
        continue;
      }
      const want = variant === 'none' ? [0, 0] : [3, 1];
      const wrong = (
        await client.query(
          'SELECT count(*)::int AS n FROM tasks WHERE product_id = $1 AND (checklist_total <> $2 OR checklist_done <> $3)',
          [productId, ...want],
        )
      ).rows[0].n;
      if (wrong > 0) {
        say(`  ${variant}: ${wrong} tasks with wrong counters`);
        failed = true;
      }
      const deleteStarted = performance.now();
      await client.query('DELETE FROM tasks WHERE product_id = $1', [productId]);
      const deleteMs = performance.now() - deleteStarted;
      figures[variant].importMs.push(importMs);
      figures[variant].deleteMs.push(deleteMs);
      figures[variant].postgresCpuS.push(postgresCpuS);
      say(
        `  run ${run} ${variant.padEnd(9)}: import ${(importMs / 1000).toFixed(2)} s (CPU: PostgreSQL ` +
          `${postgresCpuS.toFixed(2)} s), delete ${(deleteMs / 1000).toFixed(2)} s`,
      );
    }
  }
  await useTriggers(client, 'statement');
  const summary = Object.fromEntries(
    variants.map((v) => [
      v,
      {
        ...figures[v],
        importMedianMs: median(figures[v].importMs),
        postgresCpuMedianS: median(figures[v].postgresCpuS),
        deleteMedianMs: median(figures[v].deleteMs),
      },
    ]),
  );
  for (const v of variants) {
    say(
      `${v.padEnd(9)}: import median ${(summary[v].importMedianMs / 1000).toFixed(2)} s ` +
        `(CPU: PostgreSQL ${summary[v].postgresCpuMedianS.toFixed(2)} s), ` +
        `delete median ${(summary[v].deleteMedianMs / 1000).toFixed(2)} s`,
    );
  }
  writeResults(resultsFile, {
    date: new Date().toISOString(),
    rows,
    runs,
    cores: os.cpus().length,
    loadavg: os.loadavg(),
    summary,
  });
  say(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; figures in ${path.relative(root, resultsFile)}`,
  );
  if (failed) process.exitCode = 1;
}

await runBench(main, { stack: true });
