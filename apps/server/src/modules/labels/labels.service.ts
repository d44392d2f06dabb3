import {
  type BulkTaskLabels,
  type BulkTaskLabelsRestore,
  type BulkTaskLabelsResult,
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
import { type AfterCommit, createInTransaction } from '../../lib/write.ts';
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

  /**
   * A task's labels set in the caller's transaction, from the ids it has (read once it is held):
   * its labels now, and their ids before.
   */
  async function setWithin(
    tx: Db,
    after: AfterCommit,
    viewer: Viewer,
    taskId: string,
    wantedOf: (had: string[]) => string[],
  ) {
    const task = await holdTaskForChange(tx, viewer, taskId, { readOnly: labelMessages.readOnly });
    const before = await labels.ofTask(taskId, tx);
    const had = before.map((l) => l.id);
    const wanted = [...new Set(wantedOf(had))];
    const known = await labels.idsOfProduct(task.productId, wanted, tx);
    if (known.length !== wanted.length) {
      throw BadRequest(labelMessages.notOfProduct, 'VALIDATION_ERROR', {
        fields: { labelIds: [labelMessages.notOfProduct] },
      });
    }
    if (!(await labels.setOfTask(taskId, wanted, tx))) return { now: { taskId, labels: before }, had };
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
    return { now: { taskId, labels: now }, had };
  }

  /** Several tasks' labels in one transaction, each from what it had; in id order. */
  async function setMany(
    viewer: Viewer,
    items: ReadonlyArray<{ id: string; labelIds: (had: string[]) => string[] }>,
  ): Promise<BulkTaskLabelsResult> {
    const ordered = [...new Map(items.map((item) => [item.id, item])).values()].sort((a, b) =>
      a.id.localeCompare(b.id),
    );
    return inTransaction(async (tx, after) => {
      const tasks: TaskLabels[] = [];
      const previous: BulkTaskLabelsResult['previous'] = [];
      for (const { id, labelIds } of ordered) {
        const result = await setWithin(tx, after, viewer, id, labelIds);
        tasks.push(result.now);
        previous.push({ id, labelIds: result.had });
      }
      return { tasks, previous };
    });
  }

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
      return inTransaction(
        async (tx, after) => (await setWithin(tx, after, viewer, taskId, () => labelIds)).now,
      );
    },

    /**
     * PATCH /tasks/bulk/labels (issue 30, decision 044): labels put on and taken off every task in
     * ONE transaction, each recorded as its own labels call; one task out of sight (404), a guest
     * (403) or a label of another product (400) refuses the whole request. Answers each task's
     * labels before, for the Undo. Locked in id order (no deadlock between two bulk changes).
     */
    async bulk(viewer: Viewer, { ids, change }: BulkTaskLabels): Promise<BulkTaskLabelsResult> {
      const add = change.addLabels ?? [];
      const remove = new Set(change.removeLabels ?? []);
      return setMany(
        viewer,
        ids.map((id) => ({
          id,
          labelIds: (had: string[]) => [...had, ...add].filter((l) => !remove.has(l)),
        })),
      );
    },

    /** Each task's labels back as a bulk change answered them (its Undo). */
    async restore(viewer: Viewer, { items }: BulkTaskLabelsRestore): Promise<BulkTaskLabelsResult> {
      return setMany(
        viewer,
        items.map(({ id, labelIds }) => ({ id, labelIds: () => labelIds })),
      );
    },
  };
}

export type LabelsService = ReturnType<typeof createLabelsService>;
