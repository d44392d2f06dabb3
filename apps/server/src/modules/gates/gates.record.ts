import type { ProductStatus, UnmetCriterion } from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import type { Change } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import type { AuditLog } from '../../platform/audit.ts';
import type { ActivityRecorder } from '../activities/index.ts';

// How a gate decision is written down (docs/decisions/059-stage-gates.md): the product's activity
// entry (its `actionType` and metadata are read by the lifecycle reports: do not rename them) and
// an audit entry of the same name (`stage_gate_x` → `stage_gate.x`), in the caller's transaction.

export type GateProduct = {
  id: string;
  name: string;
  status: ProductStatus;
  createdBy: string | null;
  archivedAt: Date | null;
};

export const stageName = (stage: string) => stage.charAt(0).toUpperCase() + stage.slice(1);

/** Everyone who sees the product refreshes it (its gate card and timeline). */
export const productChange = (productId: string): Change => ({
  kind: 'product',
  op: 'updated',
  id: productId,
  productId,
});

/** The unmet criteria in a line, for the audit entry's details (flat values only). */
export const unmetText = (unmet: readonly UnmetCriterion[]) =>
  unmet
    .map((u) => `${stageName(u.stage)}: ${u.label}`)
    .join('; ')
    .slice(0, 1000);

type GateEntry = {
  actionType: string;
  description: string;
  metadata: Record<string, unknown>;
  details: Record<string, string | number | boolean | null>;
};
export type GateRecorder = (
  tx: Db,
  actor: SessionUser,
  product: Pick<GateProduct, 'id' | 'name'>,
  entry: GateEntry,
) => Promise<void>;

export function createGateRecorder(activities: ActivityRecorder, audit: AuditLog): GateRecorder {
  return async (tx, actor, product, entry) => {
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
        actor: { id: actor.id, email: actor.email },
        target: { type: 'product', id: product.id, label: product.name },
        details: entry.details,
      },
      tx,
    );
  };
}
