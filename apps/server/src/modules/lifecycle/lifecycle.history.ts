import {
  type GateEntry,
  type GateOutcome,
  PRODUCT_STATUSES,
  type ProductStatus,
  type Spread,
  type StageStay,
} from '@shipyard/shared';

// A product's stage history derived from its activity (docs/decisions/060): its creation gives the
// first stage, each stage move closes a stay and opens the next, an override of the same move marks
// the stay it opened. Pure functions: the service reads the rows, these compute.

type Person = { _id: string; name: string } | null;

/** A stage-relevant activity entry (lifecycle.repository's STAGE_ENTRY), oldest first. */
export type StageEntry = {
  id: string;
  productId: string;
  actionType: string;
  metadata: Record<string, unknown>;
  performedBy: Person;
  createdAt: Date;
};

export type ProductHead = {
  id: string;
  name: string;
  status: ProductStatus;
  createdAt: Date;
  stageEnteredAt: Date;
  archivedAt: Date | null;
  creator: Person;
};

export type Stay = {
  productId: string;
  productName: string;
  stage: ProductStatus;
  enteredAt: Date;
  leftAt: Date | null;
  enteredBy: Person;
  leftBy: Person;
  overridden: boolean;
  reason: string | null;
};

const DAY_MS = 86_400_000;
const CREATED = new Set(['prd_created', 'product_created']);
/** How far apart an override and the move it let through may be recorded (same transaction: 0). */
const OVERRIDE_SLACK_MS = 60_000;

const asStage = (value: unknown): ProductStatus | undefined => {
  const text = typeof value === 'string' ? value.toLowerCase() : undefined;
  return PRODUCT_STATUSES.find((s) => s === text);
};

type Move = { from: ProductStatus | undefined; to: ProductStatus; at: Date; by: Person };

/** The move an entry records, if it records one: the board's, the edit form's (also as a diff). */
function moveOf(entry: StageEntry): Move | undefined {
  const m = entry.metadata;
  if (entry.actionType !== 'status_changed' && entry.actionType !== 'product_updated') return undefined;
  const diff = (m.changes as { status?: { from?: unknown; to?: unknown } } | undefined)?.status;
  const to = asStage(m.newStatus) ?? asStage(diff?.to);
  if (!to) return undefined;
  return {
    from: asStage(m.previousStatus) ?? asStage(diff?.from),
    to,
    at: entry.createdAt,
    by: entry.performedBy,
  };
}

const decisionOf = (actionType: string): GateOutcome | undefined =>
  actionType === 'stage_gate_refused'
    ? 'refused'
    : actionType === 'stage_gate_overridden'
      ? 'overridden'
      : actionType === 'stage_gate_passed'
        ? 'passed'
        : undefined;

/** The gate decision an entry records (the stage gates' `stage_gate_*` entries). */
export function gateOf(entry: StageEntry, productName: string): GateEntry | undefined {
  const decision = decisionOf(entry.actionType);
  if (!decision) return undefined;
  const m = entry.metadata;
  const unmet = Array.isArray(m.unmet) ? m.unmet : [];
  return {
    id: entry.id,
    product_id: entry.productId,
    product_name: productName,
    decision,
    from_stage: typeof m.fromStage === 'string' ? m.fromStage : '',
    to_stage: typeof m.toStage === 'string' ? m.toStage : '',
    reason: typeof m.reason === 'string' ? m.reason : null,
    unmet: unmet
      .map((u) => (u && typeof u === 'object' && 'label' in u ? String((u as { label: unknown }).label) : ''))
      .filter(Boolean),
    performed_by: entry.performedBy,
    created_at: entry.createdAt.toISOString(),
  };
}

/**
 * The product's stays, oldest first. Its first stage: its creation entry's, else the stage its first
 * move left, else the one it is in. A last stay that disagrees with the product's stage now (a move
 * no entry recorded) is followed by one in that stage from `stage_entered_at`.
 */
export function staysOf(product: ProductHead, entries: StageEntry[]): Stay[] {
  const created = entries.find((e) => CREATED.has(e.actionType));
  const moves = entries.map(moveOf).filter((m): m is Move => m !== undefined);
  const overrides = entries.filter((e) => e.actionType === 'stage_gate_overridden');
  const firstStage = asStage(created?.metadata.status) ?? moves[0]?.from ?? product.status;
  const stays: Stay[] = [];
  const open = (stage: ProductStatus, at: Date, by: Person, move?: Move): Stay => {
    const override = move && overrideOf(overrides, move);
    const stay: Stay = {
      productId: product.id,
      productName: product.name,
      stage,
      enteredAt: at,
      leftAt: null,
      enteredBy: by,
      leftBy: null,
      overridden: override !== undefined,
      reason: override && typeof override.metadata.reason === 'string' ? override.metadata.reason : null,
    };
    stays.push(stay);
    return stay;
  };
  let current = open(
    firstStage,
    created?.createdAt ?? product.createdAt,
    created?.performedBy ?? product.creator,
  );
  for (const move of moves) {
    if (move.to === current.stage) continue;
    current.leftAt = move.at;
    current.leftBy = move.by;
    current = open(move.to, move.at, move.by, move);
  }
  if (current.stage !== product.status) {
    const at = product.stageEnteredAt < current.enteredAt ? current.enteredAt : product.stageEnteredAt;
    current.leftAt = at;
    current = open(product.status, at, null);
  }
  return stays;
}

function overrideOf(overrides: StageEntry[], move: Move): StageEntry | undefined {
  let best: StageEntry | undefined;
  for (const o of overrides) {
    if (asStage(o.metadata.toStage) !== move.to) continue;
    if (move.from && asStage(o.metadata.fromStage) !== move.from) continue;
    const gap = Math.abs(o.createdAt.getTime() - move.at.getTime());
    if (gap > OVERRIDE_SLACK_MS) continue;
    if (!best || gap < Math.abs(best.createdAt.getTime() - move.at.getTime())) best = o;
  }
  return best;
}

/** Days between two instants, to a tenth. */
const daysBetween = (from: Date, to: Date) =>
  Math.round(((to.getTime() - from.getTime()) / DAY_MS) * 10) / 10;

export const toStageStay = (stay: Stay, now: Date): StageStay => ({
  product_id: stay.productId,
  product_name: stay.productName,
  stage: stay.stage,
  entered_at: stay.enteredAt.toISOString(),
  left_at: stay.leftAt?.toISOString() ?? null,
  days: Math.max(0, daysBetween(stay.enteredAt, stay.leftAt ?? now)),
  entered_by: stay.enteredBy,
  left_by: stay.leftBy,
  overridden: stay.overridden,
  override_reason: stay.reason,
});

/** The value at fraction q of sorted values, linearly between neighbours (numpy's default). */
function quantile(sorted: number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  const a = sorted[lo] ?? 0;
  const b = sorted[hi] ?? a;
  return Math.round((a + (b - a) * (at - lo)) * 10) / 10;
}

export function spreadOf(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    median: quantile(sorted, 0.5),
    p25: quantile(sorted, 0.25),
    p75: quantile(sorted, 0.75),
    min: sorted[0] ?? null,
    max: sorted.at(-1) ?? null,
  };
}

/** The calendar days (UTC) from `days - 1` days before `now` to `now`'s. */
export function windowDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

/** The end of a calendar day (UTC): the next day's first instant. */
export const endOfDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS);

/**
 * For each day, how many stays of each key cover that day's end: a stay counts from the day it
 * began (entered before the day's end) to the day before it ended. One pass over the stays.
 */
export function flowOf<K extends string>(
  days: string[],
  keys: readonly K[],
  spans: { key: K; from: Date; to: Date | null }[],
) {
  const first = days[0];
  if (!first) return [];
  const start = Date.parse(`${first}T00:00:00Z`);
  const index = (at: Date) => Math.floor((at.getTime() - start) / DAY_MS);
  const diff = new Map(keys.map((k) => [k, new Array<number>(days.length + 1).fill(0)]));
  for (const span of spans) {
    const row = diff.get(span.key);
    if (!row) continue;
    const a = Math.max(0, index(span.from));
    const b = span.to ? Math.min(days.length, index(span.to)) : days.length;
    if (a >= b || a >= days.length) continue;
    row[a] = (row[a] ?? 0) + 1;
    row[b] = (row[b] ?? 0) - 1;
  }
  const running = new Map(keys.map((k) => [k, 0]));
  return days.map((date, i) => {
    const counts: Record<string, number> = {};
    for (const k of keys) {
      const value = (running.get(k) ?? 0) + (diff.get(k)?.[i] ?? 0);
      running.set(k, value);
      counts[k] = value;
    }
    return { date, counts };
  });
}
