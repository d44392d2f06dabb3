import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { createSharedRoundTrips } from './round-trips.ts';

// A short-lived cache with request coalescing for the read models that aggregate whole tables
// (analytics, reports): one computation per key at a time, shared by every request that may
// use it, and never a figure older than the last write committed before the request arrived,
// whichever process or path wrote it (docs/decisions/018-analytics-speed.md).
//
// How a figure knows it is still current: every statement that writes a table those read
// models read bumps the sequence analytics_version from a trigger, after its rows are written
// and before its transaction commits (migration 0011). The freshness probe reads the sequence (V)
// and then, in the same statement, the transactions of this database in progress (X: every
// backend's transaction id, from pg_stat_activity). A computation started on that probe's answer
// runs its queries after it, so their snapshots are later than both. A write it may miss either
// bumped the sequence after V was read (the value differs) or bumped it before, and then held its
// transaction id before X was read: still in progress then, it is in X; finished, the queries see
// it. So a request may use a computation, running or done, when the sequence still reads V and no
// transaction of X has committed since: one round trip (`probe`), shared with the other requests
// asking at the same time (lib/round-trips.ts), which also stamps what is computed on its answer.
// (Prepared transactions of two-phase commit are no backend's and would be missed: Shipyard uses
// none.)

/** The freshness stamp of a computation: the sequence's value and the writers it could not see. */
type Entry = {
  version: string;
  /** Transactions in progress when the probe the computation started on was answered. */
  xips: string[];
  startedAt: number;
  value: Promise<unknown>;
  /** The value has arrived. */
  done: boolean;
  /** A newer computation of the same version is running to replace this one. */
  refreshing?: boolean;
};

/** What a probe answers: the sequence's value, whether a transaction asked about has committed, X. */
type Probed = { version: string; moved: boolean; writers: string[] };

/**
 * A condition of the caller's own, asked in the freshness probe's round trip rather than in one of
 * its own (the board's "may this viewer see the product", decision 022): when `sql` (a boolean
 * expression) is not true, `refuse()` is thrown and nothing is computed or shared.
 */
type FreshCheck = { sql: SQL; refuse: () => Error };

export type FreshCache = {
  /** The value of `key`: a running or finished computation no write has outdated, or `compute()` once for all. */
  get<T>(key: string, compute: () => Promise<T>, check?: FreshCheck): Promise<T>;
};

export type FreshCacheOptions = {
  /**
   * How long a figure is served at most, even without any write ("now" moves on); from half of
   * it on, requests still get it while a newer one is computed beside them.
   */
  maxAgeMs: number;
  /** Keys kept at most (the oldest go first). */
  maxEntries: number;
  /** ms since the epoch. */
  now: () => number;
};

/**
 * The sequence's value and then X, in this order: X is a subquery of the row `v` read (evaluated
 * for that row, so after it). X's ids are 32-bit in pg_stat_activity; each is made the 64-bit id
 * pg_xact_status takes with the epoch of the statement's snapshot (a transaction in progress is
 * less than 2^31 ids from it, either way).
 */
const VERSION_AND_WRITERS = sql`v.last_value::text || ':' || v.is_called::text as version,
  (select coalesce(array_agg((s.xmax + (((a.backend_xid::text::bigint - (s.xmax & 4294967295)) + 2147483648)
      & 4294967295) - 2147483648)::text), '{}')
    from pg_stat_activity a,
      (select pg_snapshot_xmax(pg_current_snapshot())::text::bigint as xmax) s
    where a.backend_xid is not null and a.datname = current_database() and v.last_value is not null) as writers`;

const committedOf = (xips: readonly string[]) =>
  sql`array(select x::text from unnest(${sql.param([...xips])}::xid8[]) x
    where coalesce(pg_xact_status(x), 'committed') = 'committed')`;

/**
 * The probes of every cache on one database share their round trips (lib/round-trips.ts): the
 * statement asks for every transaction any of them names.
 */
const sharedProbes = new WeakMap<Db, (xips: string[]) => Promise<Probed>>();

function sharedProbeOf(db: Db) {
  let probe = sharedProbes.get(db);
  if (!probe) {
    probe = createSharedRoundTrips<string[], Probed>(async (asked) => {
      const { rows } = await db.execute<{ version: string; committed: string[]; writers: string[] }>(sql`
        select ${VERSION_AND_WRITERS}, ${committedOf([...new Set(asked.flat())])} as committed
        from analytics_version v`);
      const row = rows[0];
      if (!row) throw new Error('analytics_version is missing');
      const committed = new Set(row.committed);
      return asked.map((xips) => ({
        version: row.version,
        writers: row.writers,
        moved: xips.some((x) => committed.has(x)),
      }));
    });
    sharedProbes.set(db, probe);
  }
  return probe;
}

export function createFreshCache(db: Db, { maxAgeMs, maxEntries, now }: FreshCacheOptions): FreshCache {
  const entries = new Map<string, Entry>();
  const sharedProbe = sharedProbeOf(db);

  /**
   * The sequence's value now, X, and whether a transaction of `xips` has committed (or is too old
   * to tell); with `check`, whether its condition holds, in the same statement (not shared).
   */
  async function probe(xips: string[], check: FreshCheck | undefined): Promise<Probed> {
    if (!check) return sharedProbe(xips);
    const { rows } = await db.execute<{
      version: string;
      committed: string[];
      writers: string[];
      allowed: boolean;
    }>(sql`
      select ${VERSION_AND_WRITERS}, ${committedOf(xips)} as committed, coalesce(${check.sql}, false) as allowed
      from analytics_version v`);
    const row = rows[0];
    if (!row) throw new Error('analytics_version is missing');
    if (!row.allowed) throw check.refuse();
    return { version: row.version, writers: row.writers, moved: row.committed.length > 0 };
  }

  /** A computation stamped with a probe's answer; not yet visible to other requests. */
  function begin({ version, writers }: Probed, compute: () => Promise<unknown>): Entry {
    const entry: Entry = { version, xips: writers, startedAt: now(), done: false, value: Promise.resolve() };
    entry.value = compute().then((value) => {
      entry.done = true;
      return value;
    });
    return entry;
  }

  /** Makes `entry` the one requests for `key` look at (the oldest keys go beyond maxEntries). */
  function keep(key: string, entry: Entry) {
    // A failure is answered to those who shared it, never kept.
    entry.value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    entries.delete(key);
    entries.set(key, entry);
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries) break;
      entries.delete(oldest);
    }
    return entry;
  }

  /**
   * Past half its age, a figure that is still current is computed again in the background, so
   * that no request waits for the clock: it replaces the old one when done, if nothing newer
   * did meanwhile.
   */
  function refresh(key: string, entry: Entry, probed: Probed, compute: () => Promise<unknown>) {
    const next = begin(probed, compute);
    entry.refreshing = true;
    next.value.then(
      () => {
        if (entries.get(key) === entry) keep(key, next);
      },
      () => {
        entry.refreshing = false;
      },
    );
  }

  return {
    async get<T>(key: string, compute: () => Promise<T>, check?: FreshCheck): Promise<T> {
      // At most a few rounds: an entry changes under a probe when another request starts a
      // computation, and then we look again at what is there now.
      for (let round = 0; ; round++) {
        const entry = entries.get(key);
        const probed = await probe(entry?.xips ?? [], check);
        if (entries.get(key) !== entry) {
          if (round < 3) continue;
        } else if (
          entry &&
          entry.version === probed.version &&
          !probed.moved &&
          now() - entry.startedAt < maxAgeMs
        ) {
          if (entry.done && !entry.refreshing && now() - entry.startedAt >= maxAgeMs / 2)
            refresh(key, entry, probed, compute);
          return entry.value as Promise<T>;
        }
        return keep(key, begin(probed, compute)).value as Promise<T>;
      }
    },
  };
}

/** Sends a shared value: serialized and compressed once (lib/shared-response.ts). */
export { createSendShared } from './shared-response.ts';
