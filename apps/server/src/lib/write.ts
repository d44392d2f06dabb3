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
