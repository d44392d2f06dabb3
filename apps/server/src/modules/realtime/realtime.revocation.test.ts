import { REALTIME_CLOSE } from '@shipyard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokenHeaders, createSignedInUser } from '../../testing/factories.ts';
import { openRealtime, type RealtimeTestClient } from '../../testing/realtime-client.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';

// A socket lives no longer than the access that opened it (issue 27 #5): one opened with an API
// token kept receiving changes after the token was revoked, until its expiry (up to a year).
// Revoking publishes the account change, which re-checks the owner's sockets at once; and every
// socket's access is re-checked on a timer, so one whose session or token went without a word
// (a row deleted, an account disabled in the database) is closed too. Real sockets on a
// listening app: `ctx` with the production timings, `timed` with a check every 300 ms.

let ctx: TestContext;
let base: string;
let timed: TestContext;
let timedBase: string;
const open: RealtimeTestClient[] = [];
beforeAll(async () => {
  ctx = await buildTestApp();
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  timed = await buildTestApp({ realtimeTimings: { sweepMs: 50, accessCheckMs: 300 } });
  timedBase = await timed.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of open) s.close();
  await timed?.close();
  await ctx?.close();
});

const connect = async (url: string, token: string) => {
  const s = await openRealtime(url, token);
  open.push(s);
  return s;
};
const tokenOf = (headers: { authorization: string }) => headers.authorization.slice('Bearer '.length);
/** How the socket ended, or 'still open' after `ms`. */
const endedWithin = (s: RealtimeTestClient, ms: number) =>
  Promise.race([s.ended, new Promise<'still open'>((r) => setTimeout(() => r('still open'), ms))]);

describe('revoking an API token', () => {
  it('closes the sockets opened with it at once (4401), keeps the owner’s browser socket, and publishes the account change', async () => {
    const who = await createSignedInUser(ctx);
    const token = await apiTokenHeaders(ctx, who);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/auth/tokens', headers: who.headers });
    const tokenId = list.json().data[0].id as string;
    const [script, browser] = await Promise.all([connect(base, tokenOf(token)), connect(base, who.token)]);

    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/auth/tokens/${tokenId}`,
      headers: who.headers,
    });
    expect(res.statusCode).toBe(200);
    // The timer alone would take 30 s: within 3 s it is the revocation's change that closed it.
    expect(await endedWithin(script, 3_000)).toEqual({
      code: REALTIME_CLOSE.unauthorized,
      reason: 'API token ended',
    });
    expect(ctx.published).toContainEqual(
      expect.objectContaining({ kind: 'user', id: who.user.id, access: [who.user.id] }),
    );
    await browser.next((m) => m.type === 'change' && m.kind === 'user' && m.id === who.user.id);
    expect(browser.socket.readyState).toBe(browser.socket.OPEN);
  });
});

describe('the periodic access check (every 300 ms here, 30 s by default)', () => {
  it.each([
    { opened: 'a token', row: 'api_tokens', reason: 'API token ended' },
    { opened: 'a browser session', row: 'sessions', reason: 'session ended' },
  ] as const)(
    'closes a socket opened with $opened whose row in $row is gone though nothing was published',
    async ({ row, reason }) => {
      const who = await createSignedInUser(timed);
      const token = row === 'api_tokens' ? tokenOf(await apiTokenHeaders(timed, who)) : who.token;
      const socket = await connect(timedBase, token);
      await timed.db.execute(sql`DELETE FROM ${sql.identifier(row)} WHERE user_id = ${who.user.id}`);
      expect(await endedWithin(socket, 3_000)).toEqual({ code: REALTIME_CLOSE.unauthorized, reason });
    },
  );

  it('closes the token and browser sockets of an account disabled in the database', async () => {
    const who = await createSignedInUser(timed);
    const token = await apiTokenHeaders(timed, who);
    const [script, browser] = await Promise.all([
      connect(timedBase, tokenOf(token)),
      connect(timedBase, who.token),
    ]);
    await timed.db.execute(sql`UPDATE users SET disabled_at = now() WHERE id = ${who.user.id}`);
    const [a, b] = await Promise.all([endedWithin(script, 3_000), endedWithin(browser, 3_000)]);
    expect(a).toMatchObject({ code: REALTIME_CLOSE.unauthorized });
    expect(b).toMatchObject({ code: REALTIME_CLOSE.unauthorized });
  });

  it('keeps sockets whose access holds open and receiving through several checks', async () => {
    const who = await createSignedInUser(timed);
    const token = await apiTokenHeaders(timed, who);
    const [script, browser] = await Promise.all([
      connect(timedBase, tokenOf(token)),
      connect(timedBase, who.token),
    ]);
    expect(await endedWithin(script, 1_200)).toBe('still open');
    expect(browser.socket.readyState).toBe(browser.socket.OPEN);
    timed.app.changes.publish({
      kind: 'notification',
      op: 'created',
      id: 'after-checks',
      productId: null,
      userIds: [who.user.id],
    });
    await Promise.all(
      [script, browser].map((s) => s.next((m) => m.type === 'change' && m.id === 'after-checks')),
    );
  });
});
