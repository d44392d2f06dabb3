import type { RealtimeServerMessage } from '@shipyard/shared';
import WebSocket from 'ws';

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
