import { authMessages, searchMessages } from '@shipyard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createUser } from '../../testing/factories.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';

// Two app instances on one database, as two server processes of one instance are
// (WEB_CONCURRENCY=2, no REDIS_URL): the limits per account count together, in PostgreSQL, so
// splitting attempts between processes gains nothing (issue 27 #10).

const SEARCHES = 3;
let one: TestContext;
let two: TestContext;
beforeAll(async () => {
  const env = { SEARCH_RATE_PER_MINUTE: String(SEARCHES) };
  one = await buildTestApp({ env });
  two = await buildTestApp({ env, sameDatabaseAs: one });
});
afterAll(async () => {
  await two?.close();
  await one?.close();
});

const login = (ctx: TestContext, email: string, password: string, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

describe('limits per account with two processes on one database', () => {
  it('locks an account after five failed logins split over both processes, on either of them', async () => {
    const user = await createUser(one);
    const processes = [one, two];
    for (let i = 0; i < 5; i++) {
      const res = await login(processes[i % 2] as TestContext, user.email, 'wrong-pass', '10.27.10.1');
      expect(res.statusCode).toBe(401);
    }
    for (const ctx of processes) {
      const res = await login(ctx, user.email, user.password, '10.27.10.1');
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', message: authMessages.loginLocked });
    }
  });

  it('mails one address at most three reset links an hour, whichever process is asked', async () => {
    const user = await createUser(one);
    for (let i = 0; i < 6; i++) {
      const ctx = i % 2 ? two : one;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { email: user.email },
        remoteAddress: `10.27.10.${10 + i}`,
      });
      expect(res.json()).toEqual({ message: authMessages.resetRequested });
    }
    const resets = () =>
      [one, two]
        .flatMap((ctx) => ctx.mail.sent)
        .filter((m) => m.to === user.email && m.text.includes('reset_token'));
    await expect.poll(() => resets().length).toBe(3);
    await new Promise((r) => setTimeout(r, 200));
    expect(resets()).toHaveLength(3);
  });

  it(`answers the ${SEARCHES + 1}th search of a minute with 429 on either process (a route's own limit per account)`, async () => {
    const who = await createSignedInUser(one);
    const search = (ctx: TestContext) =>
      ctx.app.inject({ method: 'GET', url: '/api/search?q=apollo', headers: who.headers });
    for (let i = 0; i < SEARCHES; i++) expect((await search(i % 2 ? two : one)).statusCode).toBe(200);
    for (const ctx of [one, two]) {
      const res = await search(ctx);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({
        code: 'SEARCH_RATE_LIMITED',
        message: searchMessages.rateLimited(SEARCHES),
      });
    }
  });
});
