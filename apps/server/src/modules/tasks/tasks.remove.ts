import { canEditTasks, taskMessages } from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import { Forbidden } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session.ts';
import { refuseArchivedProduct } from '../../lib/visibility.ts';
import type { AfterCommit, InTransaction } from '../../lib/write.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import type { WebhookOutbox } from '../services/index.ts';
import { taskNotFound } from './tasks.access.ts';
import { withRelations } from './tasks.event-relations.ts';
import type { TasksRepository } from './tasks.repository.ts';
import { taskEvent } from './tasks.rules.ts';

type Deps = {
  inTransaction: InTransaction;
  tasks: TasksRepository;
  activities: ActivityRecorder;
  outbox: WebhookOutbox;
};

/**
 * To the trash (issue 28, modules/trash): gone from every read, restorable for 30 days by whoever
 * manages the product (or whoever deleted it). Its comments, checklist, labels and files stay with
 * it until the purge. One task (DELETE /tasks/{id}) or several in one transaction (issue 30:
 * POST /tasks/bulk/delete, the keyboard's Delete), each checked and recorded alike.
 */
export function createTaskRemoval({ inTransaction, tasks, activities, outbox }: Deps) {
  async function removeWithin(
    tx: Db,
    after: AfterCommit,
    actor: SessionUser,
    id: string,
    at: Date,
    withSubtasks = false,
  ) {
    const current = await tasks.lockVisible(tx, actor, id);
    if (!current) throw taskNotFound();
    if (!canEditTasks(actor.role)) throw Forbidden(taskMessages.guestReadOnly, 'READ_ONLY');
    await refuseArchivedProduct(tx, current.productId);
    await tasks.trash(id, actor.id, at, tx);
    // Its sub-tree with it when asked (the Undo of a duplicate with its sub-tasks, decision 048).
    const below = withSubtasks ? await tasks.trashBelow(id, actor.id, at, tx) : [];
    for (const row of [current, ...below]) {
      await outbox.enqueue(tx, taskEvent('task.deleted', await withRelations(tx, row)));
      const { title, status, priority, productId } = row;
      await activities.insert(
        {
          actionType: 'task_deleted',
          description: `Deleted task "${title}"`,
          metadata: { taskId: row.id, title, status, priority },
          productId,
          taskId: row.id,
          performedBy: actor.id,
        },
        tx,
      );
      after.publish({ kind: 'task', op: 'deleted', id: row.id, productId });
    }
  }

  return {
    /** DELETE /tasks/{id}; `withSubtasks`: its live sub-tree too (restored and purged with it). */
    one: (actor: SessionUser, id: string, at: Date, { withSubtasks = false } = {}) =>
      inTransaction((tx, after) => removeWithin(tx, after, actor, id, at, withSubtasks)),

    /**
     * Every task named, in one transaction: one the caller may not see (404) or delete (403)
     * refuses the whole request. Locked in id order (no deadlock with another bulk change).
     */
    async many(actor: SessionUser, ids: readonly string[], at: Date): Promise<string[]> {
      const asked = [...new Set(ids)];
      await inTransaction(async (tx, after) => {
        for (const id of [...asked].sort()) await removeWithin(tx, after, actor, id, at);
      });
      return asked;
    },
  };
}
