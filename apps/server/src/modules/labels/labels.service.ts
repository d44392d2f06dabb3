import {
  type CreateLabel,
  LABELS_PER_PRODUCT_MAX,
  type Label,
  type LabelList,
  labelMessages,
  type TaskLabels,
  type UpdateLabel,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import type { LabelRow } from '../../db/schema/index.ts';
import { type AppError, BadRequest, Conflict, NotFound, pgUniqueViolation } from '../../lib/errors.ts';
import type { Change, Changes } from '../../lib/realtime/changes.ts';
import { versionOf } from '../../lib/realtime/changes.ts';
import {
  canManageProduct,
  findManagedProduct,
  findVisibleProduct,
  type Viewer,
} from '../../lib/visibility.ts';
import { createInTransaction } from '../../lib/write.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import { findVisibleTask, holdTaskForChange, type SeenTask, touchTask } from '../tasks/index.ts';
import type { LabelsRepository } from './labels.repository.ts';

// Product labels (issue 15): whoever manages the product (its creator, admins) defines them;
// members and admins who see the product put them on tasks; guests only see them.

const labelNotFound = () => NotFound(labelMessages.notFound, 'LABEL_NOT_FOUND');
const duplicate = () => Conflict(labelMessages.duplicate, 'LABEL_NAME_TAKEN');

const labelChange = (op: Change['op'], row: LabelRow): Change => ({
  kind: 'label',
  op,
  id: row.id,
  productId: row.productId,
  version: versionOf(row),
});

type Deps = { db: Db; labels: LabelsRepository; activities: ActivityRecorder; changes: Changes };

export function createLabelsService({ db, labels, activities, changes }: Deps) {
  const inTransaction = createInTransaction(db, changes);

  /** The product, once the viewer may see it (404), manage it (403) and it is not archived (409). */
  const managedProduct = (viewer: Viewer, productId: string, tx: Db, notFound?: () => AppError) =>
    findManagedProduct(tx, viewer, productId, { forbidden: labelMessages.manageForbidden, notFound });

  /** A label of a product the viewer manages; one of a product out of sight is a 404. */
  async function managedLabel(viewer: Viewer, id: string, tx: Db) {
    const row = await labels.find(id, tx);
    if (!row) throw labelNotFound();
    await managedProduct(viewer, row.productId, tx, labelNotFound);
    return row;
  }

  /** Turns the unique index's refusal (a same-named label, ignoring case) into a clear 409. */
  const named = <T>(write: Promise<T>) =>
    write.catch((err) => {
      throw pgUniqueViolation(err) ? duplicate() : err;
    });

  const toLabel = (row: LabelRow, tasks = 0): Label => ({
    id: row.id,
    productId: row.productId,
    name: row.name,
    color: row.color,
    tasks,
  });

  return {
    async list(viewer: Viewer, productId: string): Promise<LabelList> {
      const product = await findVisibleProduct(db, viewer, productId);
      const canManage = canManageProduct(viewer, product);
      return { data: await labels.ofProduct(productId), canManage };
    },

    async create(viewer: Viewer, productId: string, body: CreateLabel): Promise<Label> {
      return inTransaction(async (tx, after) => {
        await managedProduct(viewer, productId, tx);
        if ((await labels.countOfProduct(productId, tx)) >= LABELS_PER_PRODUCT_MAX) {
          throw Conflict(labelMessages.tooMany, 'LABELS_FULL');
        }
        const row = await named(labels.insert({ productId, name: body.name, color: body.color }, tx));
        after.publish(labelChange('created', row));
        return toLabel(row);
      });
    },

    async update(viewer: Viewer, id: string, body: UpdateLabel): Promise<Label> {
      return inTransaction(async (tx, after) => {
        await managedLabel(viewer, id, tx);
        const row = await named(labels.update(id, body, tx));
        if (!row) throw labelNotFound();
        after.publish(labelChange('updated', row));
        const counted = (await labels.ofProduct(row.productId)).find((l) => l.id === id);
        return toLabel(row, counted?.tasks ?? 0);
      });
    },

    /** The label goes from every task that has it (ON DELETE CASCADE). */
    async remove(viewer: Viewer, id: string): Promise<void> {
      await inTransaction(async (tx, after) => {
        await managedLabel(viewer, id, tx);
        const row = await labels.delete(id, tx);
        if (!row) throw labelNotFound();
        after.publish(labelChange('deleted', row));
      });
    },

    async ofTask(viewer: Viewer, taskId: string): Promise<TaskLabels> {
      await findVisibleTask(db, viewer, taskId);
      return { taskId, labels: await labels.ofTask(taskId) };
    },

    /** The labels of a task the caller already found visible (the task's page). */
    async ofSeenTask(task: SeenTask): Promise<TaskLabels> {
      return { taskId: task.id, labels: await labels.ofTask(task.id) };
    },

    /**
     * Replaces the task's labels; each must be one of its product's (400 otherwise). A change is
     * one `task_updated` entry naming the labels before and after.
     */
    async setOfTask(viewer: Viewer, taskId: string, labelIds: string[]): Promise<TaskLabels> {
      return inTransaction(async (tx, after) => {
        const task = await holdTaskForChange(tx, viewer, taskId, { readOnly: labelMessages.readOnly });
        const wanted = [...new Set(labelIds)];
        const known = await labels.idsOfProduct(task.productId, wanted, tx);
        if (known.length !== wanted.length) {
          throw BadRequest(labelMessages.notOfProduct, 'VALIDATION_ERROR', {
            fields: { labelIds: [labelMessages.notOfProduct] },
          });
        }
        const before = await labels.ofTask(taskId, tx);
        if (!(await labels.setOfTask(taskId, wanted, tx))) return { taskId, labels: before };
        const now = await labels.ofTask(taskId, tx);
        await activities.insert(
          {
            actionType: 'task_updated',
            description: `Changed the labels of a task: ${now.map((l) => l.name).join(', ') || 'none'}`,
            metadata: {
              taskId,
              changes: { labels: { from: before.map((l) => l.name), to: now.map((l) => l.name) } },
            },
            productId: task.productId,
            taskId,
            performedBy: viewer.id,
          },
          tx,
        );
        after.publish(await touchTask(tx, taskId));
        return { taskId, labels: now };
      });
    },
  };
}

export type LabelsService = ReturnType<typeof createLabelsService>;
