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
  stagesLeft,
  type UnmetCriterion,
  type WorkspaceGates,
} from '@shipyard/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, BadRequest, Forbidden } from '../../lib/errors.ts';
import type { Changes } from '../../lib/realtime/changes.ts';
import { type Change, notificationChange } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import {
  canEditProduct,
  productArchived,
  productNotFound,
  type Viewer,
  visibleProducts,
} from '../../lib/visibility.ts';
import { type AfterCommit, createInTransaction } from '../../lib/write.ts';
import type { AuditLog } from '../../platform/audit.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import type { Notifier } from '../notifications/index.ts';
import type { StageMove } from '../products/index.ts';
import { evaluate, gatesOf, isApprover, ownGates } from './gates.evaluate.ts';
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

type GateProduct = {
  id: string;
  name: string;
  status: ProductStatus;
  createdBy: string | null;
  archivedAt: Date | null;
};

export const stageName = (stage: string) => stage.charAt(0).toUpperCase() + stage.slice(1);

/** Every criterion keeps its id, or gets one. */
const withIds = (criteria: readonly GateCriterionInput[]): GateCriterion[] =>
  criteria.map((c) => ({ ...c, id: c.id ?? randomUUID() }) as GateCriterion);

const productChange = (productId: string): Change => ({
  kind: 'product',
  op: 'updated',
  id: productId,
  productId,
});

const unmetText = (unmet: readonly UnmetCriterion[]) =>
  unmet
    .map((u) => `${stageName(u.stage)}: ${u.label}`)
    .join('; ')
    .slice(0, 1000);

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

  const auditActor = (actor: SessionUser) => ({ id: actor.id, email: actor.email });
  const target = (product: Pick<GateProduct, 'id' | 'name'>) => ({
    type: 'product' as const,
    id: product.id,
    label: product.name,
  });

  /** One gate decision: the product's activity entry and the audit log's, in `tx`. */
  async function record(
    tx: Db,
    actor: SessionUser,
    product: Pick<GateProduct, 'id' | 'name'>,
    entry: {
      actionType: string;
      description: string;
      metadata: Record<string, unknown>;
      details: Record<string, string | number | boolean | null>;
    },
  ) {
    await activities.insert(
      {
        actionType: entry.actionType,
        description: entry.description,
        metadata: entry.metadata,
        productId: product.id,
        performedBy: actor.id,
      },
      tx,
    );
    await audit.record(
      {
        action: entry.actionType.replace('stage_gate_', 'stage_gate.') as 'stage_gate.refused',
        actor: auditActor(actor),
        target: target(product),
        details: entry.details,
      },
      tx,
    );
  }

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
            actor: auditActor(actor),
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
              type: 'PRODUCT_STAGE' as const,
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

    /**
     * The products module's stage guard: a forward move checks the exit criteria of the stage it
     * leaves and of every stage it skips; unmet, it is refused (409 GATE_UNMET) unless the caller
     * may override and gives a reason. Leaving a stage clears its marks either way.
     */
    async guard({ tx, after, actor, product, to, override, onRollback }: StageMove) {
      const from = product.status;
      const left = stagesLeft(from, to);
      if (left.length > 0) {
        const stages = await gatesOf(gates, product.id, tx);
        const unmet: UnmetCriterion[] = [];
        let checked = 0;
        for (const stage of left) {
          const criteria = stages.find((g) => g.stage === stage)?.criteria ?? [];
          checked += criteria.length;
          for (const c of await evaluate(gates, product.id, stage, criteria, actor, tx)) {
            if (!c.met) unmet.push({ id: c.id, kind: c.kind, label: c.label, stage });
          }
        }
        const move = { fromStage: from, toStage: to };
        if (unmet.length > 0 && !override) {
          onRollback(() => refused(actor, product, move, unmet));
          throw new AppError(409, 'GATE_UNMET', gateMessages.unmet(stageName(from), unmet.length), {
            unmet,
            canOverride: canEditProduct(actor, product),
          });
        }
        if (unmet.length > 0 && override) {
          if (!canEditProduct(actor, product)) {
            throw Forbidden(gateMessages.overrideForbidden, 'GATE_OVERRIDE_FORBIDDEN');
          }
          await record(tx, actor, product, {
            actionType: 'stage_gate_overridden',
            description: `Overrode the stage gate from ${stageName(from)} to ${stageName(to)}: ${override.reason}`,
            metadata: { ...move, reason: override.reason, unmet },
            details: { ...move, reason: override.reason, unmet: unmetText(unmet) },
          });
        } else if (checked > 0) {
          await record(tx, actor, product, {
            actionType: 'stage_gate_passed',
            description: `Passed the stage gate from ${stageName(from)} to ${stageName(to)}`,
            metadata: move,
            details: move,
          });
        }
      }
      await gates.clearStage(product.id, from, tx);
      after.publish(productChange(product.id));
    },

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

  /** A refused move's record, in its own transaction once the move has rolled back. */
  async function refused(
    actor: SessionUser,
    product: Pick<GateProduct, 'id' | 'name'>,
    move: { fromStage: ProductStatus; toStage: ProductStatus },
    unmet: UnmetCriterion[],
  ) {
    await inTransaction(async (tx, after: AfterCommit) => {
      await record(tx, actor, product, {
        actionType: 'stage_gate_refused',
        description: `Move from ${stageName(move.fromStage)} to ${stageName(move.toStage)} refused: ${unmet.length} exit ${unmet.length === 1 ? 'criterion' : 'criteria'} not met`,
        metadata: { ...move, unmet },
        details: { ...move, unmet: unmetText(unmet) },
      });
      after.publish(productChange(product.id));
    });
  }
}

export type GatesService = ReturnType<typeof createGatesService>;
