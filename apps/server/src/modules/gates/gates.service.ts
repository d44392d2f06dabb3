import { randomUUID } from 'node:crypto';
import {
  type GateCriterion,
  type GateCriterionInput,
  type GateDecision,
  type GateTemplatePart,
  gateMessages,
  isAdmin,
  type ProductGates,
  type ProductStatus,
  type WorkspaceGates,
} from '@shipyard/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, BadRequest, Forbidden } from '../../lib/errors.ts';
import type { Changes } from '../../lib/realtime/changes.ts';
import { notificationChange } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import {
  canEditProduct,
  productArchived,
  productNotFound,
  type Viewer,
  visibleProducts,
} from '../../lib/visibility.ts';
import { createInTransaction } from '../../lib/write.ts';
import type { AuditLog } from '../../platform/audit.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import type { Notifier } from '../notifications/index.ts';
import { evaluate, gatesOf, isApprover, ownGates } from './gates.evaluate.ts';
import { createStageGuard } from './gates.guard.ts';
import { createGateRecorder, type GateProduct, productChange, stageName } from './gates.record.ts';
import type { GatesRepository } from './gates.repository.ts';

type Deps = {
  db: Db;
  gates: GatesRepository;
  activities: ActivityRecorder;
  audit: AuditLog;
  notifier: Notifier;
  changes: Changes;
  clock: Clock;
};

/** Every criterion keeps its id, or gets one. */
const withIds = (criteria: readonly GateCriterionInput[]): GateCriterion[] =>
  criteria.map((c) => ({ ...c, id: c.id ?? randomUUID() }) as GateCriterion);

export function createGatesService({ db, gates, activities, audit, notifier, changes, clock }: Deps) {
  const inTransaction = createInTransaction(db, changes);

  /** The product the viewer sees, held against a concurrent move (FOR SHARE) in a write; else 404. */
  async function visible(tx: Db, viewer: Viewer, id: string, lock: boolean): Promise<GateProduct> {
    const query = tx
      .select({
        id: products.id,
        name: products.name,
        status: products.status,
        createdBy: products.createdBy,
        archivedAt: products.archivedAt,
      })
      .from(products)
      .where(and(eq(products.id, id), visibleProducts(viewer)))
      .limit(1);
    const [row] = lock ? await query.for('share', { of: products }) : await query;
    if (!row) throw productNotFound();
    return row;
  }

  const record = createGateRecorder(activities, audit);

  /** A criterion of the product's current stage, or 404. */
  async function currentCriterion(tx: Db, product: GateProduct, criterionId: string) {
    const stage = (await gatesOf(gates, product.id, tx)).find((g) => g.stage === product.status);
    const criterion = stage?.criteria.find((c) => c.id === criterionId);
    if (!criterion) throw new AppError(404, 'GATE_CRITERION_NOT_FOUND', gateMessages.criterionNotFound);
    return criterion;
  }

  /** A write on the gate of a product the caller sees, acts on (not a guest) and that is not archived. */
  async function actOn(tx: Db, actor: SessionUser, id: string) {
    const product = await visible(tx, actor, id, true);
    if (actor.role === 'guest') throw Forbidden(gateMessages.guestCannotMove, 'READ_ONLY');
    if (product.archivedAt) throw productArchived();
    return product;
  }

  async function workspace(actor: SessionUser): Promise<WorkspaceGates> {
    return { stages: await gatesOf(gates, null, db), canEdit: isAdmin(actor.role) };
  }

  async function get(actor: SessionUser, id: string): Promise<ProductGates> {
    const product = await visible(db, actor, id, false);
    const stages = await gatesOf(gates, id, db);
    const current = stages.find((g) => g.stage === product.status)?.criteria ?? [];
    return {
      productId: id,
      currentStage: product.status,
      current: await evaluate(gates, id, product.status, current, actor, db),
      stages,
      canEdit: canEditProduct(actor, product),
      canAct: actor.role !== 'guest',
    };
  }

  return {
    get,

    async candidates(actor: SessionUser, id: string) {
      await visible(db, actor, id, false);
      return { data: await gates.candidates(id) };
    },

    async putProductStage(
      actor: SessionUser,
      id: string,
      stage: ProductStatus,
      criteria: GateCriterionInput[],
    ) {
      await inTransaction(async (tx, after) => {
        const product = await visible(tx, actor, id, true);
        if (!canEditProduct(actor, product)) throw Forbidden(gateMessages.editForbidden, 'NOT_PRODUCT_OWNER');
        if (product.archivedAt) throw productArchived();
        const stored = withIds(criteria);
        await gates.putProduct(id, stage, stored, actor.id, tx);
        await record(tx, actor, product, {
          actionType: 'stage_gate_criteria_changed',
          description: `Set the exit criteria of ${stageName(stage)} (${stored.length})`,
          metadata: { stage, criteria: stored.map((c) => ({ id: c.id, kind: c.kind, label: c.label })) },
          details: { stage, criteria: stored.length },
        });
        after.publish(productChange(id));
      });
      return get(actor, id);
    },

    async resetProductStage(actor: SessionUser, id: string, stage: ProductStatus) {
      await inTransaction(async (tx, after) => {
        const product = await visible(tx, actor, id, true);
        if (!canEditProduct(actor, product)) throw Forbidden(gateMessages.editForbidden, 'NOT_PRODUCT_OWNER');
        if (product.archivedAt) throw productArchived();
        if (!(await gates.resetProduct(id, stage, tx))) return;
        await record(tx, actor, product, {
          actionType: 'stage_gate_criteria_changed',
          description: `Reset the exit criteria of ${stageName(stage)} to the workspace default`,
          metadata: { stage, reset: true },
          details: { stage, reset: true },
        });
        after.publish(productChange(id));
      });
      return get(actor, id);
    },

    workspace,

    async putWorkspace(actor: SessionUser, stage: ProductStatus, criteria: GateCriterionInput[]) {
      if (!isAdmin(actor.role)) throw Forbidden(gateMessages.workspaceForbidden, 'ADMIN_ONLY');
      await inTransaction(async (tx, after) => {
        const stored = withIds(criteria);
        await gates.putWorkspace(stage, stored, actor.id, tx);
        await audit.record(
          {
            action: 'stage_gate.criteria_changed',
            actor: { id: actor.id, email: actor.email },
            target: {
              type: 'settings',
              id: `stage_gates.${stage}`,
              label: `Exit criteria of ${stageName(stage)}`,
            },
            details: { stage, criteria: stored.length },
          },
          tx,
        );
        // Every product's gate may have changed: everyone refreshes it.
        after.publish({ kind: 'product', op: 'updated', id: 'stage-gates', productId: null, everyone: true });
      });
      return workspace(actor);
    },

    async confirm(actor: SessionUser, id: string, criterionId: string, confirmed: boolean) {
      await inTransaction(async (tx, after) => {
        const product = await actOn(tx, actor, id);
        const criterion = await currentCriterion(tx, product, criterionId);
        if (criterion.kind !== 'manual') throw BadRequest(gateMessages.notManual, 'GATE_NOT_MANUAL');
        if (confirmed) {
          await gates.addMark(
            {
              productId: id,
              stage: product.status,
              criterionId,
              kind: 'confirmed',
              userId: actor.id,
              at: clock.now(),
            },
            tx,
          );
        } else if ((await gates.removeConfirmations(id, product.status, criterionId, tx)) === 0) return;
        await record(tx, actor, product, {
          actionType: confirmed ? 'stage_gate_confirmed' : 'stage_gate_unconfirmed',
          description: `${confirmed ? 'Confirmed' : 'Unconfirmed'} "${criterion.label}" (${stageName(product.status)} exit criterion)`,
          metadata: { stage: product.status, criterionId },
          details: { stage: product.status, criterion: criterion.label },
        });
        after.publish(productChange(id));
      });
      return get(actor, id);
    },

    async requestApproval(actor: SessionUser, id: string, criterionId: string) {
      await inTransaction(async (tx, after) => {
        const product = await actOn(tx, actor, id);
        const criterion = await currentCriterion(tx, product, criterionId);
        if (criterion.kind !== 'approval') throw BadRequest(gateMessages.notApproval, 'GATE_NOT_APPROVAL');
        await gates.addMark(
          {
            productId: id,
            stage: product.status,
            criterionId,
            kind: 'requested',
            userId: actor.id,
            at: clock.now(),
          },
          tx,
        );
        await record(tx, actor, product, {
          actionType: 'stage_gate_approval_requested',
          description: `Requested approval of "${criterion.label}" (${stageName(product.status)} exit criterion)`,
          metadata: { stage: product.status, criterionId },
          details: { stage: product.status, criterion: criterion.label },
        });
        // The approvers who see the product now (named, or by role), never the one asking.
        const approvers = await gates.approversWhoSee(id, criterion.userIds, criterion.roles, tx);
        const created = await notifier.insertMany(
          approvers
            .filter((a) => a.id !== actor.id)
            .map((a) => ({
              userId: a.id,
              senderId: actor.id,
              type: 'STAGE_GATE_APPROVAL' as const,
              message: `${actor.name} asks you to approve "${criterion.label}" before ${product.name} leaves ${stageName(product.status)}`,
              metadata: { productId: id, status: product.status, criterionId, gate: 'approval' },
            })),
          tx,
        );
        after.publish(productChange(id), ...created.map((row) => notificationChange('created', row)));
      });
      return get(actor, id);
    },

    async decide(actor: SessionUser, id: string, criterionId: string, body: GateDecision) {
      await inTransaction(async (tx, after) => {
        const product = await visible(tx, actor, id, true);
        if (product.archivedAt) throw productArchived();
        const criterion = await currentCriterion(tx, product, criterionId);
        if (criterion.kind !== 'approval') throw BadRequest(gateMessages.notApproval, 'GATE_NOT_APPROVAL');
        if (!isApprover(criterion, actor)) throw Forbidden(gateMessages.notApprover, 'NOT_APPROVER');
        const approved = body.decision === 'approve';
        const comment = body.comment ? body.comment : null;
        await gates.addMark(
          {
            productId: id,
            stage: product.status,
            criterionId,
            kind: approved ? 'approved' : 'rejected',
            userId: actor.id,
            comment,
            at: clock.now(),
          },
          tx,
        );
        await record(tx, actor, product, {
          actionType: approved ? 'stage_gate_approved' : 'stage_gate_rejected',
          description: `${approved ? 'Approved' : 'Rejected'} "${criterion.label}" (${stageName(product.status)} exit criterion)${comment ? `: ${comment}` : ''}`,
          metadata: { stage: product.status, criterionId, ...(comment && { comment }) },
          details: { stage: product.status, criterion: criterion.label, comment },
        });
        after.publish(productChange(id));
      });
      return get(actor, id);
    },

    guard: createStageGuard({ gates, record, inTransaction }),

    /** The template part: a product's own criteria, and writing them to a new product. */
    capture: (productId: string, tx: Db) => ownGates(gates, productId, tx),
    async apply(productId: string, part: GateTemplatePart, tx: Db, actorId: string) {
      for (const [stage, criteria] of Object.entries(part)) {
        if (!criteria) continue;
        await gates.putProduct(
          productId,
          stage as ProductStatus,
          withIds(criteria.map(({ id: _id, ...c }) => c as GateCriterionInput)),
          actorId,
          tx,
        );
      }
    },
  };
}

export type GatesService = ReturnType<typeof createGatesService>;
