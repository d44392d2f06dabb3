import type { RealtimeServerMessage } from '@shipyard/shared';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { createChanges, createMemoryBus } from '../lib/realtime/changes.ts';
import { useTestApp } from './http.ts';

/** A WebSocket client of /api/realtime for tests: records every message and how it closed. */
export async function openRealtime(baseUrl: string, token: string, origin?: string) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/realtime`, {
    headers: { authorization: `Bearer ${token}`, ...(origin ? { origin } : {}) },
  });
  const messages: RealtimeServerMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)));
    for (const w of waiters) w();
  });
  const ended = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const closed = ended.then(({ code }) => code);
  const changes = () => messages.filter((m) => m.type === 'change');

  /** Resolves with the first message (already received or not) that matches, or fails after `ms`. */
  function next(match: (m: RealtimeServerMessage) => boolean, ms = 5_000) {
    return new Promise<RealtimeServerMessage>((resolve, reject) => {
      const check = () => {
        const found = messages.find(match);
        if (!found) return;
        cleanup();
        resolve(found);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no matching realtime message in ${ms} ms; got ${JSON.stringify(messages)}`));
      }, ms);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  }

  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
  await next((m) => m.type === 'ready');
  /** `ended`: the close code and the reason the server gave. */
  return { socket, messages, changes, next, closed, ended, close: () => socket.close() };
}

export type RealtimeTestClient = Awaited<ReturnType<typeof openRealtime>>;

/**
 * useTestApp on an in-memory bus, listening on a loopback port for real sockets: `changes`
 * publishes straight on its bus, `connect` opens a socket closed after the tests.
 */
export function useListeningApp() {
  const bus = createMemoryBus();
  const changes = createChanges(bus, { warn: () => {} } as never);
  const prelude = useTestApp({ bus });
  let base = '';
  const open: RealtimeTestClient[] = [];
  beforeAll(async () => {
    base = await prelude.ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  // Registered after the app's own afterAll, so it runs first: the sockets close before the app.
  afterAll(() => {
    for (const s of open) s.close();
  });
  const connect = async (token: string) => {
    const s = await openRealtime(base, token);
    open.push(s);
    return s;
  };
  return { ...prelude, changes, baseUrl: () => base, connect };
}
