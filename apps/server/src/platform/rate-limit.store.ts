import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type pg from 'pg';

// @fastify/rate-limit's store in PostgreSQL, for when there is no Redis (issue 27 #10): every
// server process on the database counts in the same rows, so two processes let through what one
// would. A fixed window per key, as the plugin's own stores count (it starts at the key's first
// hit; a hit after its end starts a new one), kept in the UNLOGGED table rate_limit_counters
// (db/schema/rate-limits.ts). A hit is one statement, an upsert that answers the count: atomic
// under concurrency, one round trip, planned once per connection (a named statement).

/** Rows the table keeps at most after a sweep; past it the counters that counted least go first. */
const RATE_LIMIT_MAX_ROWS = 100_000;
/** A count never passes this (the column is a 32-bit integer). */
const HITS_CAP = 2_000_000_000;

const HIT = `INSERT INTO rate_limit_counters AS c (key, hits, expires_at_ms) VALUES ($1, 1, $2::bigint + $3::bigint)
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN c.expires_at_ms <= $2::bigint THEN 1 ELSE least(c.hits + 1, ${HITS_CAP}) END,
  expires_at_ms = CASE WHEN c.expires_at_ms <= $2::bigint THEN excluded.expires_at_ms ELSE c.expires_at_ms END
RETURNING hits, expires_at_ms`;
const READ =
  'SELECT hits, expires_at_ms FROM rate_limit_counters WHERE key = $1 AND expires_at_ms > $2::bigint';

type Count = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Count) => void;
type Row = { hits: number; expires_at_ms: string };

/** The key as stored: 256 bits of its SHA-256, so every row has one size and no address is kept. */
const stored = (key: string) => createHash('sha256').update(key).digest('base64url');

/**
 * The store's constructor for @fastify/rate-limit's `store` option. `now` is the processes'
 * clock in ms (Date.now, as the in-memory store used; tests that fake Date move it too).
 */
export function pgRateLimitStore(
  pool: pg.Pool,
  now: () => number = () => Date.now(),
): FastifyRateLimitStoreCtor {
  class PgRateLimitStore implements FastifyRateLimitStore {
    /** A route's limit counts apart from every other route's (as the Redis store's keys do). */
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      const at = now();
      pool
        .query<Row>({
          name: 'rate_limit_hit',
          text: HIT,
          values: [stored(this.prefix + key), at, timeWindow],
        })
        .then(
          ({ rows: [row] }) =>
            callback(null, { current: row?.hits ?? 0, ttl: Number(row?.expires_at_ms) - at }),
          (err: Error) => callback(err),
        );
    }

    /** What a hit would see, without counting one (`{ increment: false }`). */
    read(key: string, callback: Callback) {
      const at = now();
      pool.query<Row>({ name: 'rate_limit_read', text: READ, values: [stored(this.prefix + key), at] }).then(
        ({ rows: [row] }) =>
          callback(
            null,
            row ? { current: row.hits, ttl: Number(row.expires_at_ms) - at } : { current: 0, ttl: 0 },
          ),
        (err: Error) => callback(err),
      );
    }

    /** The plugin's merged options; `routeInfo` is the route's (empty for app.createRateLimit). */
    child(routeOptions: object) {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new PgRateLimitStore(
        routeOptions,
        route?.url ? `${String(route.method)} ${String(route.url)} ` : '',
      );
    }
  }
  return PgRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Deletes the windows that ended and, past `maxRows`, the counters that counted least (then those
 * ending soonest): keys sprayed once go before the counts that hold someone back. Between two
 * sweeps the table grows by at most the requests served meanwhile.
 */
export async function sweepRateLimitCounters(
  pool: pg.Pool,
  { now = Date.now(), maxRows = RATE_LIMIT_MAX_ROWS }: { now?: number; maxRows?: number } = {},
) {
  const ended = await pool.query('DELETE FROM rate_limit_counters WHERE expires_at_ms <= $1::bigint', [now]);
  const [left] = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rate_limit_counters')).rows;
  const over = (left?.n ?? 0) - maxRows;
  const trimmed =
    over > 0
      ? await pool.query(
          `DELETE FROM rate_limit_counters WHERE key IN
             (SELECT key FROM rate_limit_counters ORDER BY hits, expires_at_ms LIMIT $1)`,
          [over],
        )
      : undefined;
  return { ended: ended.rowCount ?? 0, trimmed: trimmed?.rowCount ?? 0 };
}
