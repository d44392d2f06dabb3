import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema>;
export type Database = { db: Db; pool: pg.Pool; close: () => Promise<void> };

/**
 * How long a request waits for a pooled connection (a free one, or a new one being opened)
 * before it fails with a 503: a full pool or an unreachable server answers quickly instead of
 * holding the request, and the client retries after Retry-After.
 */
export const POOL_WAIT_MS = 3_000;

export function connectDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: POOL_WAIT_MS,
    keepAlive: true,
  });
  // A client that loses its server (a restart, a failover, pg_terminate_backend: 57P01) emits
  // 'error'. The pool listens only while the client is idle; a checked-out client (inside a
  // transaction) without a listener would end the process. This listener stays for the client's
  // life: the query in flight still fails (the request answers 503, lib/errors.ts), the client is
  // no longer queryable, and the pool drops it on release and opens a fresh one on demand.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  return { db, pool, close: () => pool.end() };
}
