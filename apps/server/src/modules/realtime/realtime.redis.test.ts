import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createRedisBus } from '../../lib/realtime/redis-bus.ts';
import { createProduct, createSignedInUser, createTask } from '../../testing/factories.ts';
import { openRealtime } from '../../testing/realtime-client.ts';
import { redisReachable, redisTestUrl } from '../../testing/redis.ts';
import { APP_URL, buildTestApp, type TestContext } from '../../testing/test-app.ts';

// With REDIS_URL the fan-out goes through Redis pub/sub. Two apps on one database, each with its
// own Redis connections, stand for two processes. Runs where Redis answers on REDIS_TEST_URL
// (default the machine's 127.0.0.1:6379, which CI has); skipped elsewhere, said in its name.
const url = redisTestUrl;

const available = await redisReachable();

describe.runIf(available)(`realtime fan-out through Redis (${url})`, () => {
  const channel = `shipyard:test:${randomBytes(4).toString('hex')}`;
  const clients: Redis[] = [];
  const redis = () => {
    const r = new Redis(url, { maxRetriesPerRequest: 1 });
    clients.push(r);
    return r;
  };
  let ctx: TestContext;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let baseA: string;

  beforeAll(async () => {
    // The test database and helpers of buildTestApp; its app is replaced by two on one channel.
    ctx = await buildTestApp();
    const silent = ctx.app.log; // logger: false
    await ctx.app.close();
    const config = loadConfig({ APP_URL, DATA_DIR: ctx.dataDir });
    a = await buildApp({
      config,
      db: ctx.db,
      logger: false,
      webDist: `${ctx.dataDir}/no-web`,
      bus: createRedisBus({ redis: redis(), log: silent, channel }),
    });
    b = await buildApp({
      config,
      db: ctx.db,
      logger: false,
      webDist: `${ctx.dataDir}/no-web`,
      bus: createRedisBus({ redis: redis(), log: silent, channel }),
    });
    baseA = await a.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await ctx?.close();
    for (const c of clients) c.disconnect();
  });

  it('delivers a change made on B to a socket on A, and resyncs after the subscriber is cut', async () => {
    const admin = await createSignedInUser({ app: a, db: ctx.db }, { role: 'admin' });
    const product = await createProduct(ctx, admin.user.id);
    const task = await createTask(ctx, product.id);
    const socket = await openRealtime(baseA, admin.token);

    const res = await b.inject({
      method: 'PATCH',
      url: `/api/tasks/${task.id}/task/update`,
      headers: admin.headers,
      payload: { status: 'Completed' },
    });
    expect(res.statusCode).toBe(200);
    await socket.next((m) => m.type === 'change' && m.kind === 'task' && m.id === task.id);

    const admin2 = new Redis(url);
    clients.push(admin2);
    const list = String(await admin2.call('CLIENT', 'LIST', 'TYPE', 'pubsub'));
    for (const line of list.split('\n').filter((l) => l.includes('name=shipyard-realtime'))) {
      const id = line.match(/id=(\d+)/)?.[1];
      if (id) await admin2.call('CLIENT', 'KILL', 'ID', id);
    }
    await socket.next((m) => m.type === 'resync', 10_000);
    socket.close();
  }, 20_000);
});
