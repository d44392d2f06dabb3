import { REALTIME_CLOSE, REALTIME_MAX_SOCKETS_PER_USER, SESSION_TTL_MS } from '@shipyard/shared';
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createSignedInUser, signIn } from '../../testing/factories.ts';
import { type RealtimeTestClient, useListeningApp } from '../../testing/realtime-client.ts';

// What one signed-in user can and cannot do to the realtime socket (issue 13): flood it, keep it
// past the session, or open more of them than the limit. Real sockets on a listening app.

const { ctx, changes, connect, baseUrl } = useListeningApp();
let n = 0;
/** A change only `userId` receives. */
const toUser = (userId: string) => {
  const id = `change-${++n}`;
  changes.publish({ kind: 'notification', op: 'created', id, productId: null, userIds: [userId] });
  return id;
};
const pongs = (s: RealtimeTestClient) => s.messages.filter((m) => m.type === 'pong').length;
async function waitFor(done: () => boolean, ms = 5_000) {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a flood of messages on one socket', () => {
  it('closes a socket that sends 20,000 pings with 1008 while /api/health keeps answering within 1 s, and a fresh socket still works', async () => {
    const who = await createSignedInUser(ctx);
    const flooder = await connect(who.token);
    const ping = JSON.stringify({ type: 'ping' });
    for (let i = 0; i < 20_000; i++) flooder.socket.send(ping);

    // Health is polled for 3 s (and until the flooder is closed): every answer 200 within 1 s.
    const answers: { status: number; ms: number }[] = [];
    let closedWith: number | undefined;
    void flooder.closed.then((code) => {
      closedWith = code;
    });
    const started = Date.now();
    while (Date.now() - started < 3_000 || closedWith === undefined) {
      if (Date.now() - started > 15_000) break;
      const t0 = performance.now();
      const res = await fetch(`${baseUrl()}/api/health`, { signal: AbortSignal.timeout(5_000) }).catch(
        () => undefined,
      );
      answers.push({ status: res?.status ?? 0, ms: performance.now() - t0 });
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(closedWith).toBe(REALTIME_CLOSE.rateLimited);
    expect(answers.length).toBeGreaterThan(10);
    expect(answers.filter((a) => a.status !== 200 || a.ms > 1_000)).toEqual([]);

    const fresh = await connect(who.token);
    fresh.socket.send(ping);
    await fresh.next((m) => m.type === 'pong');
    const id = toUser(who.user.id);
    await fresh.next((m) => m.type === 'change' && m.id === id);
  }, 30_000);

  it('answers pings between two session checks from what it knows, without a query each', async () => {
    const who = await createSignedInUser(ctx);
    const socket = await connect(who.token);
    const queries = vi.spyOn(ctx.pool, 'query');
    try {
      for (let i = 0; i < 10; i++) socket.socket.send(JSON.stringify({ type: 'ping' }));
      await waitFor(() => pongs(socket) === 10);
      expect(queries.mock.calls.length).toBeLessThanOrEqual(1);
      expect(socket.socket.readyState).toBe(socket.socket.OPEN);
    } finally {
      queries.mockRestore();
    }
  });

  it('refuses a message larger than a few KB by closing the socket (1009)', async () => {
    const who = await createSignedInUser(ctx);
    const socket = await connect(who.token);
    socket.socket.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(10_000) }));
    expect(await socket.closed).toBe(1009);
  });
});

describe('the session behind a socket', () => {
  it('closes the other sessions’ sockets (4401) when the password changes, and keeps the one that changed it', async () => {
    const who = await createSignedInUser(ctx);
    const second = await signIn(ctx, who.user);
    const [mine, other] = await Promise.all([connect(who.token), connect(second.token)]);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/auth/change-password',
      headers: who.headers,
      payload: {
        currentPassword: who.user.password,
        newPassword: 'a-new-horse-43',
        confirmPassword: 'a-new-horse-43',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await other.closed).toBe(REALTIME_CLOSE.unauthorized);
    const id = toUser(who.user.id);
    await mine.next((m) => m.type === 'change' && m.id === id);
    expect(mine.socket.readyState).toBe(mine.socket.OPEN);
  });
});

describe('a socket whose session expires (test clock)', () => {
  // An app of its own: its clock moves past the sessions' lifetime.
  const { ctx: app, changes: clockChanges, connect: connectHere } = useListeningApp();

  it('receives nothing once its session has expired, and is closed with 4401', async () => {
    const who = await createSignedInUser(app);
    const socket = await connectHere(who.token);
    app.clock.advance(SESSION_TTL_MS + 60_000);
    const me = await app.app.inject({ method: 'GET', url: '/api/user/me', headers: who.headers });
    expect(me.statusCode).toBe(401);
    clockChanges.publish({
      kind: 'service',
      op: 'updated',
      id: 'after-expiry',
      productId: null,
      everyone: true,
    });
    expect(await socket.closed).toBe(REALTIME_CLOSE.unauthorized);
    expect(socket.changes()).toEqual([]);
  });

  it('is closed with 4401 when its session expires, without any traffic', async () => {
    const who = await createSignedInUser(app);
    const socket = await connectHere(who.token);
    app.clock.advance(SESSION_TTL_MS + 60_000);
    const started = Date.now();
    expect(await socket.closed).toBe(REALTIME_CLOSE.unauthorized);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('while the database is away', () => {
  // An app of its own: its database goes away.
  const { ctx: app, changes: awayChanges, connect: connectHere, baseUrl: url } = useListeningApp();

  it('still answers pings, closes the sockets whose access it cannot re-check (1011), and stays up', async () => {
    const who = await createSignedInUser(app);
    const socket = await connectHere(who.token);
    await app.pool.end(); // every query now fails at once
    // Past the re-check interval, a ping re-reads the session: it fails, is logged, and is answered.
    await new Promise((r) => setTimeout(r, 5_100));
    socket.socket.send(JSON.stringify({ type: 'ping' }));
    await socket.next((m) => m.type === 'pong');

    awayChanges.publish({
      kind: 'user',
      op: 'updated',
      id: who.user.id,
      productId: null,
      userIds: [who.user.id],
      access: [who.user.id],
    });
    expect(await socket.closed).toBe(1011);
    expect(socket.changes()).toEqual([]);
    const health = await fetch(`${url()}/api/health`);
    expect(health.status).toBe(503);
  }, 20_000);
});

describe('sockets per user', () => {
  it(`refuses a user's socket past ${REALTIME_MAX_SOCKETS_PER_USER} with 4429, and the others keep receiving changes`, async () => {
    const who = await createSignedInUser(ctx);
    const sockets: RealtimeTestClient[] = [];
    for (let i = 0; i < REALTIME_MAX_SOCKETS_PER_USER; i++) sockets.push(await connect(who.token));

    const extra = new WebSocket(`${baseUrl().replace('http', 'ws')}/api/realtime`, {
      headers: { authorization: `Bearer ${who.token}` },
    });
    const code = await new Promise((resolve) => extra.on('close', resolve));
    expect(code).toBe(REALTIME_CLOSE.tooManySockets);

    const id = toUser(who.user.id);
    await Promise.all(sockets.map((s) => s.next((m) => m.type === 'change' && m.id === id)));
    expect(sockets.every((s) => s.socket.readyState === s.socket.OPEN)).toBe(true);
  });
});
