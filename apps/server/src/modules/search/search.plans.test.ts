import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/test-app.ts';
import { createSearchRepository } from './search.repository.ts';

// Every search query is served by its indexes (migration 0015), on tables big enough that the
// planner would rather scan them otherwise, with real statistics (VACUUM ANALYZE) and no planner switches.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const search = createSearchRepository();
const viewers = {
  admin: { id: '00000000-0000-4000-8000-0000000000a1', role: 'admin' as const, email: 'a@example.com' },
  member: { id: '00000000-0000-4000-8000-0000000000b2', role: 'member' as const, email: 'm@example.com' },
};

beforeAll(async () => {
  database = await createTestDatabase();
  const run = (query: string) => database.database.db.execute(sql.raw(query));
  await run(`insert into users (id, email, name, role) values
    ('${viewers.admin.id}', '${viewers.admin.email}', 'Ada Admin', 'admin'),
    ('${viewers.member.id}', '${viewers.member.email}', 'Mia Member', 'member')`);
  await run(`insert into users (email, name)
    select substr(md5(i::text), 1, 9) || '@' || (array['example.com', 'example.org', 'mail.test'])[1 + i % 3],
           initcap(substr(md5(i::text), 10, 7)) || ' ' || initcap(substr(md5(i::text), 17, 9))
    from generate_series(1, 20000) i`);
  // A hundred times the bench's 200 products and 20,000 people: below a few thousand rows, reading them all is
  // the better plan (and the planner rightly picks it).
  await run(`insert into products (name, description, team_size, start_date, target_end_date, created_by)
    select 'Product ' || substr(md5(i::text), 1, 8), 'About ' || md5(i::text), 3, '2026-01-01', '2026-12-31',
           case when i % 100 = 0 then '${viewers.member.id}'::uuid end
    from generate_series(1, 20000) i`);
  await run(`insert into tasks (product_id, title, description)
    select p.ids[1 + i % 20000], 'Task ' || substr(md5(i::text), 1, 12), 'Details ' || md5(i::text || 'd')
    from generate_series(1, 40000) i, (select array_agg(id) as ids from products) p`);
  await run(`insert into task_comments (task_id, body)
    select id, 'Note ' || md5(id::text) from tasks`);
  await run(`insert into events (title, description, date, type, status, product_id)
    select 'Event ' || substr(md5(i::text), 1, 10), 'Agenda ' || md5(i::text), '2026-06-01', 'meeting', 'Planning',
           p.ids[1 + i % 20000]
    from generate_series(1, 10000) i, (select array_agg(id) as ids from products) p`);
  // What autovacuum does: statistics, and the GIN indexes' pending lists (rows inserted after the
  // index was built) merged, whose size the planner otherwise charges to every index scan.
  await run('vacuum analyze');
}, 300_000);
afterAll(() => database.drop());

/** The plan of a query exactly as the repository builds it. */
async function plan(query: { toSQL: () => { sql: string; params: unknown[] } }) {
  const { sql: text, params } = query.toSQL();
  const client = await database.database.pool.connect();
  try {
    const result = await client.query(`explain (costs off) ${text}`, params);
    return result.rows.map((row) => String(row['QUERY PLAN'])).join('\n');
  } finally {
    client.release();
  }
}

// A rare word, a misspelt name and a part of a word (what the palette sends while typing).
const queries = ['zanzibar', 'Prodcut 3f2a', 'ask 9b1'];

describe.each(Object.entries(viewers))('search plans for an %s', (_, viewer) => {
  it.each(queries)('products for %j use products_search_idx and products_name_trgm_idx', async (q) => {
    const text = await plan(search.products(database.database.db, viewer, { q, limit: 5 }));
    expect(text).toContain('products_search_idx');
    expect(text).toContain('products_name_trgm_idx');
  });

  it.each(queries)('tasks for %j use tasks_search_idx and tasks_title_trgm_idx', async (q) => {
    const text = await plan(search.tasks(database.database.db, viewer, { q, limit: 5 }));
    expect(text).toContain('tasks_search_idx');
    expect(text).toContain('tasks_title_trgm_idx');
    expect(text).not.toMatch(/Seq Scan on tasks/);
  });

  it.each(queries)('comments for %j use task_comments_search_idx', async (q) => {
    const text = await plan(search.comments(database.database.db, viewer, { q, limit: 5 }));
    expect(text).toContain('task_comments_search_idx');
    expect(text).not.toMatch(/Seq Scan on (task_comments|tasks)/);
  });

  it.each(queries)('events for %j use events_search_idx and events_title_trgm_idx', async (q) => {
    const text = await plan(search.events(database.database.db, viewer, { q, limit: 5 }));
    expect(text).toContain('events_search_idx');
    expect(text).toContain('events_title_trgm_idx');
  });
});

describe('people search plans', () => {
  it.each(['puffin', 'Bartholomw', 'c4ca4238a@example.com'])(
    'people for %j use the name and e-mail trigram indexes',
    async (q) => {
      const text = await plan(search.people(database.database.db, { q, limit: 5 }));
      expect(text).toContain('users_name_trgm_idx');
      expect(text).toContain('users_email_trgm_idx');
    },
  );
});
