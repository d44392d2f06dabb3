import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-app.ts';
import { pgForeignKeyViolation } from './errors.ts';
import type { Change } from './realtime/changes.ts';
import { createInTransaction, type InTransaction, writeAtOnce } from './write.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let published: Change[];
let inTransaction: InTransaction;
beforeAll(async () => {
  database = await createTestDatabase();
  published = [];
  inTransaction = createInTransaction(database.database.db, { publish: (...c) => published.push(...c) });
});
afterAll(() => database.drop());

const change: Change = { kind: 'product', op: 'updated', id: 'p1', productId: 'p1' };

describe('inTransaction publishes a write only once it has committed', () => {
  it('publishes what the write queued after its transaction committed, not while it runs', async () => {
    published.length = 0;
    const answer = await inTransaction(async (tx, after) => {
      after.publish(change, { ...change, id: 'p2' });
      await tx.execute(sql`select 1`);
      expect(published).toEqual([]);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(published.map((c) => c.id)).toEqual(['p1', 'p2']);
  });

  it('publishes nothing when the write throws and its transaction rolls back', async () => {
    published.length = 0;
    await expect(
      inTransaction(async (_tx, after) => {
        after.publish(change);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(published).toEqual([]);
  });
});

describe('writeAtOnce: a change as one statement, whole or not at all', () => {
  // Scratch tables: a parent (the lead's) and a child that names it by a foreign key.
  beforeAll(async () => {
    const { db } = database.database;
    await db.execute(
      sql`create table scratch_parent (id int primary key, ok boolean not null, at timestamptz)`,
    );
    await db.execute(sql`create table scratch_child (parent_id int not null references scratch_parent (id))`);
    await db.execute(sql`create table scratch_log (note text not null)`);
  });
  const lead = (id: number, ok: boolean) =>
    sql`insert into scratch_parent (id, ok, at) select ${id}, ${ok}, now() where ${ok} returning id, at`;
  const child = (id: number) => sql`insert into scratch_child (parent_id) values (${id}) returning 1`;
  const log = sql`insert into scratch_log (note) values ('written') returning 1`;
  const count = async (table: string) =>
    Number((await database.database.pool.query(`select count(*) from ${table}`)).rows[0].count);

  it('answers the lead’s row, as the driver reads it for Drizzle, and how many rows each other write returned', async () => {
    const { db } = database.database;
    const { row, counts } = await writeAtOnce(db, lead(1, true), [child(1), log]);
    expect(row).toEqual({ id: 1, at: expect.stringMatching(/^\d{4}-\d\d-\d\d /) });
    expect(counts).toEqual([1, 1]);
    // The same shape again runs as the statement already prepared on that connection.
    expect((await writeAtOnce(db, lead(2, true), [child(2), log])).counts).toEqual([1, 1]);
  });

  it('writes nothing when the lead’s check fails: the foreign key to its row fails the statement (23503)', async () => {
    const { db } = database.database;
    const before = await Promise.all(['scratch_parent', 'scratch_child', 'scratch_log'].map(count));
    const refused = await writeAtOnce(db, lead(3, false), [log, child(3)]).catch((err: unknown) => err);
    expect(pgForeignKeyViolation(refused)).toBe(true);
    expect(await Promise.all(['scratch_parent', 'scratch_child', 'scratch_log'].map(count))).toEqual(before);
  });

  it('throws when nothing referenced a lead that wrote nothing (a caller’s mistake, said loudly)', async () => {
    const { db } = database.database;
    await expect(writeAtOnce(db, lead(4, false), [log])).rejects.toThrow(/the lead wrote nothing/);
  });
});
