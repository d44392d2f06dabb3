import {
  isAdmin,
  TRASH_DAYS,
  type TrashItem,
  type TrashKind,
  type TrashQuery,
  trashMessages,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import type { Changes } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import type { Viewer } from '../../lib/visibility.ts';
import { type AfterCommit, createInTransaction } from '../../lib/write.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import type { TrashedRow, TrashRepository, TrashRow } from './trash.repository.ts';

const DAY_MS = 86_400_000;
/** At most this many of each kind per run of the purge job; the next run takes the rest. */
const PURGED_PER_RUN = 500;

type Deps = {
  db: Db;
  trash: TrashRepository;
  activities: ActivityRecorder;
  changes: Changes;
  clock: Clock;
  /** In the purge's transaction: what other modules keep of a task goes, and what to do after commit. */
  purgingTask: (taskId: string, tx: Db) => Promise<Array<() => Promise<void>>>;
  /** The storage keys of a product's files (its documents and its tasks' files). */
  productFiles: {
    keysOf: (productId: string, tx: Db) => Promise<string[]>;
    remove: (keys: string[]) => Promise<void>;
  };
};

const at = (value: Date | string) => new Date(value);

function toItem(row: TrashRow): TrashItem {
  const deletedAt = at(row.deleted_at);
  return {
    kind: row.kind,
    id: row.id,
    name: row.name,
    productId: row.product_id,
    productName: row.product_name,
    deletedAt: deletedAt.toISOString(),
    deletedBy: row.deleted_by ? { id: row.deleted_by, name: row.deleted_by_name ?? '' } : null,
    purgeAt: new Date(deletedAt.getTime() + TRASH_DAYS * DAY_MS).toISOString(),
    productInTrash: row.product_in_trash,
  };
}

const notInTrash = () => NotFound(trashMessages.notFound, 'NOT_IN_TRASH');

/** canEditProduct on a stored row (lib/visibility.ts), trashed or not. */
const managesRow = (actor: Viewer, row: TrashedRow) =>
  isAdmin(actor.role) || (actor.role !== 'guest' && row.product_created_by === actor.id);

export function createTrashService({
  db,
  trash,
  activities,
  changes,
  clock,
  purgingTask,
  productFiles,
}: Deps) {
  const inTransaction = createInTransaction(db, changes);

  /** 404 when the caller may not know it is there, 403 when they see it but may not do this. */
  async function find(actor: Viewer, kind: TrashKind, id: string, tx: Db, mayRestoreOwn: boolean) {
    const row =
      kind === 'task' ? await trash.findTask(actor, id, tx) : await trash.findProduct(actor, id, tx);
    if (!row?.sees) throw notInTrash();
    const own = mayRestoreOwn && actor.role !== 'guest' && row.deleted_by === actor.id;
    if (!managesRow(actor, row) && !own) throw Forbidden(trashMessages.forbidden, 'FORBIDDEN');
    return row;
  }

  /** A task out of the trash, checked by `find`: not while its product is in the trash (409). */
  async function restoreTaskWithin(tx: Db, after: AfterCommit, actor: SessionUser, row: TrashedRow) {
    if (row.product_in_trash || row.with_product)
      throw Conflict(trashMessages.productInTrash, 'PRODUCT_IN_TRASH');
    // With the tasks trashed with it (the Undo of a duplicate with its sub-tasks, decision 048).
    const below = await trash.trashedBelow(row.id, tx);
    await trash.restoreTask(
      row.id,
      below.map((t) => t.id),
      tx,
    );
    for (const task of [row, ...below]) {
      await activities.insert(
        {
          actionType: 'task_restored',
          description: `Restored task "${task.name}"`,
          metadata: { taskId: task.id, title: task.name },
          productId: task.product_id,
          taskId: task.id,
          performedBy: actor.id,
        },
        tx,
      );
      after.publish({ kind: 'task', op: 'created', id: task.id, productId: task.product_id });
    }
  }

  return {
    async list(actor: SessionUser, query: TrashQuery): Promise<TrashItem[]> {
      return (await trash.list(actor, query.productId)).map(toItem);
    },

    /**
     * Back from the trash with everything it kept (comments, checklist, labels, files, history).
     * A task deleted with its product, or whose product is in the trash, comes back with the product.
     */
    async restore(actor: SessionUser, kind: TrashKind, id: string): Promise<void> {
      await inTransaction(async (tx, after) => {
        const row = await find(actor, kind, id, tx, true);
        if (kind === 'task') return restoreTaskWithin(tx, after, actor, row);
        await trash.restoreProduct(id, tx);
        await activities.insert(
          {
            actionType: 'product_restored',
            description: `Restored product "${row.name}"`,
            metadata: { productId: id, name: row.name },
            productId: id,
            performedBy: actor.id,
          },
          tx,
        );
        // Its people's sockets learn that they see it again before the change is routed.
        const access = [actor.id, ...(await trash.peopleOf(id, tx))];
        after.publish({ kind: 'product', op: 'created', id, productId: id, access });
      });
    },

    /**
     * The Undo of the keyboard's delete (issue 30): every task named back from the trash in one
     * transaction, each checked as its own restore; one refused refuses them all. Id order.
     */
    async restoreTasks(actor: SessionUser, ids: readonly string[]): Promise<string[]> {
      const asked = [...new Set(ids)];
      await inTransaction(async (tx, after) => {
        for (const id of [...asked].sort()) {
          await restoreTaskWithin(tx, after, actor, await find(actor, 'task', id, tx, true));
        }
      });
      return asked;
    },

    /** Deleted forever now, with its files (their bytes once the rows are gone). */
    async purge(actor: SessionUser, kind: TrashKind, id: string): Promise<void> {
      const cleanup = await inTransaction(async (tx) => {
        await find(actor, kind, id, tx, false);
        return purgeOne(kind, id, tx);
      });
      await cleanup();
    },

    /** The job: what has been in the trash for TRASH_DAYS days goes. Answers how many went. */
    async purgeExpired(): Promise<number> {
      const before = new Date(clock.now().getTime() - TRASH_DAYS * DAY_MS);
      const expired = await trash.expired(before, PURGED_PER_RUN);
      for (const { kind, id } of expired) {
        const cleanup = await db.transaction((tx) => purgeOne(kind, id, tx));
        await cleanup();
      }
      return expired.length;
    },
  };

  async function purgeOne(kind: TrashKind, id: string, tx: Db): Promise<() => Promise<void>> {
    if (kind === 'task') {
      // The tasks trashed with it go with it (decision 048), each with what modules keep of it.
      const cleanups: Array<() => Promise<void>> = [];
      for (const task of [...(await trash.trashedBelow(id, tx)), { id }]) {
        cleanups.push(...(await purgingTask(task.id, tx)));
        await trash.purgeTask(task.id, tx);
      }
      return async () => {
        for (const cleanup of cleanups) await cleanup();
      };
    }
    const keys = await productFiles.keysOf(id, tx);
    await trash.purgeProduct(id, tx);
    return () => productFiles.remove(keys);
  }
}

export type TrashService = ReturnType<typeof createTrashService>;
