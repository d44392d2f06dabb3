import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/test-app.ts';
import type { Change, ChangeBus } from './changes.ts';
import { createPgBus } from './pg-bus.ts';

// The PostgreSQL bus sends the changes published while a NOTIFY is on its way together (issue 17):
// nothing is lost, the order is kept, and a change too large for a message is refused alone.

let drop: () => Promise<void>;
let bus: ChangeBus;
const received: Change[] = [];

const change = (i: number, extra = ''): Change => ({
  kind: 'task',
  op: 'created',
  id: `t${i}${extra}`,
  productId: 'p',
});

beforeAll(async () => {
  const t = await createTestDatabase();
  drop = t.drop;
  bus = createPgBus({ databaseUrl: t.url, db: t.database.db, log: Fastify({ logger: false }).log });
  bus.subscribe({ onChanges: (c) => received.push(...c), onResync: () => {} });
  await bus.ready?.();
});

afterAll(async () => {
  await bus.close();
  await drop();
});

describe('pg bus publishing', () => {
  it('delivers many concurrent publishes, all of them, in the order published', async () => {
    received.length = 0;
    const sent = Array.from({ length: 200 }, (_, i) => [change(i), change(i, 'b')]);
    await Promise.all(sent.map((c) => bus.publish(c)));
    await expect.poll(() => received.length, { timeout: 5_000 }).toBe(400);
    expect(received.map((c) => c.id)).toEqual(sent.flat().map((c) => c.id));
  });

  it('refuses a change too large for one message alone; the others still go out', async () => {
    received.length = 0;
    const big = change(0, 'x'.repeat(9_000));
    const results = await Promise.allSettled([
      bus.publish([change(1)]),
      bus.publish([big]),
      bus.publish([change(2)]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    await expect.poll(() => received.map((c) => c.id), { timeout: 5_000 }).toEqual(['t1', 't2']);
  });
});
