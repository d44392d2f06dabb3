import { taskMessages } from '@shipyard/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, tasks } from '../../db/schema/index.ts';
import { type AppError, Forbidden, NotFound } from '../../lib/errors.ts';
import type { Change } from '../../lib/realtime/changes.ts';
import { refuseArchivedProduct, type Viewer, visibleProducts } from '../../lib/visibility.ts';

// What hangs off a task (its checklist, labels and files — issue 15, docs/decisions/012-task-page.md):
// seeing it is seeing its product (a task out of sight is a 404); members and admins change it,
// guests only read; nothing of an archived product changes (409).

export type TaskRef = { id: string; productId: string; assigneeId: string | null };

/**
 * A task the caller has already found visible to the viewer (one visibility check for a whole
 * page, docs/decisions/023-request-hot-path.md). A reader taking it checks nothing again: pass
 * only a task that a visibility check of this request returned.
 */
export type SeenTask = { readonly id: string; readonly productId: string };

const taskRef = { id: tasks.id, productId: tasks.productId, assigneeId: tasks.assigneeId };
/** The task, if the viewer may see its product (one row at most). */
const visibleTask = (db: Db, viewer: Viewer, taskId: string) =>
  db
    .select(taskRef)
    .from(tasks)
    .innerJoin(products, eq(products.id, tasks.productId))
    .where(and(eq(tasks.id, taskId), visibleProducts(viewer)))
    .limit(1);

export const taskNotFound = () => NotFound(taskMessages.notFound, 'TASK_NOT_FOUND');

/** The task, if the viewer may see its product; otherwise `notFound` (404 'Task not found'). */
export async function findVisibleTask(
  db: Db,
  viewer: Viewer,
  taskId: string,
  notFound: () => AppError = taskNotFound,
): Promise<TaskRef> {
  const [row] = await visibleTask(db, viewer, taskId);
  if (!row) throw notFound();
  return row;
}

/**
 * In a write's transaction: the task, locked against concurrent changes of its details (so caps
 * hold), once the viewer may see it (404), is no guest (403 `readOnly`) and its product is not
 * archived (409).
 */
export async function holdTaskForChange(
  tx: Db,
  viewer: Viewer,
  taskId: string,
  { readOnly, notFound = taskNotFound }: { readOnly: string; notFound?: () => AppError },
): Promise<TaskRef> {
  const [row] = await visibleTask(tx, viewer, taskId).for('no key update', { of: tasks });
  if (!row) throw notFound();
  if (viewer.role === 'guest') throw Forbidden(readOnly, 'READ_ONLY');
  await refuseArchivedProduct(tx, row.productId);
  return row;
}

/**
 * Marks the task changed (its updated_at is the version cards compare) and answers the realtime
 * change that makes every board showing it read it again.
 */
export async function touchTask(tx: Db, taskId: string): Promise<Change> {
  const [row] = await tx
    .update(tasks)
    .set({ updatedAt: sql`now()` })
    .where(eq(tasks.id, taskId))
    .returning({ id: tasks.id, productId: tasks.productId, updatedAt: tasks.updatedAt });
  if (!row) throw taskNotFound();
  return {
    kind: 'task',
    op: 'updated',
    id: row.id,
    productId: row.productId,
    version: row.updatedAt.getTime(),
  };
}

/**
 * In a write's transaction: the task, if the viewer may see its product, held (FOR KEY SHARE) so
 * that it is not deleted before the commit; otherwise 404 'Task not found'. Guests too.
 */
export async function holdVisibleTask(tx: Db, viewer: Viewer, taskId: string): Promise<TaskRef> {
  const [row] = await visibleTask(tx, viewer, taskId).for('key share', { of: tasks });
  if (!row) throw taskNotFound();
  return row;
}
