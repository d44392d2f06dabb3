import {
  type CreateState,
  STATES_PER_PRODUCT_MAX,
  type StateOrder,
  stateMessages,
  type UpdateState,
  type WorkflowState,
  type WorkflowStateList,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import type { WorkflowStateRow } from '../../db/schema/index.ts';
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
import type { WorkflowRepository } from './workflow.repository.ts';

// Workflow states per product (issue 29, docs/decisions/036-workflow-states.md): whoever manages
// the product (its creator, admins) adds, renames, recolours, reorders and deletes them; whoever
// sees the product sees them. A product keeps between one state per category and 20 in all.

const stateNotFound = () => NotFound(stateMessages.notFound, 'STATE_NOT_FOUND');
const duplicate = () => Conflict(stateMessages.duplicate, 'STATE_NAME_TAKEN');
const invalid = (field: string, message: string) =>
  BadRequest(message, 'VALIDATION_ERROR', { fields: { [field]: [message] } });

const stateChange = (op: Change['op'], row: WorkflowStateRow): Change => ({
  kind: 'state',
  op,
  id: row.id,
  productId: row.productId,
  version: versionOf(row),
});

/** The product's boards and task lists read again (the tasks of a deleted state moved). */
const productChange = (productId: string): Change => ({
  kind: 'product',
  op: 'updated',
  id: productId,
  productId,
});

type Deps = { db: Db; states: WorkflowRepository; changes: Changes };

export function createWorkflowService({ db, states, changes }: Deps) {
  const inTransaction = createInTransaction(db, changes);

  /** The product, once the viewer may see it (404), manage it (403) and it is not archived (409). */
  async function managedProduct(viewer: Viewer, productId: string, tx: Db, notFound?: () => AppError) {
    const product = await findManagedProduct(tx, viewer, productId, {
      forbidden: stateMessages.manageForbidden,
      notFound,
    });
    await states.hold(productId, tx);
    return product;
  }

  /** A state of a product the viewer manages; one of a product out of sight is a 404. */
  async function managedState(viewer: Viewer, id: string, tx: Db) {
    const row = await states.find(id, tx);
    if (!row) throw stateNotFound();
    await managedProduct(viewer, row.productId, tx, stateNotFound);
    return row;
  }

  const named = <T>(write: Promise<T>) =>
    write.catch((err) => {
      throw pgUniqueViolation(err) ? duplicate() : err;
    });

  async function shown(row: WorkflowStateRow, tx: Db): Promise<WorkflowState> {
    const found = (await states.ofProduct(row.productId, tx)).find((s) => s.id === row.id);
    return found ?? { ...row, tasks: 0 };
  }

  return {
    async list(viewer: Viewer, productId: string): Promise<WorkflowStateList> {
      const product = await findVisibleProduct(db, viewer, productId);
      const canManage = canManageProduct(viewer, product);
      return { data: await states.ofProduct(productId), canManage };
    },

    /** A new state, last of its category. */
    async create(viewer: Viewer, productId: string, body: CreateState): Promise<WorkflowState> {
      return inTransaction(async (tx, after) => {
        await managedProduct(viewer, productId, tx);
        if ((await states.ofProduct(productId, tx)).length >= STATES_PER_PRODUCT_MAX) {
          throw Conflict(stateMessages.tooMany, 'STATES_FULL');
        }
        const row = await named(states.insert({ productId, ...body }, tx));
        after.publish(stateChange('created', row));
        return { ...row, tasks: 0 };
      });
    },

    async update(viewer: Viewer, id: string, body: UpdateState): Promise<WorkflowState> {
      return inTransaction(async (tx, after) => {
        await managedState(viewer, id, tx);
        const row = await named(states.update(id, body, tx));
        if (!row) throw stateNotFound();
        after.publish(stateChange('updated', row));
        return shown(row, tx);
      });
    },

    /** Every state of the product, once each, in the new order (categories keep their states). */
    async reorder(viewer: Viewer, productId: string, body: StateOrder): Promise<WorkflowStateList> {
      return inTransaction(async (tx, after) => {
        await managedProduct(viewer, productId, tx);
        const current = await states.ofProduct(productId, tx);
        const wanted = new Set(body.stateIds);
        if (
          wanted.size !== body.stateIds.length ||
          wanted.size !== current.length ||
          current.some((s) => !wanted.has(s.id))
        ) {
          throw invalid('stateIds', stateMessages.orderIncomplete);
        }
        await states.reorder(body.stateIds, tx);
        // One change for the whole order: its id is the product's.
        after.publish({ kind: 'state', op: 'updated', id: productId, productId });
        return { data: await states.ofProduct(productId, tx), canManage: true };
      });
    },

    /**
     * Deletes a state; its tasks move to `moveTo`, another state of the product, in the same
     * transaction (their status becomes its category). The last state of a category stays.
     */
    async remove(viewer: Viewer, id: string, moveTo: string): Promise<{ moved: number }> {
      return inTransaction(async (tx, after) => {
        const row = await managedState(viewer, id, tx);
        const target = moveTo === id ? undefined : await states.find(moveTo, tx);
        if (!target || target.productId !== row.productId) {
          throw invalid('moveTo', stateMessages.moveToInvalid);
        }
        if ((await states.othersOfCategory(row, tx)) === 0) {
          throw Conflict(stateMessages.lastOfCategory, 'STATE_LAST_OF_CATEGORY');
        }
        const moved = await states.deleteMovingTasks(row, target.id, tx);
        after.publish(stateChange('deleted', row), productChange(row.productId));
        return { moved };
      });
    },
  };
}

export type WorkflowService = ReturnType<typeof createWorkflowService>;
