import type { BulkTaskChange, BulkTaskItem, BulkTaskResult, Task, UpdateTask } from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import type { TaskRow } from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/session.ts';
import type { AfterCommit, InTransaction } from '../../lib/write.ts';

/** `C`: a committed status change, told to the status listeners after the commit. */
export type UpdateWithin<C> = (
  tx: Db,
  after: AfterCommit,
  actor: SessionUser,
  id: string,
  body: UpdateTask,
) => Promise<{ task: Task; current: TaskRow; change?: C }>;

type Deps<C> = {
  inTransaction: InTransaction;
  /** The edit call's checked change in the caller's transaction (history, webhook, realtime, notices). */
  updateWithin: UpdateWithin<C>;
  afterStatusChange: (change: C) => Promise<void>;
};

/** What a task had of the field a change sets: what its Undo sends back. */
function previousOf(current: TaskRow, change: BulkTaskChange): BulkTaskChange {
  if (change.status !== undefined || change.stateId !== undefined) {
    // A task of a product with states goes back to its state (its status follows it).
    return current.stateId ? { stateId: current.stateId } : { status: current.status };
  }
  if (change.assigneeId !== undefined) return { assigneeId: current.assigneeId };
  if (change.priority !== undefined) return { priority: current.priority };
  return { dueDate: current.dueDate };
}

/**
 * Bulk changes (issue 30, docs/decisions/044-bulk-task-changes.md): every task goes through the
 * edit call's own checks, history, webhook and realtime, all in ONE transaction: a task the caller
 * may not see (404) or not edit (403) refuses the whole request and nothing changes. Rows are
 * locked in id order, so two bulk changes over the same tasks never deadlock.
 */
export function createTaskBulk<C>({ inTransaction, updateWithin, afterStatusChange }: Deps<C>) {
  async function apply(actor: SessionUser, items: readonly BulkTaskItem[]): Promise<BulkTaskResult> {
    const ordered = [...new Map(items.map((item) => [item.id, item])).values()].sort((a, b) =>
      a.id.localeCompare(b.id),
    );
    const changes: C[] = [];
    const byId = await inTransaction(async (tx, after) => {
      const done = new Map<string, { task: Task; previous: BulkTaskChange }>();
      for (const { id, change } of ordered) {
        const result = await updateWithin(tx, after, actor, id, change);
        if (result.change) changes.push(result.change);
        done.set(id, { task: result.task, previous: previousOf(result.current, change) });
      }
      return done;
    });
    for (const change of changes) await afterStatusChange(change);
    // Answered in the order asked.
    const asked = [...new Set(items.map((item) => item.id))];
    const results = asked.flatMap((id) => {
      const found = byId.get(id);
      return found ? [{ id, ...found }] : [];
    });
    return {
      tasks: results.map((r) => r.task),
      previous: results.map((r) => ({ id: r.id, change: r.previous })),
    };
  }

  return {
    /** The same change on every task named. */
    update: (actor: SessionUser, ids: readonly string[], change: BulkTaskChange) =>
      apply(
        actor,
        ids.map((id) => ({ id, change })),
      ),
    /** Each task back to its own value: the Undo of `update`. */
    restore: (actor: SessionUser, items: readonly BulkTaskItem[]) => apply(actor, items),
  };
}
