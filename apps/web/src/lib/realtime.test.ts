import { REALTIME_CLOSE } from '@shipyard/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeSocket, fakeSockets } from '../test/fake-socket.ts';
import { RealtimeClient, type RealtimeMessage, type RealtimeStatus, realtimeUrl } from './realtime.ts';

const URL = 'ws://localhost/api/realtime';
let sockets: FakeSocket[];
let last: () => FakeSocket;
let client: RealtimeClient | undefined;
/** The client of the running test. */
const current = () => client as RealtimeClient;
let messages: RealtimeMessage[];
let statuses: RealtimeStatus[];

function start() {
  const fake = fakeSockets();
  sockets = fake.sockets;
  last = fake.last;
  client = new RealtimeClient({ url: URL, createSocket: fake.createSocket });
  client.onMessage((message) => messages.push(message));
  client.onStatus((status) => statuses.push(status));
  client.connect();
}

/** Drops the current socket the way a network failure does, then waits `ms` and says how many sockets exist. */
function failAndWait(ms: number) {
  last().serverClose(1006);
  vi.advanceTimersByTime(ms - 1);
  const before = sockets.length;
  vi.advanceTimersByTime(1);
  return { before, after: sockets.length };
}

beforeEach(() => {
  vi.useFakeTimers();
  messages = [];
  statuses = [];
});

afterEach(() => {
  client?.disconnect();
  client = undefined;
  vi.useRealTimers();
});

describe('RealtimeClient', () => {
  it('builds ws: and wss: urls from the page location', () => {
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/api/realtime',
    );
    expect(realtimeUrl({ protocol: 'https:', host: 'shipyard.example' })).toBe(
      'wss://shipyard.example/api/realtime',
    );
  });

  it('stays closed and idle where there is no WebSocket', () => {
    vi.stubGlobal('WebSocket', undefined);
    client = new RealtimeClient({ url: URL });
    expect(() => current().connect()).not.toThrow();
    expect(current().status).toBe('closed');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('connects, and is open once the server says ready', () => {
    start();
    expect(last().url).toBe(URL);
    expect(current().status).toBe('connecting');
    last().ready();
    expect(current().status).toBe('open');
    expect(statuses).toEqual(['connecting', 'open']);
  });

  it('passes changes and server resyncs on, and ignores what it cannot read', () => {
    start();
    last().ready();
    const change = { type: 'change', kind: 'task', op: 'updated', id: 't-1', productId: 'p-1', version: 1 };
    last().receive(change);
    last().receive({ type: 'resync' });
    last().onmessage?.({ data: 'not json' });
    expect(messages).toEqual([change, { type: 'resync' }]);
  });

  it('sends a ping every 30 s and keeps the socket while pongs come back', () => {
    start();
    last().ready();
    vi.advanceTimersByTime(30_000);
    for (const pings of [1, 2, 3]) {
      expect(last().sent).toHaveLength(pings);
      vi.advanceTimersByTime(9_000);
      last().receive({ type: 'pong' });
      vi.advanceTimersByTime(21_000);
    }
    expect(last().sent).toEqual([{ type: 'ping' }, { type: 'ping' }, { type: 'ping' }, { type: 'ping' }]);
    expect(sockets).toHaveLength(1);
    expect(current().status).toBe('open');
  });

  it('closes the socket when a pong is 10 s late, and reconnects', () => {
    start();
    last().ready();
    vi.advanceTimersByTime(30_000 + 9_999);
    expect(last().closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(sockets[0]?.closed).toBe(true);
    expect(current().status).toBe('reconnecting');
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
  });

  it('gives up on a socket that is not ready within 10 s', () => {
    start();
    vi.advanceTimersByTime(10_000);
    expect(sockets[0]?.closed).toBe(true);
    expect(current().status).toBe('reconnecting');
  });

  it('reconnects after 1, 2, 5, 10, then 10 s', () => {
    start();
    last().ready();
    for (const delay of [1_000, 2_000, 5_000, 10_000, 10_000]) {
      const { before, after } = failAndWait(delay);
      expect(after).toBe(before + 1);
    }
    expect(current().status).toBe('reconnecting');
  });

  it('starts the back-off again after a ready', () => {
    start();
    last().ready();
    failAndWait(1_000);
    failAndWait(2_000);
    last().ready();
    const { before, after } = failAndWait(1_000);
    expect(after).toBe(before + 1);
  });

  it('reconnects after a slow-consumer or shutdown close', () => {
    start();
    for (const code of [REALTIME_CLOSE.slowConsumer, REALTIME_CLOSE.shutdown]) {
      last().ready();
      last().serverClose(code);
      vi.advanceTimersByTime(1_000);
    }
    expect(sockets).toHaveLength(3);
    expect(current().status).toBe('reconnecting');
  });

  it('stops for good when the session ended (4401), and says so', () => {
    start();
    last().ready();
    last().serverClose(REALTIME_CLOSE.unauthorized);
    expect(current().status).toBe('closed');
    expect(messages).toEqual([{ type: 'unauthorized' }]);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('stops for good when the server refuses a socket over the per-user limit (4429), and says so in its status', () => {
    start();
    last().serverClose(REALTIME_CLOSE.tooManySockets);
    expect(current().status).toBe('refused');
    expect(statuses).toEqual(['connecting', 'refused']);
    expect(messages).toEqual([]);
    window.dispatchEvent(new Event('online'));
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reconnects after a rate-limit close (1008) with its back-off, not at once, even when the tab comes back', () => {
    start();
    last().ready();
    last().serverClose(REALTIME_CLOSE.rateLimited);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('online'));
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().serverClose(REALTIME_CLOSE.rateLimited);
    vi.advanceTimersByTime(1_999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
  });

  it('asks for a resync after every ready but the first', () => {
    start();
    last().ready();
    expect(messages).toEqual([]);
    failAndWait(1_000);
    expect(current().status).toBe('reconnecting');
    last().ready();
    expect(current().status).toBe('open');
    expect(messages).toEqual([{ type: 'resync' }]);
  });

  it('tries at once when the browser is back online', () => {
    start();
    last().ready();
    last().serverClose(1006);
    vi.advanceTimersByTime(500);
    window.dispatchEvent(new Event('online'));
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
  });

  it('tries at once when the tab becomes visible after the socket died', () => {
    start();
    last().ready();
    last().serverClose(1006);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sockets).toHaveLength(2);
  });

  it('pings an open socket when the tab comes back, to find out if it still lives', () => {
    start();
    last().ready();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(last().sent).toEqual([{ type: 'ping' }]);
    vi.advanceTimersByTime(10_000);
    expect(current().status).toBe('reconnecting');
  });

  it('closes the socket and stops every timer on disconnect', () => {
    start();
    last().ready();
    current().disconnect();
    expect(last().closed).toBe(true);
    expect(current().status).toBe('closed');
    expect(vi.getTimerCount()).toBe(0);
    window.dispatchEvent(new Event('online'));
    expect(sockets).toHaveLength(1);
  });
});
