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
  /**
   * The value of `key`: a running or finished computation no write has outdated, or `compute()`
   * once for all. `reading`: the request's freshness read with its session (instead of a probe).
   * After a write, `compute` is given the value it outdated (a finished one, younger than
   * maxAgeMs), which it may answer again when it finds, reading after the probe as any
   * computation does, that the write changed nothing of it (tasks.page-stamp.ts).
   */
  get<T>(
    key: string,
    compute: (outdated?: Promise<T>) => Promise<T>,
    check?: FreshCheck,
    reading?: FreshnessReading,
  ): Promise<T>;
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

/** The sequence's value, as a probe answers it (`v`: analytics_version). */
const VERSION = sql`v.last_value::text || ':' || v.is_called::text`;

/**
 * X, read after the sequence: a subquery of the row `v` read (evaluated for that row, so after
 * it). X's ids are 32-bit in pg_stat_activity; each is made the 64-bit id pg_xact_status takes
 * with the epoch of the statement's snapshot (a transaction in progress is less than 2^31 ids from
 * it, either way).
 */
const WRITERS = sql`(select coalesce(array_agg((s.xmax + (((a.backend_xid::text::bigint - (s.xmax & 4294967295))
      + 2147483648) & 4294967295) - 2147483648)::text), '{}')
    from pg_stat_activity a,
      (select pg_snapshot_xmax(pg_current_snapshot())::text::bigint as xmax) s
    where a.backend_xid is not null and a.datname = current_database() and v.last_value is not null)`;

/** Those of `xips` (an SQL array of xid8 text) that have committed, or are too old to tell. */
const committedOf = (xips: SQL) =>
  sql`array(select x::text from unnest(${xips}::xid8[]) x
    where coalesce(pg_xact_status(x), 'committed') = 'committed')`;

const asParam = (xips: readonly string[]) => sql`${sql.param([...xips])}`;

/**
 * What the caches of one database share: one probe batch (lib/round-trips.ts: the statement asks
 * for every transaction any of them names), and their entries, whose X a reading asks about.
 */
type Registry = { probe: (xips: string[]) => Promise<Probed>; caches: Set<Map<string, Entry>> };
const registries = new WeakMap<Db, Registry>();

function registryOf(db: Db): Registry {
  let registry = registries.get(db);
  if (!registry) {
    const probe = createSharedRoundTrips<string[], Probed>(async (asked) => {
      const { rows } = await db.execute<{ version: string; committed: string[]; writers: string[] }>(sql`
        select ${VERSION} as version, ${WRITERS} as writers,
          ${committedOf(asParam([...new Set(asked.flat())]))} as committed
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
    registry = { probe, caches: new Set() };
    registries.set(db, registry);
  }
  return registry;
}

/**
 * A probe's answer read by another statement the request sends anyway once it has arrived (its
 * session lookup, platform/session.ts), asking about the X of every computation kept on the
 * database: a cache given it (`get`'s `reading`) probes no more when it knows the fate of its
 * entry's X. `asked`: the transactions whose fate it knows.
 */
export type FreshnessReading = {
  version: string;
  writers: string[];
  asked: ReadonlySet<string>;
  committed: ReadonlySet<string>;
};

/** At most this many transactions are asked about by a reading (an entry beyond them probes). */
const READING_XIPS = 256;

/** Readings made beside another statement, for the caches on `db`. */
export function freshnessReadings(db: Db) {
  const { caches } = registryOf(db);
  return {
    /** The transactions the kept computations were stamped with: what a reading asks about. */
    held(): string[] {
      const held = new Set<string>();
      for (const entries of caches)
        for (const entry of entries.values())
          for (const x of entry.xips) {
            if (held.size >= READING_XIPS) return [...held];
            held.add(x);
          }
      return [...held];
    },
    /** A column: the reading as JSON, asking about `asked` (an SQL array of xid8 text). */
    column: (asked: SQL) => sql<ReadingJson>`(select json_build_object('version', ${VERSION},
        'writers', ${WRITERS}, 'committed', ${committedOf(asked)}) from analytics_version v)`,
    /** The reading a `column` answered when asked about `asked`. */
    parse: (json: ReadingJson, asked: readonly string[]): FreshnessReading => ({
      version: json.version,
      writers: json.writers,
      asked: new Set(asked),
      committed: new Set(json.committed),
    }),
  };
}

type ReadingJson = { version: string; writers: string[]; committed: string[] };

export function createFreshCache(db: Db, { maxAgeMs, maxEntries, now }: FreshCacheOptions): FreshCache {
  const entries = new Map<string, Entry>();
  const registry = registryOf(db);
  registry.caches.add(entries);

  /**
   * The sequence's value now, X, and whether a transaction of `xips` has committed (or is too old
   * to tell); with `check`, whether its condition holds, in the same statement (not shared).
   */
  async function probe(xips: string[], check: FreshCheck | undefined): Promise<Probed> {
    if (!check) return registry.probe(xips);
    const { rows } = await db.execute<{
      version: string;
      committed: string[];
      writers: string[];
      allowed: boolean;
    }>(sql`
      select ${VERSION} as version, ${WRITERS} as writers, ${committedOf(asParam(xips))} as committed,
        coalesce(${check.sql}, false) as allowed
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
    async get<T>(
      key: string,
      compute: (outdated?: Promise<T>) => Promise<T>,
      check?: FreshCheck,
      reading?: FreshnessReading,
    ): Promise<T> {
      // At most a few rounds: an entry changes under a probe when another request starts a
      // computation, and then we look again at what is there now.
      for (let round = 0; ; round++) {
        const entry = entries.get(key);
        const xips = entry?.xips ?? [];
        // The request's own reading, when it knows the fate of every transaction of X (the first
        // round only: a later one follows an entry made after it, maybe on a newer answer).
        const probed =
          round === 0 && reading && !check && xips.every((x) => reading.asked.has(x))
            ? {
                version: reading.version,
                writers: reading.writers,
                moved: xips.some((x) => reading.committed.has(x)),
              }
            : await probe(xips, check);
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
        const outdated =
          entry?.done && now() - entry.startedAt < maxAgeMs ? (entry.value as Promise<T>) : undefined;
        return keep(
          key,
          begin(probed, () => compute(outdated)),
        ).value as Promise<T>;
      }
    },
  };
}

/** Sends a shared value: serialized and compressed once (lib/shared-response.ts). */
export { createSendShared } from './shared-response.ts';
