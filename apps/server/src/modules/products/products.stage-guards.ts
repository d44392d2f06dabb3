import type { ProductStatus, StageOverride } from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import type { ProductRow } from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/session.ts';
import type { AfterCommit, InTransaction } from '../../lib/write.ts';

/**
 * What a stage guard (issue 32: stage gates) is told of a move to another stage, inside the move's
 * transaction: it may refuse the move by throwing, and queue work to run once a refused move has
 * rolled back (`onRollback`, in its own transaction).
 */
export type StageMove = {
  tx: Db;
  after: AfterCommit;
  actor: SessionUser;
  product: ProductRow;
  to: ProductStatus;
  override: StageOverride | undefined;
  onRollback: (work: () => Promise<void>) => void;
};
export type StageGuard = (move: StageMove) => Promise<void>;
export type GuardedMove = Omit<StageMove, 'tx' | 'after' | 'onRollback'>;

/**
 * A write that may move a product: its work gets `guard(move)`, which runs every stage guard in the
 * write's transaction; what a guard queues with `onRollback` runs once a refused move has rolled
 * back (a refusal's record, which must outlive the rollback).
 */
export function createMoveInTransaction(inTransaction: InTransaction, stageGuards: readonly StageGuard[]) {
  return async <T>(
    work: (tx: Db, after: AfterCommit, guard: (move: GuardedMove) => Promise<void>) => Promise<T>,
  ): Promise<T> => {
    const onRollback: Array<() => Promise<void>> = [];
    try {
      return await inTransaction((tx, after) =>
        work(tx, after, async (move) => {
          for (const check of stageGuards) {
            await check({ tx, after, ...move, onRollback: (run) => void onRollback.push(run) });
          }
        }),
      );
    } catch (err) {
      // Best effort: a failure here must not hide why the move failed.
      for (const run of onRollback) await run().catch(() => undefined);
      throw err;
    }
  };
}
