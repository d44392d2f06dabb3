import { gateMessages, type ProductStatus, stagesLeft, type UnmetCriterion } from '@shipyard/shared';
import { AppError, Forbidden } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session.ts';
import { canEditProduct } from '../../lib/visibility.ts';
import type { InTransaction } from '../../lib/write.ts';
import type { StageMove } from '../products/index.ts';
import { evaluate, gatesOf } from './gates.evaluate.ts';
import { type GateProduct, type GateRecorder, productChange, stageName, unmetText } from './gates.record.ts';
import type { GatesRepository } from './gates.repository.ts';

type Deps = { gates: GatesRepository; record: GateRecorder; inTransaction: InTransaction };

/**
 * The products module's stage guard (docs/decisions/059-stage-gates.md), called in every move's
 * transaction.
 */
export function createStageGuard({ gates, record, inTransaction }: Deps) {
  /** A refused move's record, in its own transaction once the move has rolled back. */
  async function refused(
    actor: SessionUser,
    product: Pick<GateProduct, 'id' | 'name'>,
    move: { fromStage: ProductStatus; toStage: ProductStatus },
    unmet: UnmetCriterion[],
  ) {
    await inTransaction(async (tx, after) => {
      await record(tx, actor, product, {
        actionType: 'stage_gate_refused',
        description: `Move from ${stageName(move.fromStage)} to ${stageName(move.toStage)} refused: ${unmet.length} exit ${unmet.length === 1 ? 'criterion' : 'criteria'} not met`,
        metadata: { ...move, unmet },
        details: { ...move, unmet: unmetText(unmet) },
      });
      after.publish(productChange(product.id));
    });
  }

  /**
   * The products module's stage guard: a forward move checks the exit criteria of the stage it
   * leaves and of every stage it skips; unmet, it is refused (409 GATE_UNMET) unless the caller
   * may override and gives a reason. Leaving a stage clears its marks either way.
   */
  return async function guard({ tx, actor, product, to, override, onRollback }: StageMove) {
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
  };
}
