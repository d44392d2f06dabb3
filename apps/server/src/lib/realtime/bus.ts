import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.ts';
import { type ChangeBus, createMemoryBus } from './changes.ts';
import { createPgBus } from './pg-bus.ts';
import { createRedisBus } from './redis-bus.ts';

/** Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY on the app's database. */
export function createChangeBus(deps: {
  redis?: Redis;
  databaseUrl?: string;
  db: Db;
  log: FastifyBaseLogger;
}): ChangeBus {
  if (deps.redis) return createRedisBus({ redis: deps.redis, log: deps.log });
  if (deps.databaseUrl) return createPgBus({ databaseUrl: deps.databaseUrl, db: deps.db, log: deps.log });
  deps.log.warn('realtime: no database URL given, changes reach this process only');
  return createMemoryBus();
}

/** Reconnect delays of a lost fan-out connection (the same 1, 2, 5, 10 s as the clients'). */
export const BUS_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000];

/** Splits changes into JSON payloads of at most `max` bytes (PostgreSQL NOTIFY takes < 8000). */
export function encodeChanges(changes: unknown[], max: number): string[] {
  const out: string[] = [];
  let batch: string[] = [];
  let size = 2;
  for (const change of changes) {
    const json = JSON.stringify(change);
    const bytes = Buffer.byteLength(json);
    if (bytes + 2 > max) throw new Error(`a change of ${bytes} bytes does not fit one message`);
    if (size + bytes + 1 > max && batch.length > 0) {
      out.push(`[${batch.join(',')}]`);
      batch = [];
      size = 2;
    }
    batch.push(json);
    size += bytes + 1;
  }
  if (batch.length > 0) out.push(`[${batch.join(',')}]`);
  return out;
}
