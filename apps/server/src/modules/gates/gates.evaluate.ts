import {
  type GateCriterion,
  type GateCriterionState,
  type GateTemplatePart,
  PRODUCT_STATUSES,
  type ProductStatus,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../../lib/visibility.ts';
import type { GatesRepository, Person } from './gates.repository.ts';

// What each criterion kind means now (docs/decisions/059-stage-gates.md), read in the caller's
// transaction: a move's check sees the same data the move writes against.

type Mark = Awaited<ReturnType<GatesRepository['marks']>>[number];

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Whether `viewer` is an approver of an approval criterion (named, or by role). */
export const isApprover = (criterion: GateCriterion, viewer: Viewer) =>
  criterion.kind === 'approval' &&
  ((criterion.userIds ?? []).includes(viewer.id) || (criterion.roles ?? []).includes(viewer.role));

/** A stage's criteria as they apply to a product (or the workspace). */
type ResolvedGate = { stage: ProductStatus; source: 'product' | 'workspace'; criteria: GateCriterion[] };

/** Each stage's criteria for a product: its own where it has them, else the workspace's. */
export async function gatesOf(
  repo: GatesRepository,
  productId: string | null,
  tx: Db,
): Promise<ResolvedGate[]> {
  const workspace = await repo.workspace(tx);
  const own = productId ? await repo.ofProduct(productId, tx) : [];
  return PRODUCT_STATUSES.map((stage) => {
    const mine = own.find((g) => g.stage === stage);
    if (mine) return { stage, source: 'product' as const, criteria: mine.criteria };
    return {
      stage,
      source: 'workspace' as const,
      criteria: workspace.find((g) => g.stage === stage)?.criteria ?? [],
    };
  });
}

/** A product's own criteria by stage (the template part). */
export async function ownGates(repo: GatesRepository, productId: string, tx: Db) {
  const own = await repo.ofProduct(productId, tx);
  const part: GateTemplatePart = {};
  for (const row of own) part[row.stage] = row.criteria;
  return own.length ? part : undefined;
}

const person = (m: Mark): Person | null => (m.userId ? { id: m.userId, name: m.userName ?? '' } : null);

/** The state of each criterion of `stage` for a product in it (marks of its current stay). */
export async function evaluate(
  repo: GatesRepository,
  productId: string,
  stage: ProductStatus,
  criteria: readonly GateCriterion[],
  viewer: Viewer,
  tx: Db,
): Promise<GateCriterionState[]> {
  if (criteria.length === 0) return [];
  const marks = await repo.marks(productId, stage, tx);
  const named = await repo.people(
    [...new Set(criteria.flatMap((c) => (c.kind === 'approval' ? c.userIds : [])))],
    tx,
  );
  const out: GateCriterionState[] = [];
  for (const criterion of criteria) {
    const mine = marks.filter((m) => m.criterionId === criterion.id);
    const base = {
      ...criterion,
      note: null as string | null,
      confirmedBy: null as Person | null,
      confirmedAt: null as string | null,
      approvers: [] as Person[],
      requestedBy: null as Person | null,
      requestedAt: null as string | null,
      decisions: [] as GateCriterionState['decisions'],
      canDecide: false,
    };
    let met = false;
    switch (criterion.kind) {
      case 'manual': {
        const confirmed = mine.findLast((m) => m.kind === 'confirmed');
        met = Boolean(confirmed);
        if (confirmed) {
          base.confirmedBy = person(confirmed);
          base.confirmedAt = confirmed.at.toISOString();
        }
        break;
      }
      case 'field': {
        const open = await repo.unfilledField(productId, criterion.field, tx);
        met = open === 0;
        if (open === null) base.note = `No custom field named "${criterion.field}"`;
        else if (open > 0) base.note = `${count(open, 'task has', 'tasks have')} it empty`;
        break;
      }
      case 'phase_done': {
        const open = await repo.openInPhase(productId, criterion.phase, tx);
        met = open === 0;
        if (open > 0) base.note = `${count(open, 'task', 'tasks')} not completed`;
        break;
      }
      case 'no_label': {
        const open = await repo.openWithLabel(productId, criterion.labelName, tx);
        met = open === 0;
        if (open > 0) base.note = `${count(open, 'open task carries', 'open tasks carry')} it`;
        break;
      }
      case 'approval': {
        base.approvers = named.filter((p) => criterion.userIds.includes(p.id));
        const requested = mine.findLast((m) => m.kind === 'requested');
        if (requested) {
          base.requestedBy = person(requested);
          base.requestedAt = requested.at.toISOString();
        }
        // Each approver's newest decision stands.
        const latest = new Map<string, Mark>();
        for (const m of mine)
          if ((m.kind === 'approved' || m.kind === 'rejected') && m.userId) latest.set(m.userId, m);
        base.decisions = [...latest.values()].map((m) => ({
          by: person(m) ?? { id: '', name: '' },
          decision: m.kind === 'approved' ? ('approved' as const) : ('rejected' as const),
          comment: m.comment,
          at: m.at.toISOString(),
        }));
        const decisions = base.decisions.map((d) => d.decision);
        met = decisions.includes('approved') && !decisions.includes('rejected');
        if (decisions.includes('rejected')) base.note = 'Rejected';
        base.canDecide = isApprover(criterion, viewer);
        break;
      }
    }
    out.push({ ...base, met });
  }
  return out;
}
