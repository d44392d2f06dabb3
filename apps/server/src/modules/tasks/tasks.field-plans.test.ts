import { TaskQuerySchema } from '@shipyard/shared';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/test-app.ts';
import { createTaskListing } from './tasks.listing.ts';

// Custom field filters (issue 29, docs/decisions/037-custom-fields.md) at the bench's scale: 50,000
// tasks in 200 products, each with a select, a number and a person field, a member who sees a
// quarter of the products through teams. Equality (`fields @> …`) reads the GIN index
// tasks_fields_idx or the product index; no filter scans `tasks`.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const viewers = {
  admin: { id: '00000000-0000-4000-8000-0000000000a1', role: 'admin' as const },
  member: { id: '00000000-0000-4000-8000-0000000000b2', role: 'member' as const },
};
/** The fields of one product the member sees (read once seeded). */
let fields = { severity: '', high: '', estimate: '', owner: '', product: '' };

beforeAll(async () => {
  database = await createTestDatabase();
  const run = (query: string) => database.database.db.execute(sql.raw(query));
  await run(`insert into users (id, email, name, role) values
    ('${viewers.admin.id}', 'a@example.com', 'Ada Admin', 'admin'),
    ('${viewers.member.id}', 'm@example.com', 'Mia Member', 'member')`);
  await run(
    `insert into users (email, name) select 'p' || i || '@example.com', 'Person ' || i from generate_series(1, 59) i`,
  );
  await run(`insert into products (name, description, team_size, start_date, target_end_date)
    select 'Product ' || i, 'About ' || i, 3, '2026-01-01', '2026-12-31' from generate_series(1, 200) i`);
  await run(`insert into teams (product_id, name, team_type) select id, 'Team', 'development' from products`);
  await run(`insert into team_members (team_id, user_id, status, joined_at)
    select t.id, '${viewers.member.id}', 'active', now()
    from (select id, row_number() over (order by id) as n from teams) t where t.n % 4 = 0`);
  // Severity (select of 4), Estimate (number) and Owner (person) in every product.
  await run(`insert into custom_fields (product_id, name, type, options, position)
    select p.id, f.name, f.type, f.options::jsonb, f.position from products p,
      (values ('Severity', 'select', '[{"id":"s1","name":"Low","color":"#22c55e"},{"id":"s2","name":"Medium","color":"#eab308"},{"id":"s3","name":"High","color":"#f97316"},{"id":"s4","name":"Critical","color":"#ef4444"}]', 0),
              ('Estimate', 'number', '[]', 1), ('Owner', 'person', '[]', 2)) f(name, type, options, position)`);
  await run(`insert into tasks (product_id, title, status, priority, created_by, created_at, fields)
    select f.product_id, 'Task ' || i, (array['Pending', 'In Progress', 'Completed'])[1 + i % 3], 'medium',
      u.ids[1 + i % 61], now() - (i || ' minutes')::interval,
      jsonb_strip_nulls(jsonb_build_object(
        f.severity, case when i % 5 > 0 then 's' || (1 + i % 4) end,
        f.estimate, case when i % 3 > 0 then i % 21 end,
        f.owner, case when i % 7 = 0 then u.ids[1 + i % 61]::text end))
    from generate_series(1, 50000) i,
      (select array_agg(id order by id) as ids from products) p,
      (select array_agg(id order by id) as ids from users) u,
      lateral (select product_id,
          max(id::text) filter (where name = 'Severity') as severity,
          max(id::text) filter (where name = 'Estimate') as estimate,
          max(id::text) filter (where name = 'Owner') as owner
        from custom_fields where product_id = p.ids[1 + i % 200] group by product_id) f`);
  const { rows } = await database.database.db.execute<{
    product: string;
    severity: string;
    estimate: string;
    owner: string;
  }>(
    sql.raw(`select t.product_id as product,
        (select id from custom_fields where product_id = t.product_id and name = 'Severity') as severity,
        (select id from custom_fields where product_id = t.product_id and name = 'Estimate') as estimate,
        (select id from custom_fields where product_id = t.product_id and name = 'Owner') as owner
      from teams t join team_members m on m.team_id = t.id where m.user_id = '${viewers.member.id}' limit 1`),
  );
  const row = rows[0];
  if (!row) throw new Error('the member sees no product');
  fields = { ...row, high: 's3' };
  await run('vacuum analyze');
}, 300_000);
afterAll(() => database.drop());

async function plan(statement: SQLWrapper) {
  const { rows } = await database.database.db.execute(sql`explain (costs off) ${statement}`);
  return rows.map((r) => String(r['QUERY PLAN'])).join('\n');
}

/** The counts of every product the list shows, as its first page after a write to each reads them. */
const sharesOf = (made: { share: (ids: SQL) => SQL; seen?: { ids: string[] } | undefined }) =>
  // As a tally sends it: the products to recount come from a subquery, unknown to the planner.
  made.share(sql`array(select unnest(${sql.param(made.seen?.ids ?? [])}::uuid[]))`);

function statementsOf(
  viewer: (typeof viewers)[keyof typeof viewers],
  query: Record<string, string | string[]>,
) {
  const parsed = TaskQuerySchema.parse(query);
  return createTaskListing(database.database.db, { now: () => new Date('2030-06-15T12:00:00Z') }).statements({
    ...parsed,
    me: viewer,
    visibleTo: viewer,
  });
}

const FILTERS: Array<[string, () => Record<string, string | string[]>]> = [
  ['a select equals an option', () => ({ field: `${fields.severity}:is:High` })],
  ['a select is one of two options', () => ({ field: `${fields.severity}:is:Low,Critical` })],
  ['a number equals', () => ({ field: `${fields.estimate}:is:5` })],
  ['a number range', () => ({ field: [`${fields.estimate}:gte:3`, `${fields.estimate}:lte:8`] })],
  ['a person is set', () => ({ field: `${fields.owner}:set` })],
  ['a select is empty', () => ({ field: `${fields.severity}:empty` })],
  [
    'a select in the product’s list',
    () => ({ field: `${fields.severity}:is:High`, productId: fields.product }),
  ],
];

describe('custom field query plans at 50,000 tasks', () => {
  it.each(FILTERS)(
    '%s: a member’s and an admin’s first page and count never scan tasks',
    async (_, query) => {
      for (const viewer of Object.values(viewers)) {
        const made = await statementsOf(viewer, query());
        for (const statement of [made.page, sharesOf(made)]) {
          const text = await plan(statement);
          expect(text, `${viewer.role}\n${text}`).toMatch(/Index/);
          expect(text, `${viewer.role}\n${text}`).not.toMatch(/Seq Scan on tasks/);
        }
      }
    },
  );

  it('an admin’s select filter across products reads the GIN index tasks_fields_idx', async () => {
    const made = await statementsOf(viewers.admin, { field: `${fields.severity}:is:High` });
    const text = await plan(sharesOf(made));
    expect(text, text).toMatch(/tasks_fields_idx/);
  });

  it('sorting and grouping by a field never scan tasks for a member', async () => {
    for (const query of <Array<Record<string, string>>>[
      { sort: 'field', sortField: fields.estimate },
      { group: 'field', groupField: fields.severity },
      { group: 'field', groupField: fields.owner, sort: 'field', sortField: fields.estimate, order: 'desc' },
    ]) {
      const made = await statementsOf(viewers.member, query);
      for (const statement of [made.page, sharesOf(made)]) {
        const text = await plan(statement);
        expect(text, text).not.toMatch(/Seq Scan on tasks/);
      }
    }
  });
});
