import { createHash } from 'node:crypto';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { LIVE_SEARCH_PATH } from './live-views.ts';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema>;
export type Database = { db: Db; pool: pg.Pool; close: () => Promise<void> };

/**
 * The statements each pooled connection keeps prepared: the first this many shapes it runs (issue
 * 17, docs/decisions/023-request-hot-path.md). Each costs the PostgreSQL backend its plan's memory
 * (tens of kB), and a shape past the cap runs unnamed, parsed and planned on every call as before.
 */
export const STATEMENTS_PER_CONNECTION = 100;

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
    // `tasks` and `products` are their live rows, not what is in the trash (db/live-views.ts).
    options: `-c search_path=${LIVE_SEARCH_PATH}`,
  });
  // A client that loses its server (a restart, a failover, pg_terminate_backend: 57P01) emits
  // 'error'. The pool listens only while the client is idle; a checked-out client (inside a
  // transaction) without a listener would end the process. This listener stays for the client's
  // life: the query in flight still fails (the request answers 503, lib/errors.ts), the client is
  // no longer queryable, and the pool drops it on release and opens a fresh one on demand.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    keepStatementsPrepared(client, STATEMENTS_PER_CONNECTION);
  });
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  return { db, pool, close: () => pool.end() };
}

/**
 * A statement cache, as other drivers keep one (pgx, Prisma, postgres.js): every query Drizzle
 * sends on this connection (a config object with its values, BEGIN and COMMIT too; a plain string,
 * such as the pg bus's NOTIFY, stays as it is) gets a name that is a digest of its text, so
 * PostgreSQL parses and plans each shape once per connection instead of on every call, and runs its
 * plan with the new values (the planning of a write of several CTEs, or of a page's visibility
 * joins, cost more than running them). The first `max` shapes a connection sees are named; later
 * ones run unnamed. Statements named by their caller (`.prepare(name)`) keep their name.
 */
export function keepStatementsPrepared(client: pg.ClientBase, max: number) {
  const named = new Set<string>();
  const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
  const cached = (config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object' && !('name' in config && config.name) && 'text' in config) {
      const { text } = config as { text: unknown };
      if (typeof text === 'string') {
        const name = `shipyard_${createHash('sha1').update(text).digest('base64url')}`;
        if (named.has(name) || named.size < max) {
          named.add(name);
          return query({ ...config, name }, ...rest);
        }
      }
    }
    return query(config, ...rest);
  };
  client.query = cached as typeof client.query;
}
