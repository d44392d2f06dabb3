import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-app.ts';
import type { Change } from './realtime/changes.ts';
import { createInTransaction, type InTransaction } from './write.ts';

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
