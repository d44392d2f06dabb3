import { type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Change, Changes } from './realtime/changes.ts';

/** What a write hands on to run once its transaction has committed. */
export type AfterCommit = {
  /** Queues realtime changes; they are published only after the commit, never after a rollback. */
  publish: (...changes: Change[]) => void;
};

/** Runs `work` in one transaction, then whatever it queued on `after` (docs/decisions/009-realtime.md). */
export type InTransaction = <T>(work: (tx: Db, after: AfterCommit) => Promise<T>) => Promise<T>;

/**
 * The one place that owns "publish after commit": a service writes in `inTransaction` (its
 * rows, activity entry, outbox and notification on `tx`) and queues its realtime changes on
 * `after`; they go out once the transaction committed, and not at all when it threw (a
 * refused or rolled-back write publishes nothing).
 */
export function createInTransaction(db: Db, changes: Changes): InTransaction {
  return async (work) => {
    const queued: Change[] = [];
    const result = await db.transaction((tx) => work(tx, { publish: (...c) => queued.push(...c) }));
    changes.publish(...queued);
    return result;
  };
}

/**
 * Several writes of one change sent as ONE statement (`WITH s0 AS (…), s1 AS (…) SELECT …`): one
 * round trip and one parse instead of one each (issue 17). Each must be a data-modifying statement
 * with a RETURNING clause; answers how many rows each returned, in order. The modules hand over
 * statements from their own entry points (an activity entry, the webhook outbox, the watchers):
 * the tables stay theirs. They all see the same snapshot (none sees another's rows), and
 * foreign keys are checked at the end of the statement, so they may reference a row this
 * transaction wrote before.
 */
export async function writeTogether(tx: Db, statements: SQLWrapper[]): Promise<number[]> {
  if (statements.length === 0) return [];
  const ctes = sql.join(
    statements.map((s, i) => sql`${sql.raw(`s${i}`)} as (${s.getSQL()})`),
    sql`, `,
  );
  const counts = sql.join(
    statements.map((_, i) => sql.raw(`(select count(*) from s${i})::int as n${i}`)),
    sql`, `,
  );
  const result = await tx.execute<Record<string, number>>(sql`with ${ctes} select ${counts}`);
  const row = result.rows[0] ?? {};
  return statements.map((_, i) => Number(row[`n${i}`] ?? 0));
}

/**
 * A change sent as ONE statement outside any transaction (issue 17: no BEGIN, no COMMIT, one round
 * trip): `lead`, an INSERT … RETURNING whose WHERE makes the change's checks, and the writes that
 * hang off its row (as `writeTogether`'s), which name that row by the id the caller chose
 * beforehand. It commits whole or not at all: when a check fails the lead writes nothing, and the
 * foreign key of at least one other write to the lead's row (the caller must include one) then
 * fails the statement with 23503, so nothing is written; the caller takes its checked path, which
 * says which check failed. Answers the lead's returned row and how many rows each other returned.
 */
export async function writeAtOnce(
  db: Db,
  lead: SQLWrapper,
  statements: SQLWrapper[],
): Promise<{ row: Record<string, unknown>; counts: number[] }> {
  const ctes = sql.join(
    [
      sql`lead as (${lead.getSQL()})`,
      ...statements.map((s, i) => sql`${sql.raw(`s${i}`)} as (${s.getSQL()})`),
    ],
    sql`, `,
  );
  const countsOf = statements.map((_, i) => sql.raw(`, (select count(*) from s${i})::int as "$n${i}"`));
  const result = await db.execute<Record<string, unknown>>(
    sql`with ${ctes} select lead.*${sql.join(countsOf)} from lead`,
  );
  const row = result.rows[0];
  // Only reachable when no other write referenced the lead's row: they were written without it.
  if (!row)
    throw new Error('writeAtOnce: the lead wrote nothing and no foreign key to it failed the statement');
  const counts = statements.map((_, i) => {
    const n = Number(row[`$n${i}`]);
    delete row[`$n${i}`];
    return n;
  });
  return { row, counts };
}
