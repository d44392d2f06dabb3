import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProduct, createTask, createUser } from '../../testing/factories.ts';
import { createTestDatabase } from '../../testing/test-app.ts';

// The counters tasks.checklist_total / checklist_done are kept by statement-level triggers with
// transition tables (migration 0016): whatever a statement does to the items of several tasks,
// each task ends with exact counts. Plain SQL here: the imports and any future code path write
// items in bulk, not only the checklist routes.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;
let productId: string;
let a: string;
let b: string;
let c: string;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = database.database.pool;
  const ctx = { db: database.database.db };
  const user = await createUser(ctx);
  productId = (await createProduct(ctx, user.id)).id;
});
afterAll(() => database.drop());

beforeEach(async () => {
  const ctx = { db: database.database.db };
  [a, b, c] = (await Promise.all(
    [1, 2, 3].map(async (n) => (await createTask(ctx, productId, { title: `T${n}` })).id),
  )) as [string, string, string];
});

/** Each task's counters next to what its items really are. */
async function counters(...ids: string[]) {
  const { rows } = await pool.query(
    `select t.id, t.checklist_total as total, t.checklist_done as done,
            (select count(*)::int from task_checklist_items i where i.task_id = t.id) as "realTotal",
            (select count(*)::int from task_checklist_items i where i.task_id = t.id and i.done) as "realDone"
       from tasks t where t.id = any($1::uuid[])`,
    [ids],
  );
  return ids.map((id) => {
    const row = rows.find((r) => r.id === id);
    expect(row, `task ${id}`).toBeDefined();
    expect([row.total, row.done], 'counters match the items').toEqual([row.realTotal, row.realDone]);
    return { total: row.total as number, done: row.done as number };
  });
}

/** `n` items on each of `tasks`, every other one ticked, in ONE statement. */
async function insertItems(tasks: string[], n: number) {
  await pool.query(
    `insert into task_checklist_items (task_id, title, done, position)
     select t, 'Item ' || k, k % 2 = 0, k * 1024 from unnest($1::uuid[]) t, generate_series(1, $2) k`,
    [tasks, n],
  );
}

describe('checklist counters under multi-row statements', () => {
  it('counts one INSERT of items of several tasks exactly', async () => {
    await insertItems([a, b, c], 5);
    await insertItems([a], 2);
    expect(await counters(a, b, c)).toEqual([
      { total: 7, done: 3 },
      { total: 5, done: 2 },
      { total: 5, done: 2 },
    ]);
  });

  it('counts one UPDATE ticking, unticking and renaming items of several tasks', async () => {
    await insertItems([a, b, c], 4); // 2 of 4 done on each
    await pool.query('update task_checklist_items set done = not done where task_id = any($1)', [[a, b]]);
    await pool.query(`update task_checklist_items set done = true where task_id = $1`, [c]);
    await pool.query(`update task_checklist_items set title = title || '!', position = position + 1`);
    expect(await counters(a, b, c)).toEqual([
      { total: 4, done: 2 },
      { total: 4, done: 2 },
      { total: 4, done: 4 },
    ]);
    await pool.query(
      `update task_checklist_items set done = false where task_id = any($1) and position > 3000`,
      [[a, c]],
    );
    expect(await counters(a, c)).toEqual([
      { total: 4, done: 1 },
      { total: 4, done: 2 },
    ]);
  });

  it('moves items to another task: minus on the old one, plus on the new one', async () => {
    await insertItems([a, b], 4);
    // Every item of a to b, and b's first two to c, in one statement.
    await pool.query(
      `update task_checklist_items set task_id = case when task_id = $1 then $2::uuid else $3::uuid end
        where task_id = $1 or (task_id = $2 and position <= 2048)`,
      [a, b, c],
    );
    expect(await counters(a, b, c)).toEqual([
      { total: 0, done: 0 },
      { total: 6, done: 3 },
      { total: 2, done: 1 },
    ]);
  });

  it('counts one DELETE of items of several tasks, and survives the cascade of a task deletion', async () => {
    await insertItems([a, b, c], 6); // 3 of 6 done on each
    await pool.query(
      `delete from task_checklist_items where (task_id = any($1) and done) or (task_id = $2 and position = 1024)`,
      [[a, b], c],
    );
    expect(await counters(a, b, c)).toEqual([
      { total: 3, done: 0 },
      { total: 3, done: 0 },
      { total: 5, done: 3 },
    ]);
    // The tasks go, their items with them (ON DELETE CASCADE): no error, the other task untouched.
    await pool.query('delete from tasks where id = any($1)', [[a, b]]);
    expect(
      (
        await pool.query('select count(*)::int as n from task_checklist_items where task_id = any($1)', [
          [a, b],
        ])
      ).rows[0].n,
    ).toBe(0);
    expect(await counters(c)).toEqual([{ total: 5, done: 3 }]);
  });

  it('keeps the counters through INSERT … ON CONFLICT DO UPDATE', async () => {
    await insertItems([a], 2);
    const { rows } = await pool.query(
      'select id from task_checklist_items where task_id = $1 order by position',
      [a],
    );
    await pool.query(
      `insert into task_checklist_items (id, task_id, title, done, position)
       values ($1, $2, 'again', true, 1), (gen_random_uuid(), $2, 'new', true, 9999)
       on conflict (id) do update set done = excluded.done`,
      [rows[0]?.id, a],
    );
    expect(await counters(a)).toEqual([{ total: 3, done: 3 }]);
  });

  it('sets every counter to zero on TRUNCATE', async () => {
    await insertItems([a, b], 3);
    await pool.query('truncate task_checklist_items');
    expect(await counters(a, b)).toEqual([
      { total: 0, done: 0 },
      { total: 0, done: 0 },
    ]);
  });

  it('adds up two concurrent transactions adding items to the same task', async () => {
    await insertItems([a], 1); // not done
    const one = await pool.connect();
    const two = await pool.connect();
    try {
      await one.query('begin');
      await two.query('begin');
      await insertItemsOn(one, a, 3);
      // Two's trigger waits for one's lock on the task row, then adds to one's committed counts.
      const blocked = insertItemsOn(two, a, 2).then(() => two.query('commit'));
      await new Promise((r) => setTimeout(r, 100));
      await one.query('commit');
      await blocked;
    } finally {
      one.release();
      two.release();
    }
    expect(await counters(a)).toEqual([{ total: 6, done: 5 }]);
  });

  it('a rolled back statement leaves the counters as they were', async () => {
    await insertItems([a], 2);
    const client = await pool.connect();
    try {
      await client.query('begin');
      await insertItemsOn(client, a, 10);
      await client.query('rollback');
    } finally {
      client.release();
    }
    expect(await counters(a)).toEqual([{ total: 2, done: 1 }]);
  });
});

/** `n` ticked items on a task, in one statement, on a given connection. */
function insertItemsOn(client: pg.PoolClient, taskId: string, n: number) {
  return client.query(
    `insert into task_checklist_items (task_id, title, done, position)
     select $1, 'Concurrent ' || k, true, 10000 + k from generate_series(1, $2) k`,
    [taskId, n],
  );
}
