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
import type { FreshCache, FreshnessReading } from '../../lib/fresh-cache.ts';
import { productNotFound, seesVisibleProduct, type Viewer } from '../../lib/visibility.ts';
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

type Deps = { repo: LifecycleRepository; clock: Clock; cache?: FreshCache };
/** The caller, with the freshness its session lookup read (routes that say `readsFresh`). */
type Caller = Viewer & { freshness?: FreshnessReading };

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

export function createLifecycleService({ repo, clock, cache }: Deps) {
  /**
   * A figure computed once for every request that asks it until a write outdates it (any write to
   * what it reads bumps analytics_version; lib/fresh-cache.ts): the same object, so its encoded
   * answer is kept too (lib/shared-response.ts). Keyed by the caller's id and role where it
   * depends on what they see, by the product where a `check` of their right to it runs beside the
   * probe; and by the day, since the window ends today.
   */
  function cached<T>(
    caller: Caller,
    key: string,
    compute: () => Promise<T>,
    check?: { sql: ReturnType<typeof seesVisibleProduct>; refuse: () => Error },
  ): Promise<T> {
    if (!cache) return compute();
    const day = clock.now().toISOString().slice(0, 10);
    return cache.get(`lifecycle:${day}:${key}`, compute, check, caller.freshness);
  }
  const mine = (caller: Caller, kind: string, parts: unknown) =>
    `${kind}:${caller.id}:${caller.role}:${JSON.stringify(parts)}`;

  /** Everything a report is made of: the window, every stay of every product in scope, the gate entries. */
  function gather(viewer: Caller, query: LifecycleQuery) {
    const { days, team } = query;
    return cached(viewer, mine(viewer, 'gather', { days, team }), () => gatherNow(viewer, query));
  }

  async function gatherNow(viewer: Viewer, query: LifecycleQuery) {
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

  function report(viewer: Caller, query: LifecycleQuery): Promise<LifecycleReport> {
    const { days, team } = query;
    return cached(viewer, mine(viewer, 'report', { days, team }), () => reportNow(viewer, query));
  }

  async function reportNow(viewer: Caller, query: LifecycleQuery): Promise<LifecycleReport> {
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
  function stays(viewer: Caller, query: LifecycleDrillQuery) {
    const { days, team, stage } = query;
    return cached(viewer, mine(viewer, 'stays', { days, team, stage }), async () => {
      const g = await gather(viewer, query);
      const list = g.completed
        .filter((s) => !stage || s.stage === stage)
        .map((s) => ({ s, length: (s.leftAt?.getTime() ?? 0) - s.enteredAt.getTime() }))
        .sort((a, b) => b.length - a.length)
        .map(({ s }) => s);
      return staysOut(list, g.now);
    });
  }

  /** The gate entries behind a stage's rates (newest first), of one decision if asked. */
  function gateEntries(viewer: Caller, query: LifecycleDrillQuery) {
    const { days, team, stage, decision } = query;
    return cached(viewer, mine(viewer, 'gates', { days, team, stage, decision }), async () => {
      const g = await gather(viewer, query);
      const list = g.gates
        .filter((e) => (!stage || e.from_stage === stage) && (!decision || e.decision === decision))
        .sort((a, b) => b.created_at.localeCompare(a.created_at));
      return { data: list.slice(0, LIFECYCLE_ROWS_MAX), truncated: list.length > LIFECYCLE_ROWS_MAX };
    });
  }

  /** A flow day's products: the stage each product in scope was in at that day's end. */
  function day(viewer: Caller, query: LifecycleDrillQuery): Promise<FlowDayProducts> {
    const { days, team, stage, date } = query;
    return cached(viewer, mine(viewer, 'day', { days, team, stage, date }), () => dayNow(viewer, query));
  }

  async function dayNow(viewer: Caller, query: LifecycleDrillQuery): Promise<FlowDayProducts> {
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

    history(viewer: Caller, productId: string): Promise<StageHistory> {
      return cached(viewer, `history:${productId}`, () => historyNow(viewer, productId), {
        sql: seesVisibleProduct(viewer, productId),
        refuse: productNotFound,
      });
    },

    taskFlow(viewer: Caller, productId: string, query: { days: number }): Promise<TaskFlow> {
      return cached(
        viewer,
        `task-flow:${productId}:${query.days}`,
        () => taskFlowNow(viewer, productId, query),
        {
          sql: seesVisibleProduct(viewer, productId),
          refuse: productNotFound,
        },
      );
    },
  };

  async function historyNow(viewer: Viewer, productId: string): Promise<StageHistory> {
    const found = await repo.product(viewer, productId);
    if (!found) throw productNotFound();
    const now = clock.now();
    return {
      product_id: found.product.id,
      stage: found.product.status,
      stage_entered_at: found.product.stageEnteredAt.toISOString(),
      stays: staysOf(found.product, found.entries).map((s) => toStageStay(s, now)),
    };
  }

  /**
   * A product's tasks over their statuses per day: a task counts from its creation, in the status
   * its first move after that day left (else the one it has now).
   */
  async function taskFlowNow(viewer: Viewer, productId: string, query: { days: number }): Promise<TaskFlow> {
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
  }
}

export type LifecycleService = ReturnType<typeof createLifecycleService>;
