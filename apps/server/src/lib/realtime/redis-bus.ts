import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { type ChangeBus, parseChanges } from './changes.ts';

// Fan-out through Redis pub/sub (when REDIS_URL is set). ioredis reconnects and re-subscribes by
// itself; when the subscriber is ready again after a loss, the hub makes its clients refetch.

type Listener = Parameters<ChangeBus['subscribe']>[0];

export function createRedisBus({
  redis,
  log,
  channel = 'shipyard:changes',
}: {
  redis: Redis;
  log: FastifyBaseLogger;
  channel?: string;
}): ChangeBus {
  const listeners = new Set<Listener>();
  const subscriber = redis.duplicate({ connectionName: 'shipyard-realtime' });
  let everReady = false;
  let wasLost = false;
  subscriber.on('error', () => {}); // reported through 'close' below; ioredis retries on its own
  subscriber.on('close', () => {
    if (everReady && !wasLost) log.warn('realtime: lost the Redis subscriber connection');
    wasLost = everReady;
  });
  subscriber.on('message', (ch: string, payload: string) => {
    const changes = ch === channel ? parseChanges(payload) : [];
    if (changes.length) for (const l of listeners) l.onChanges(changes);
  });
  const ready = subscriber.subscribe(channel).then(() => {
    everReady = true;
  });
  ready.catch((err) => log.warn({ err }, 'realtime: could not subscribe on Redis'));
  // ioredis re-subscribes on reconnect before emitting 'ready'.
  subscriber.on('ready', () => {
    if (!wasLost) return;
    wasLost = false;
    log.info('realtime: subscribed on Redis again; clients refetch');
    for (const l of listeners) l.onResync();
  });

  return {
    async publish(changes) {
      await redis.publish(channel, JSON.stringify(changes));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready: () => ready.catch(() => {}),
    async close() {
      listeners.clear();
      subscriber.disconnect();
    },
  };
}
