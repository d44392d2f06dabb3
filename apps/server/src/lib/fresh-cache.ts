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
// and before its transaction commits (migration 0011). A computation first reads the sequence
// (V), then finishes a transaction id of its own, then takes a snapshot and keeps the
// transactions it lists as in progress (X), then runs its queries, whose snapshots are all later.
// A write it may miss either bumped the sequence after V was read (the value differs) or was in
// progress when X was taken (it is in X). So a request may use that computation, running or done,
// when the sequence still reads V and no transaction of X has committed since: one round trip
// (`probe`), shared with the other requests asking at the same time. Anything else computes anew.
// A request that finds a computation whose X has not arrived yet waits for it, then probes: its
// snapshot may have been taken before the request arrived, with a write in progress then that
// has committed since.

/** The freshness stamp of a computation: the sequence's value and the writers it could not see. */
type Entry = {
  version: string;
  /** Transactions in progress when the computation's snapshot was taken; undefined until then. */
  xips: string[] | undefined;
  /** Settles once `xips` is known (or the computation failed before). */
  snapshot: Promise<void>;
  startedAt: number;
  value: Promise<unknown>;
  /** The value has arrived. */
  done: boolean;
  /** A newer computation of the same version is running to replace this one. */
  refreshing?: boolean;
};

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

export function createFreshCache(db: Db, { maxAgeMs, maxEntries, now }: FreshCacheOptions): FreshCache {
  const entries = new Map<string, Entry>();

  const sharedProbe = createSharedRoundTrips<string[], { version: string; moved: boolean }>(async (asked) => {
    const { rows } = await db.execute<{ version: string; committed: string[] }>(sql`
      select v.last_value::text || ':' || v.is_called::text as version,
        array(select x::text from unnest(${sql.param([...new Set(asked.flat())])}::xid8[]) x
              where coalesce(pg_xact_status(x), 'committed') = 'committed') as committed
      from analytics_version v`);
    const row = rows[0];
    if (!row) throw new Error('analytics_version is missing');
    const committed = new Set(row.committed);
    return asked.map((xips) => ({ version: row.version, moved: xips.some((x) => committed.has(x)) }));
  });

  /**
   * The sequence's value now, and whether a transaction of `xips` has committed (or is too old to
   * tell); with `check`, whether its condition holds, in the same statement. Without one, the
   * probes of concurrent requests share a round trip (lib/round-trips.ts): the statement asks for
   * every transaction any of them names.
   */
  async function probe(xips: string[], check: FreshCheck | undefined) {
    if (!check) return sharedProbe(xips);
    const { rows } = await db.execute<{ version: string; moved: boolean; allowed: boolean }>(sql`
      select v.last_value::text || ':' || v.is_called::text as version,
        exists (select 1 from unnest(${sql.param(xips)}::xid8[]) x
                where coalesce(pg_xact_status(x), 'committed') = 'committed') as moved,
        coalesce(${check.sql}, false) as allowed
      from analytics_version v`);
    const row = rows[0];
    if (!row) throw new Error('analytics_version is missing');
    if (!row.allowed) throw check.refuse();
    return row;
  }

  /** A computation stamped with `version`; not yet visible to other requests. */
  function begin(version: string, compute: () => Promise<unknown>): Entry {
    let taken = () => {};
    const entry: Entry = {
      version,
      xips: undefined,
      snapshot: new Promise<void>((resolve) => {
        taken = resolve;
      }),
      startedAt: now(),
      done: false,
      value: Promise.resolve(),
    };
    entry.value = (async () => {
      try {
        entry.xips = await snapshotOf();
      } finally {
        taken();
      }
      const value = await compute();
      entry.done = true;
      return value;
    })();
    return entry;
  }

  /** Transactions still in progress for a computation starting now, after its version was read. */
  async function snapshotOf(): Promise<string[]> {
    // A snapshot lists as in progress only the transactions below its xmax (the newest
    // finished transaction id + 1): a writer that took its id later, even before V was read,
    // would be missing. Finishing a transaction id of our own first moves xmax past every id
    // handed out before (one id per computation).
    await db.execute(sql`select pg_current_xact_id()`);
    // Transaction ids are the cluster's: those of sessions in other databases cannot have
    // written ours, and would only make the figure look outdated when they commit.
    const { rows } = await db.execute<{ xips: string[] }>(sql`
        select coalesce(array_agg(x::text), '{}') as xips
        from pg_snapshot_xip(pg_current_snapshot()) x
        where x::xid not in (select backend_xid from pg_stat_activity
                             where backend_xid is not null and datname is distinct from current_database())`);
    return rows[0]?.xips ?? [];
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
  function refresh(key: string, entry: Entry, compute: () => Promise<unknown>) {
    const next = begin(entry.version, compute);
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
      // At most a few rounds: an entry changes under a probe only when its snapshot arrives or
      // another request starts a computation, and then we look again at what is there now.
      for (let round = 0; ; round++) {
        // A computation whose snapshot has not arrived: whether it may be shared depends on its X.
        const running = entries.get(key);
        if (running && !running.xips) await running.snapshot;
        const entry = entries.get(key);
        const xips = entry?.xips;
        const { version, moved } = await probe(xips ?? [], check);
        const current = entries.get(key);
        if (current !== entry || current?.xips !== xips || (entry && !xips)) {
          if (round < 3) continue;
        } else if (entry && entry.version === version && !moved && now() - entry.startedAt < maxAgeMs) {
          if (entry.done && !entry.refreshing && now() - entry.startedAt >= maxAgeMs / 2)
            refresh(key, entry, compute);
          return entry.value as Promise<T>;
        }
        return keep(key, begin(version, compute)).value as Promise<T>;
      }
    },
  };
}

/** Sends a shared value: serialized and compressed once (lib/shared-response.ts). */
export { createSendShared } from './shared-response.ts';
