import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema>;
export type Database = { db: Db; pool: pg.Pool; close: () => Promise<void> };

/** Column names in the database: a key `productId` is the column `product_id`. */
const CASING = 'snake_case';
/** Builds SQL text as `db` does (the same casing), for `executeNamed`. */
const dialect = new PgDialect({ casing: CASING });

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
  const db = drizzle({ client: pool, schema, casing: CASING });
  return { db, pool, close: () => pool.end() };
}

/**
 * Runs `statement` as a named (prepared) statement, as `.prepare(name)` does for a query builder:
 * PostgreSQL parses and plans it once per pooled connection instead of on every call (a write of
 * several CTEs spends more on planning than on running, issue 17). The name is a digest of the
 * text, so each shape gets its own; only for statements of a few shapes (their values are
 * parameters), since every shape stays prepared on every connection. Answers the rows as the driver
 * reads them for Drizzle: timestamps and dates as text (db/rows.ts decodes them).
 */
export async function executeNamed(db: Db, statement: SQL): Promise<Record<string, unknown>[]> {
  const query = dialect.sqlToQuery(statement);
  const name = `named_${createHash('sha1').update(query.sql).digest('base64url').slice(0, 20)}`;
  const result = (await db._.session.prepareQuery(query, undefined, name, false).execute()) as pg.QueryResult;
  return result.rows;
}
