import {
  type FlowDayProducts,
  type GateEntry,
  LIFECYCLE_CHOICES_MAX,
  LIFECYCLE_ROWS_MAX,
  LIFECYCLE_STUCK_MAX,
  type LifecycleDrillQuery,
  type LifecycleQuery,
  type LifecycleReport,
  PRODUCT_STATUSES,
  type StageHistory,
  TASK_STATUSES,
  type TaskFlow,
  type TaskStatus,
} from '@shipyard/shared';
import type { Clock } from '../../lib/clock.ts';
import { productNotFound, type Viewer } from '../../lib/visibility.ts';
import {
  endOfDay,
  flowOf,
  gateOf,
  type StageEntry,
  type Stay,
  spreadOf,
  staysOf,
  toStageStay,
  windowDays,
} from './lifecycle.history.ts';
import type { LifecycleRepository } from './lifecycle.repository.ts';

type Deps = { repo: LifecycleRepository; clock: Clock };

const byProduct = (entries: StageEntry[]) => {
  const map = new Map<string, StageEntry[]>();
  for (const e of entries) {
    const list = map.get(e.productId);
    if (list) list.push(e);
    else map.set(e.productId, [e]);
  }
  return map;
};

const asTaskStatus = (value: string | null | undefined): TaskStatus | undefined =>
  TASK_STATUSES.find((s) => s === value);

export function createLifecycleService({ repo, clock }: Deps) {
  /** Everything a report is made of: the window, every stay of every product in scope, the gate entries. */
  async function gather(viewer: Viewer, query: LifecycleQuery) {
    const now = clock.now();
    const days = windowDays(now, query.days);
    const from = new Date(`${days[0]}T00:00:00Z`);
    const { products, entries } = await repo.scope(viewer, query.team);
    const grouped = byProduct(entries);
    const stays: Stay[] = [];
    const gates: GateEntry[] = [];
    for (const product of products) {
      const own = grouped.get(product.id) ?? [];
      stays.push(...staysOf(product, own));
      for (const entry of own) {
        const gate = gateOf(entry, product.name);
        if (gate && entry.createdAt >= from) gates.push(gate);
      }
    }
    const archived = new Set(products.filter((p) => p.archivedAt).map((p) => p.id));
    const completed = stays.filter((s) => s.leftAt && s.leftAt >= from);
    const current = stays.filter((s) => !s.leftAt && !archived.has(s.productId));
    return { now, days, from, products, stays, completed, current, gates };
  }

  const staysOut = (list: Stay[], now: Date) => ({
    data: list.slice(0, LIFECYCLE_ROWS_MAX).map((s) => toStageStay(s, now)),
    truncated: list.length > LIFECYCLE_ROWS_MAX,
  });

  async function report(viewer: Viewer, query: LifecycleQuery): Promise<LifecycleReport> {
    const g = await gather(viewer, query);
    const daysOf = (list: Stay[]) => list.map((s) => toStageStay(s, g.now).days);
    const durations = PRODUCT_STATUSES.map((stage) => ({
      stage,
      completed: spreadOf(daysOf(g.completed.filter((s) => s.stage === stage))),
      current: spreadOf(daysOf(g.current.filter((s) => s.stage === stage))),
    }));
    const gates = PRODUCT_STATUSES.map((stage) => {
      const of = g.gates.filter((e) => e.from_stage === stage);
      const count = (d: string) => of.filter((e) => e.decision === d).length;
      const [refused, overridden, passed] = [count('refused'), count('overridden'), count('passed')];
      const failed = refused + overridden;
      const all = failed + passed;
      const rate = (n: number, d: number) => (d ? Math.round((n / d) * 1000) / 1000 : null);
      return {
        stage,
        refused,
        overridden,
        passed,
        failure_rate: rate(failed, all),
        override_rate: rate(overridden, failed),
      };
    });
    // Maintenance is where a product stays by design: not "stuck".
    const stuck = g.current
      .filter((s) => s.stage !== 'maintenance')
      .sort((a, b) => a.enteredAt.getTime() - b.enteredAt.getTime())
      .slice(0, LIFECYCLE_STUCK_MAX)
      .map((s) => toStageStay(s, g.now));
    const flow = flowOf(
      g.days,
      PRODUCT_STATUSES,
      g.stays.map((s) => ({ key: s.stage, from: s.enteredAt, to: s.leftAt })),
    );
    return {
      from: g.days[0] ?? '',
      to: g.days.at(-1) ?? '',
      products: g.products.length,
      durations,
      gates,
      stuck,
      flow,
      product_choices: g.products
        .map((p) => ({ id: p.id, name: p.name }))
        .sort((a, b) => a.name.localeCompare(b.name))
        .slice(0, LIFECYCLE_CHOICES_MAX),
    };
  }

  /** The completed stays behind a stage's figures (longest first), or every stage's. */
  async function stays(viewer: Viewer, query: LifecycleDrillQuery) {
    const g = await gather(viewer, query);
    const list = g.completed
      .filter((s) => !query.stage || s.stage === query.stage)
      .sort((a, b) => toStageStay(b, g.now).days - toStageStay(a, g.now).days);
    return staysOut(list, g.now);
  }

  /** The gate entries behind a stage's rates (newest first), of one decision if asked. */
  async function gateEntries(viewer: Viewer, query: LifecycleDrillQuery) {
    const g = await gather(viewer, query);
    const list = g.gates
      .filter(
        (e) =>
          (!query.stage || e.from_stage === query.stage) &&
          (!query.decision || e.decision === query.decision),
      )
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
    return { data: list.slice(0, LIFECYCLE_ROWS_MAX), truncated: list.length > LIFECYCLE_ROWS_MAX };
  }

  /** A flow day's products: the stage each product in scope was in at that day's end. */
  async function day(viewer: Viewer, query: LifecycleDrillQuery): Promise<FlowDayProducts> {
    const g = await gather(viewer, query);
    const date = query.date ?? g.days.at(-1) ?? '';
    const end = endOfDay(date);
    const data = g.stays
      .filter((s) => s.enteredAt < end && (!s.leftAt || s.leftAt >= end))
      .filter((s) => !query.stage || s.stage === query.stage)
      .sort(
        (a, b) =>
          PRODUCT_STATUSES.indexOf(a.stage) - PRODUCT_STATUSES.indexOf(b.stage) ||
          a.productName.localeCompare(b.productName),
      )
      .slice(0, LIFECYCLE_ROWS_MAX)
      .map((s) => ({ product_id: s.productId, product_name: s.productName, stage: s.stage }));
    return { date, data };
  }

  return {
    report,
    stays,
    gateEntries,
    day,

    async history(viewer: Viewer, productId: string): Promise<StageHistory> {
      const found = await repo.product(viewer, productId);
      if (!found) throw productNotFound();
      const now = clock.now();
      return {
        product_id: found.product.id,
        stage: found.product.status,
        stage_entered_at: found.product.stageEnteredAt.toISOString(),
        stays: staysOf(found.product, found.entries).map((s) => toStageStay(s, now)),
      };
    },

    /**
     * A product's tasks over their statuses per day: a task counts from its creation, in the status
     * its first move after that day left (else the one it has now).
     */
    async taskFlow(viewer: Viewer, productId: string, query: { days: number }): Promise<TaskFlow> {
      const found = await repo.product(viewer, productId);
      if (!found) throw productNotFound();
      const now = clock.now();
      const days = windowDays(now, query.days);
      const from = new Date(`${days[0]}T00:00:00Z`);
      const [taskRows, moves] = await Promise.all([
        repo.tasksOf(productId),
        repo.taskMovesSince(productId, from),
      ]);
      const movesOf = new Map<string, typeof moves>();
      for (const m of moves) {
        if (!m.taskId) continue;
        const list = movesOf.get(m.taskId);
        if (list) list.push(m);
        else movesOf.set(m.taskId, [m]);
      }
      const spans: { key: TaskStatus; from: Date; to: Date | null }[] = [];
      for (const task of taskRows) {
        let at = task.createdAt;
        for (const m of movesOf.get(task.id) ?? []) {
          const previous = asTaskStatus(m.previous);
          if (previous && m.createdAt > at) spans.push({ key: previous, from: at, to: m.createdAt });
          if (m.createdAt > at) at = m.createdAt;
        }
        spans.push({ key: task.status, from: at, to: null });
      }
      return {
        product_id: productId,
        from: days[0] ?? '',
        to: days.at(-1) ?? '',
        statuses: [...TASK_STATUSES],
        flow: flowOf(days, TASK_STATUSES, spans),
      };
    },
  };
}

export type LifecycleService = ReturnType<typeof createLifecycleService>;
