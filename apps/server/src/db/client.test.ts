import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-app.ts';
import { connectDatabase, keepStatementsPrepared, STATEMENTS_PER_CONNECTION } from './client.ts';
import { users } from './schema/index.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

/** The statements this connection keeps prepared, as PostgreSQL lists them (the listing itself is one). */
const preparedOn = async (client: pg.ClientBase) =>
  (
    await client.query<{ statement: string }>(
      'select statement from pg_prepared_statements order by prepare_time',
    )
  ).rows.map((r) => r.statement);

describe('the statement cache of pooled connections', () => {
  it('prepares each shape of query once per connection and runs it again with other values', async () => {
    const { db, pool, close } = connectDatabase(database.url, 1); // one connection: every query on it
    try {
      for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
        expect(await db.select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([]);
      }
      // In a transaction, the same shape again (BEGIN and COMMIT are Drizzle's statements too).
      await db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.email, 'd@example.com'));
      });
      await db.execute(sql`select ${1}::int as one`);
      const client = await pool.connect();
      try {
        const prepared = await preparedOn(client);
        expect(prepared.filter((s) => s.includes('from "users"'))).toHaveLength(1);
        expect(prepared.filter((s) => s.includes('as one'))).toHaveLength(1);
        expect(prepared.filter((s) => /^(begin|commit)$/i.test(s))).toEqual(['begin', 'commit']);
      } finally {
        client.release();
      }
    } finally {
      await close();
    }
  });

  it('names no more than its cap of shapes; the rest run unnamed, with the same answers', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      keepStatementsPrepared(client, 2);
      for (let i = 0; i < 4; i++) {
        const text = `select $1::int + ${i} as n`;
        expect((await client.query({ text, values: [10] })).rows).toEqual([{ n: 10 + i }]);
        expect((await client.query({ text, values: [20] })).rows).toEqual([{ n: 20 + i }]);
      }
      // A name its caller gave is kept, and a plain string is sent as it is.
      await client.query({ name: 'mine', text: 'select 1 as kept', values: [] });
      await client.query('select 2 as plain');
      const prepared = await preparedOn(client);
      expect(prepared).toEqual(['select $1::int + 0 as n', 'select $1::int + 1 as n', 'select 1 as kept']);
    } finally {
      await client.end();
    }
    expect(STATEMENTS_PER_CONNECTION).toBeGreaterThan(0);
  });
});
