import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-app.ts';

// The lists sort `created_at DESC, id DESC`. An index declared with another NULLS order cannot
// serve that sort, and PostgreSQL then sorts the whole table on every request (that happened:
// 500,000 activity entries sorted per call). With sorting disabled, the plan must use the index.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

async function plan(query: string): Promise<string> {
  return database.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql.raw(`explain (costs off) ${query}`));
    return result.rows.map((r) => String(Object.values(r)[0])).join('\n');
  });
}

describe('list queries are served by their indexes, without a sort', () => {
  it.each([
    ['activities_created_idx', 'select id from activities order by created_at desc, id desc limit 100'],
    [
      'activities_product_created_idx',
      `select id from activities where product_id = '00000000-0000-4000-8000-000000000000' order by created_at desc, id desc limit 100`,
    ],
    ['products_created_idx', 'select id from products order by created_at desc, id desc limit 50'],
    ['tasks_created_idx', 'select id from tasks order by created_at desc, id desc limit 50'],
    // The task lists (modules/tasks): a product's tasks, and the board's status columns across
    // products, each on the first page and on a later one (the keyset cursor).
    [
      'tasks_product_created_idx',
      `select id from tasks where product_id = '00000000-0000-4000-8000-000000000000' order by created_at desc, id desc limit 51`,
    ],
    [
      'tasks_product_created_idx',
      `select id from tasks where product_id = '00000000-0000-4000-8000-000000000000'
         and (created_at, id) < ('2030-01-01T00:00:00.000000Z'::timestamptz, '00000000-0000-4000-8000-000000000001'::uuid)
       order by created_at desc, id desc limit 51`,
    ],
    [
      'tasks_status_created_idx',
      `select id from tasks where status = 'In Progress' order by created_at desc, id desc limit 51`,
    ],
    [
      'tasks_status_created_idx',
      `select id from tasks where status = 'In Progress'
         and (created_at, id) < ('2030-01-01T00:00:00.000000Z'::timestamptz, '00000000-0000-4000-8000-000000000001'::uuid)
       order by created_at desc, id desc limit 51`,
    ],
    // A product board's column (a state) in its manual order (issues 28, 29), first and later pages.
    [
      'tasks_product_state_rank_idx',
      `select id from tasks where product_id = '00000000-0000-4000-8000-000000000000'
         and state_id = '00000000-0000-4000-8000-000000000002' order by rank, id limit 201`,
    ],
    [
      'tasks_product_state_rank_idx',
      `select id from tasks where product_id = '00000000-0000-4000-8000-000000000000'
         and state_id = '00000000-0000-4000-8000-000000000002'
         and (rank, id) > ('a0' collate "C", '00000000-0000-4000-8000-000000000001'::uuid)
       order by rank, id limit 201`,
    ],
    [
      'products_status_rank_idx',
      `select id from products where status = 'testing' order by rank, id limit 1`,
    ],
    // The notifications list (modules/notifications): a user's, all or unread only, first and later pages.
    [
      'notifications_user_created_idx',
      `select id from notifications where user_id = '00000000-0000-4000-8000-000000000000' order by created_at desc, id desc limit 51`,
    ],
    [
      'notifications_user_created_idx',
      `select id from notifications where user_id = '00000000-0000-4000-8000-000000000000'
         and (created_at, id) < ('2030-01-01T00:00:00.000000Z'::timestamptz, '00000000-0000-4000-8000-000000000001'::uuid)
       order by created_at desc, id desc limit 51`,
    ],
    [
      'notifications_user_created_idx',
      `select id from notifications where user_id = '00000000-0000-4000-8000-000000000000' and read_at is null
       order by created_at desc, id desc limit 51`,
    ],
    // GET /team and the dashboard's team overview over every team (an admin).
    ['teams_created_idx', 'select id from teams order by created_at desc, id desc limit 200'],
    [
      'documents_product_created_idx',
      `select id from documents where product_id = '00000000-0000-4000-8000-000000000000' order by created_at desc, id desc limit 50`,
    ],
    // Account security (issue 18): an account's API tokens, and the audit log filtered by event or actor.
    [
      'api_tokens_user_idx',
      `select id from api_tokens where user_id = '00000000-0000-4000-8000-000000000000' order by created_at desc, id desc limit 50`,
    ],
    ['audit_log_action_idx', `select id from audit_log where action = 'export' order by id desc limit 51`],
    [
      'audit_log_actor_idx',
      `select id from audit_log where actor_id = '00000000-0000-4000-8000-000000000000' order by id desc limit 51`,
    ],
  ])('%s', async (index, query) => {
    const text = await plan(query);
    expect(text).toContain(index);
    expect(text).not.toMatch(/\bSort\b/);
    // A later page starts inside the index: the keyset is a bound of the scan, not a filter after it.
    if (query.includes('(created_at, id) <'))
      expect(text).toMatch(/Index Cond: .*ROW\(created_at, id\) < ROW/);
  });
});

describe('the unread badge is served by the partial index', () => {
  it('notifications_user_unread_idx', async () => {
    const text = await plan(
      `select count(*) from notifications where user_id = '00000000-0000-4000-8000-000000000000' and read_at is null`,
    );
    expect(text).toContain('notifications_user_unread_idx');
  });
});
