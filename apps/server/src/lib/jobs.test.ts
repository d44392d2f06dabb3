import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../db/client.ts';
import { createTestDatabase } from '../testing/test-app.ts';
import { addJob, createJobQueue } from './jobs.ts';

// The queue on a migrated test database (its graphile_worker schema came with the migrations).

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  const created = await createTestDatabase();
  await created.database.close();
  database = connectDatabase(created.url, 5);
  drop = created.drop;
});
afterAll(async () => {
  await database.close();
  await drop();
});

const logged: { level: string; msg: string }[] = [];
const log = {
  error: (_: unknown, msg: string) => logged.push({ level: 'error', msg }),
  warn: (_: unknown, msg: string) => logged.push({ level: 'warn', msg }),
  debug: () => {},
} as never;

describe('the job queue', () => {
  it('runs a job added in a committed transaction, and none from a rolled-back one', async () => {
    const seen: unknown[] = [];
    const queue = createJobQueue({
      pool: database.pool,
      log,
      handlers: { record: async (p) => void seen.push(p) },
      schedule: [],
    });
    await database.db.transaction((tx) => addJob(tx, 'record', { n: 1 }));
    await database.db
      .transaction(async (tx) => {
        await addJob(tx, 'record', { n: 2 });
        throw new Error('rolled back');
      })
      .catch(() => {});
    await queue.runDue();
    expect(seen).toEqual([{ n: 1 }]);
  });

  it('retries a failing job later with back-off, logging the failure, without throwing', async () => {
    let calls = 0;
    const queue = createJobQueue({
      pool: database.pool,
      log,
      handlers: {
        flaky: async () => {
          calls++;
          if (calls === 1) throw new Error('SMTP is down');
        },
      },
      schedule: [],
    });
    await database.db.transaction((tx) => addJob(tx, 'flaky', {}, { maxAttempts: 3 }));
    await queue.runDue();
    expect(calls).toBe(1);
    expect(logged.some((l) => l.level !== 'debug' && /SMTP is down|failed/i.test(l.msg))).toBe(true);
    // graphile-worker records the failure (and its back-off) on its own connection, which may
    // land just after runOnce returns: wait for it.
    await expect
      .poll(
        async () =>
          (
            await database.db.execute<{ attempts: number; later: boolean }>(
              sql`select attempts, run_at > now() as later from graphile_worker.jobs`,
            )
          ).rows,
      )
      .toEqual([{ attempts: 1, later: true }]);
    // Not due yet: nothing runs. Once due, it succeeds and is gone.
    await queue.runDue();
    expect(calls).toBe(1);
    await database.db.execute(sql`update graphile_worker._private_jobs set run_at = now()`);
    await queue.runDue();
    expect(calls).toBe(2);
    // graphile-worker marks a job done on its own connection, which may land just after runOnce.
    await expect
      .poll(async () => (await database.db.execute(sql`select 1 from graphile_worker.jobs`)).rows.length)
      .toBe(0);
  });

  it('starts workers that pick up new jobs, and stops', async () => {
    const seen: unknown[] = [];
    const queue = createJobQueue({
      pool: database.pool,
      log,
      handlers: { record: async (p) => void seen.push(p), tick: async () => {} },
      schedule: [{ match: '*/5 * * * *', task: 'tick' }],
    });
    await queue.start();
    await database.db.transaction((tx) => addJob(tx, 'record', { live: true }));
    const until = Date.now() + 5000;
    while (seen.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    await queue.stop();
    expect(seen).toEqual([{ live: true }]);
  });
});
