import { randomUUID } from 'node:crypto';
import {
  type CreateField,
  FIELDS_PER_PRODUCT_MAX,
  type Field,
  type FieldList,
  type FieldOption,
  type FieldsInSight,
  fieldMessages,
  isSelectType,
  type SetFieldValues,
  type TaskFields,
  taskMessages,
  type UpdateField,
} from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CustomFieldRow, tasks } from '../../db/schema/index.ts';
import { type AppError, BadRequest, Conflict, NotFound, pgUniqueViolation } from '../../lib/errors.ts';
import type { Change, Changes } from '../../lib/realtime/changes.ts';
import { versionOf } from '../../lib/realtime/changes.ts';
import {
  canManageProduct,
  findManagedProduct,
  findVisibleProduct,
  type Viewer,
  visibleProducts,
} from '../../lib/visibility.ts';
import { createInTransaction } from '../../lib/write.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import type { WebhookOutbox } from '../services/index.ts';
import { holdTaskForChange, touchTask } from '../tasks/index.ts';
import type { FieldsRepository } from './fields.repository.ts';
import type { FieldValueChecker } from './fields.values.ts';

// Custom fields (issue 29, docs/decisions/037-custom-fields.md): whoever manages the product (its
// creator, admins) defines them; members and admins who see the product set their values on tasks;
// guests only see them; nothing of an archived product changes (409).

const fieldNotFound = () => NotFound(fieldMessages.notFound, 'FIELD_NOT_FOUND');
const duplicate = () => Conflict(fieldMessages.duplicate, 'FIELD_NAME_TAKEN');

const fieldChange = (op: Change['op'], row: CustomFieldRow): Change => ({
  kind: 'field',
  op,
  id: row.id,
  productId: row.productId,
  version: versionOf(row),
});

const toField = (row: CustomFieldRow): Field => ({
  id: row.id,
  productId: row.productId,
  name: row.name,
  type: row.type,
  options: row.options,
  showOnCards: row.showOnCards,
  position: row.position,
});

/** Options as sent, each keeping its id (a rename keeps the values) or given a new one. */
const withIds = (
  options: Array<{ id?: string | undefined; name: string; color: string }>,
  known: FieldOption[],
) =>
  options.map((o) => ({
    id: o.id && known.some((k) => k.id === o.id) ? o.id : randomUUID().slice(0, 8),
    name: o.name,
    color: o.color,
  }));

type Deps = {
  db: Db;
  fields: FieldsRepository;
  checkValues: FieldValueChecker;
  activities: ActivityRecorder;
  changes: Changes;
  outbox: Pick<WebhookOutbox, 'enqueue'>;
};

export function createFieldsService({ db, fields, checkValues, activities, changes, outbox }: Deps) {
  const inTransaction = createInTransaction(db, changes);

  /** The product, once the viewer may see it (404), manage it (403) and it is not archived (409). */
  const managedProduct = (viewer: Viewer, productId: string, tx: Db, notFound?: () => AppError) =>
    findManagedProduct(tx, viewer, productId, { forbidden: fieldMessages.manageForbidden, notFound });

  async function managedField(viewer: Viewer, id: string, tx: Db) {
    const row = await fields.find(id, tx);
    if (!row) throw fieldNotFound();
    await managedProduct(viewer, row.productId, tx, fieldNotFound);
    return row;
  }

  const named = <T>(write: Promise<T>) =>
    write.catch((err) => {
      throw pgUniqueViolation(err) ? duplicate() : err;
    });

  return {
    async list(viewer: Viewer, productId: string): Promise<FieldList> {
      const product = await findVisibleProduct(db, viewer, productId);
      const canManage = canManageProduct(viewer, product);
      return { data: (await fields.ofProduct(productId)).map(toField), canManage };
    },

    /** The fields of every product the viewer sees, for the /tasks filters, sort and grouping. */
    async inSight(viewer: Viewer): Promise<FieldsInSight> {
      return { data: (await fields.inSight(visibleProducts(viewer))).map(toField) };
    },

    async create(viewer: Viewer, productId: string, body: CreateField): Promise<Field> {
      return inTransaction(async (tx, after) => {
        await managedProduct(viewer, productId, tx);
        const { n, next } = await fields.countOfProduct(productId, tx);
        if (n >= FIELDS_PER_PRODUCT_MAX) throw Conflict(fieldMessages.tooMany, 'FIELDS_FULL');
        const row = await named(
          fields.insert(
            {
              productId,
              name: body.name,
              type: body.type,
              options: withIds(body.options, []),
              showOnCards: body.showOnCards,
              position: next,
            },
            tx,
          ),
        );
        after.publish(fieldChange('created', row));
        return toField(row);
      });
    },

    /** A removed option's values go from every task (migration 0032's trigger). */
    async update(viewer: Viewer, id: string, body: UpdateField): Promise<Field> {
      return inTransaction(async (tx, after) => {
        const field = await managedField(viewer, id, tx);
        if (body.options !== undefined) {
          const problem = !isSelectType(field.type)
            ? body.options.length > 0 && fieldMessages.optionsNotAllowed
            : body.options.length === 0 && fieldMessages.optionsRequired;
          if (problem) {
            throw BadRequest(problem, 'VALIDATION_ERROR', { fields: { options: [problem] } });
          }
        }
        const row = await named(
          fields.update(
            id,
            {
              name: body.name,
              showOnCards: body.showOnCards,
              options: body.options === undefined ? undefined : withIds(body.options, field.options),
            },
            tx,
          ),
        );
        if (!row) throw fieldNotFound();
        after.publish(fieldChange('updated', row));
        return toField(row);
      });
    },

    async reorder(viewer: Viewer, productId: string, ids: string[]): Promise<FieldList> {
      return inTransaction(async (tx, after) => {
        await managedProduct(viewer, productId, tx);
        const current = await fields.ofProduct(productId, tx);
        const same =
          ids.length === current.length &&
          new Set(ids).size === ids.length &&
          current.every((f) => ids.includes(f.id));
        if (!same) {
          throw BadRequest(fieldMessages.orderMismatch, 'VALIDATION_ERROR', {
            fields: { ids: [fieldMessages.orderMismatch] },
          });
        }
        const rows: CustomFieldRow[] = [];
        for (const [position, id] of ids.entries()) {
          const row = await fields.update(id, { position }, tx);
          if (row) rows.push(row);
        }
        for (const row of rows) after.publish(fieldChange('updated', row));
        return { data: rows.map(toField), canManage: true };
      });
    },

    async remove(viewer: Viewer, id: string): Promise<void> {
      await inTransaction(async (tx, after) => {
        await managedField(viewer, id, tx);
        const row = await fields.delete(id, tx);
        if (!row) throw fieldNotFound();
        after.publish(fieldChange('deleted', row));
      });
    },

    /**
     * Sets some of a task's values (the others stay). A change is one `task_updated` entry naming
     * the fields changed.
     */
    async setOfTask(viewer: Viewer, taskId: string, input: SetFieldValues): Promise<TaskFields> {
      return inTransaction(async (tx, after) => {
        const task = await holdTaskForChange(tx, viewer, taskId, { readOnly: fieldMessages.readOnly });
        const [row] = await tx.select().from(tasks).where(eq(tasks.id, taskId));
        if (!row) throw NotFound(taskMessages.notFound, 'TASK_NOT_FOUND');
        const before = row.fields;
        const next = await checkValues(tx, task.productId, input, before);
        if (JSON.stringify(next) === JSON.stringify(before)) return { taskId, fields: before };
        await tx.update(tasks).set({ fields: next }).where(eq(tasks.id, taskId));
        const names = (await fields.ofProduct(task.productId, tx))
          .filter((f) => f.id in input)
          .map((f) => f.name);
        await activities.insert(
          {
            actionType: 'task_updated',
            description: `Changed ${names.join(', ')} of a task`,
            metadata: { taskId, changes: { fields: { from: before, to: next } } },
            productId: task.productId,
            taskId,
            performedBy: viewer.id,
          },
          tx,
        );
        await outbox.enqueue(tx, {
          event: 'task.updated',
          productIds: [task.productId],
          data: {
            taskId,
            key: row.key,
            productId: task.productId,
            title: row.title,
            status: row.status,
            parentId: row.parentId,
            changed: ['fields'],
            fields: next,
          },
        });
        after.publish(await touchTask(tx, taskId));
        return { taskId, fields: next };
      });
    },
  };
}

export type FieldsService = ReturnType<typeof createFieldsService>;
