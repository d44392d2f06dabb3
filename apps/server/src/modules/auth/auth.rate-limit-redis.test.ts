import { authMessages } from '@shipyard/shared';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp, withTestApp } from '../../testing/http.ts';
import { redisReachable, redisTestUrl } from '../../testing/redis.ts';
import type { TestContext } from '../../testing/test-app.ts';

// Runs where a Redis server answers on REDIS_TEST_URL (default the machine's 127.0.0.1:6379,
// which this project's CI machines have); elsewhere the suite is skipped, said in its name.
const url = redisTestUrl;

const available = await redisReachable();

describe.runIf(available)(`rate limits shared through Redis (${url})`, () => {
  const clients: Redis[] = [];
  // Registered first, so that it runs after both apps are closed.
  afterAll(() => {
    for (const c of clients) c.disconnect();
  });
  const client = () => {
    const r = new Redis(url, { maxRetriesPerRequest: 1 });
    clients.push(r);
    return r;
  };
  const limits = { login: 3, register: 3, reset: 3, verify: 3, resend: 3 };
  // Two server processes sharing one Redis.
  const a = useTestApp(() => ({ redis: client(), rateLimits: limits })).ctx;
  const b = useTestApp(() => ({ redis: client(), rateLimits: limits })).ctx;

  it('counts attempts made through two server processes together', async () => {
    // A unique address per run keeps reruns (and the other CI pass) from sharing counters.
    const remoteAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
    const attempt = (ctx: TestContext) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `someone-${remoteAddress}@example.com`, password: 'whatever' },
        remoteAddress,
      });
    expect((await attempt(a)).statusCode).toBe(401);
    expect((await attempt(b)).statusCode).toBe(401);
    expect((await attempt(a)).statusCode).toBe(401);
    const limited = await attempt(b);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(authMessages.rateLimited);
  });

  it('counts the failures of one account made through two processes together (issue 13 #11)', async () => {
    const email = `shared-${Math.random().toString(36).slice(2)}@example.com`;
    const attempt = (ctx: TestContext, remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'whatever' },
        remoteAddress,
      });
    // Five failures, from five addresses (under each address's own limit), through both processes.
    // The addresses are new each run: the machine's Redis keeps the counters of an earlier run.
    const net = 11 + Math.floor(Math.random() * 240);
    for (const [i, ctx] of [a, b, a, b, a].entries())
      expect((await attempt(ctx, `10.${net}.${i}.1`)).statusCode).toBe(401);
    const locked = await attempt(b, `10.${net}.0.1`);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(authMessages.loginLocked);
  });
});

describe.runIf(!available)('rate limits shared through Redis', () => {
  it.skip(`needs a Redis server at ${url}`, () => {});
});

describe('when Redis is down', () => {
  it('still answers logins rather than failing them', async () => {
    const dead = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    dead.on('error', () => {});
    try {
      await withTestApp(
        { redis: dead, rateLimits: { login: 1, register: 1, reset: 1, verify: 1, resend: 1 } },
        async (ctx) => {
          const attempt = () =>
            ctx.app.inject({
              method: 'POST',
              url: '/api/auth/login',
              payload: { email: 'x@example.com', password: 'whatever' },
            });
          expect((await attempt()).statusCode).toBe(401);
          expect((await attempt()).statusCode).toBe(401);
        },
      );
    } finally {
      dead.disconnect();
    }
  });
});
