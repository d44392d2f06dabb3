import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The rate limiter's counters when there is no Redis (issue 27 #10, platform/rate-limit.store.ts):
 * one fixed window per key, shared by every server process on this database. UNLOGGED (its
 * migration says so; Drizzle cannot): no WAL is written for a counter, and a crash empties the
 * table, which forgets counts as a restart of the in-memory store did. `key` is the SHA-256 of
 * the limiter's key (an account, an address, an e-mail address), so every row has the same size
 * and no address is kept; `expiresAtMs` is when the window ends, in ms of the processes' clocks.
 * The sweep deletes ended windows and keeps at most a bounded number of rows.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text().primaryKey(),
  hits: integer().notNull(),
  expiresAtMs: bigint({ mode: 'number' }).notNull(),
});
