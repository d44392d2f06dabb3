// The SQL of bench/seed.mjs: every row is generated inside PostgreSQL (generate_series +
// INSERT … SELECT), one statement per table.

import { BENCH_ADMIN, BENCH_MEMBER } from './accounts.mjs';

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

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/**
 * A manual-order key (issue 28, lib/rank.ts) for row n < 238,328, which the insert trigger would
 * set but the seed runs with triggers off: a fractional-indexing integer key 'c' + three base-62
 * digits, distinct and in n's order.
 */
const rankOf = (n) =>
  `'c' || ${[238_328 / 62, 62, 1]
    .map((unit) => `substr('${BASE62}', 1 + ((${n}) / ${unit}) % 62, 1)`)
    .join(' || ')}`;

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
      // With triggers off (replica mode), keys, task numbers and ranks (issue 28) are written here:
      // product i is B<i>, and its k-th task (j = k * P + i) is B<i>-<k + 1>.
      `INSERT INTO products (id, name, description, status, priority, team_size, start_date, target_end_date,
                           created_by, created_at, updated_at, key, task_counter, rank)
     SELECT ${id('p', 'i')}, format('Bench product %s', i), format('Generated product number %s.', i),
            ${pick(PRODUCT_STATUSES, 'i')}, ${pick(PRIORITIES, 'i')}, 1 + i % 12,
            created::date, created::date + (30 + i % 300), ${id('u', creatorIdx('i'))}, created, created,
            format('B%s', i), ${Math.ceil(T / P)}, ${rankOf('i')}
     FROM (SELECT i, now() - (365.0 * (${P} - i) / ${P}) * ${day} - random() * ${day} AS created
           FROM generate_series(0, ${P - 1}) i) s`,
    ],

    // Seven workflow states per product (issue 29; the products trigger that makes three is off
    // here): Backlog, Todo; In progress, In review, Blocked; Done, Cancelled — state k of product i
    // is ws i*7 + k. Tasks of a status spread over that status's states.
    [
      'workflow_states',
      `INSERT INTO workflow_states (id, product_id, name, color, category, position, created_at, updated_at)
     SELECT ${id('ws', 'i * 7 + k')}, ${id('p', 'i')}, d.name, d.color, d.category, k, p.created_at, p.created_at
     FROM generate_series(0, ${P - 1}) i
     CROSS JOIN (VALUES (0, 'Backlog', '#64748b', 'Pending'), (1, 'Todo', '#6366f1', 'Pending'),
                        (2, 'In progress', '#3b82f6', 'In Progress'), (3, 'In review', '#a855f7', 'In Progress'),
                        (4, 'Blocked', '#ef4444', 'In Progress'), (5, 'Done', '#22c55e', 'Completed'),
                        (6, 'Cancelled', '#eab308', 'Completed')) AS d(k, name, color, category)
     JOIN products p ON p.id = ${id('p', 'i')}`,
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
                        due_date, completed_at, created_by, created_at, updated_at, number, key, rank, state_id)
     SELECT ${id('t', 'j')}, ${id('p', `j % ${P}`)}, format('Bench task %s', j), 'Generated task.',
            status, ${pick(TASK_PRIORITIES, 'j')}, ${pick(PRODUCT_STATUSES, 'j / 7')},
            CASE WHEN r_team < 0.9 THEN ${id('team', `(j % ${P}) * ${TPP} + floor(r_team / 0.9 * ${TPP})::int`)} END,
            CASE WHEN r_user < 0.95 THEN ${id('u', `floor(r_user / 0.95 * ${U})::int`)} END,
            (created + (7 + j % 60) * ${day})::date, completed, ${id('u', creatorIdx(`j % ${P}`))},
            created, coalesce(completed, created), j / ${P} + 1, format('B%s-%s', j % ${P}, j / ${P} + 1),
            ${rankOf('j')},
            ${id('ws', `(j % ${P}) * 7 + CASE status WHEN 'Pending' THEN j % 2 WHEN 'In Progress' THEN 2 + j % 3 ELSE 5 + j % 2 END`)}
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
    ...(o.fieldsPerProduct > 0 ? customFieldStatements(o, id, creatorIdx) : []),
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

/** The custom field types in the order fields are made (issue 29). */
const FIELD_TYPES = ['select', 'number', 'text', 'date', 'checkbox', 'multi_select', 'person', 'url'];
const FIELD_OPTIONS = JSON.stringify(
  ['Low', 'Medium', 'High', 'Critical'].map((name, i) => ({ id: `o${i + 1}`, name, color: '#3b82f6' })),
);

/**
 * Issue 29: `fieldsPerProduct` custom fields in every product (field k of product i is
 * field i*F+k, of type FIELD_TYPES[k % 8]; field 0 "Severity", field 1 "Estimate"), and on two
 * tasks in three a value of each (an option o1–o4, 0–20, text, a 2026 day, ticked, the product's
 * creator, a link).
 */
function customFieldStatements(o, id, creatorIdx) {
  const P = o.products;
  const F = o.fieldsPerProduct;
  const types = `(ARRAY['${FIELD_TYPES.join("','")}'])`;
  return [
    [
      'custom_fields',
      `INSERT INTO custom_fields (id, product_id, name, type, options, show_on_cards, position)
     SELECT ${id('field', `i * ${F} + k`)}, ${id('p', 'i')},
            CASE k WHEN 0 THEN 'Severity' WHEN 1 THEN 'Estimate' ELSE 'Field ' || k END,
            ${types}[1 + k % 8],
            CASE WHEN k % 8 IN (0, 5) THEN '${FIELD_OPTIONS}'::jsonb ELSE '[]'::jsonb END, k < 3, k
     FROM generate_series(0, ${P - 1}) i CROSS JOIN generate_series(0, ${F - 1}) k`,
    ],
    [
      'task field values',
      `UPDATE tasks SET fields = v.fields FROM (
       SELECT ${id('t', 'j')} AS task_id, jsonb_object_agg((${id('field', `(j % ${P}) * ${F} + k`)})::text,
         CASE k % 8
           WHEN 0 THEN to_jsonb('o' || (1 + j % 4))
           WHEN 1 THEN to_jsonb(j % 21)
           WHEN 2 THEN to_jsonb('Customer ' || (j % 50))
           WHEN 3 THEN to_jsonb(to_char(date '2026-01-01' + (j % 365), 'YYYY-MM-DD'))
           WHEN 4 THEN 'true'::jsonb
           WHEN 5 THEN jsonb_build_array('o' || (1 + j % 4))
           WHEN 6 THEN to_jsonb((${id('u', creatorIdx(`j % ${P}`))})::text)
           ELSE to_jsonb('https://example.com/' || j)
         END) AS fields
       FROM generate_series(0, ${o.tasks - 1}) j CROSS JOIN generate_series(0, ${F - 1}) k
       WHERE (j + k) % 3 <> 0 GROUP BY j) v
     WHERE tasks.id = v.task_id`,
    ],
  ];
}
