import {
  ANALYTICS_GRANULARITY,
  ANALYTICS_PERIOD_DAYS,
  ANALYTICS_TOP,
  type Analytics,
  type AnalyticsKpi,
  type AnalyticsQuery,
  analyticsMessages,
  isSuperAdmin,
  type Role,
  TASK_PRIORITIES,
} from '@shipyard/shared';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Forbidden } from '../../lib/errors.ts';
import type { FreshCache } from '../../lib/fresh-cache.ts';
import type { AnalyticsRepository, AnalyticsWindow } from './analytics.repository.ts';

// The Analytics page (spec §2.16; real figures, ARCHITECTURE §5), for super admins only (spec §6).
// Every figure is aggregated by the database; this file only names, rounds and compares them.
// Definitions: docs/decisions/004-api-shapes-the-spec-leaves-open.md, "Analytics".

const round = (value: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/** (value − previous) / previous, to 4 decimals; null when there is nothing to compare with. */
function changeRatio(value: number | null, previous: number | null): number | null {
  if (value === null || previous === null || previous === 0) return null;
  return round((value - previous) / previous, 4);
}

const percent = (part: number, whole: number) => (whole > 0 ? round((part / whole) * 100, 1) : null);
const days = (value: number | null) => (value === null ? null : round(value, 2));

function kpi(
  key: AnalyticsKpi['key'],
  label: string,
  unit: AnalyticsKpi['unit'],
  better: AnalyticsKpi['better'],
  value: number | null,
  previous: number | null,
): AnalyticsKpi {
  return { key, label, value, previous, change: changeRatio(value, previous), unit, better };
}

/** Priorities from the most to the least urgent, as the Quality tab lists them. */
const PRIORITY_ORDER = [...TASK_PRIORITIES].reverse();

/** PostgreSQL's "time zone not recognized" (a name the browser knows and the server does not). */
const isUnknownZone = (err: unknown) => {
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e?.code ?? e?.cause?.code;
  const message = e?.cause?.message ?? e?.message ?? '';
  return code === '22023' && message.includes('time zone');
};

/** Today's date in `timeZone`, or undefined for a zone this process does not know (PostgreSQL decides). */
function localDay(now: Date, timeZone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
  } catch {
    return undefined;
  }
}

export function createAnalyticsService({
  analytics,
  clock,
  cache,
}: {
  analytics: AnalyticsRepository;
  clock: Clock;
  /** Figures shared between requests until a write may have changed them (lib/fresh-cache.ts). */
  cache: FreshCache;
}) {
  function authorize(viewer: { role: Role }) {
    if (!isSuperAdmin(viewer.role)) throw Forbidden(analyticsMessages.forbidden);
  }

  return {
    authorize,

    /**
     * Every super admin sees the same figures: one computation per timeframe, zone, products and
     * local day serves them all while no write may have changed them (and for a few seconds at
     * most: `to` says when they were computed).
     */
    async get(viewer: { role: Role }, query: AnalyticsQuery): Promise<Analytics> {
      authorize(viewer);
      const products = [...new Set(query.products)];
      const day = localDay(clock.now(), query.tz);
      if (day === undefined) return compute(query, products);
      const key = JSON.stringify([query.timeframe, query.tz, day, products]);
      return cache.get(key, () => compute(query, products));
    },
  };

  async function compute(query: AnalyticsQuery, productIds: string[]): Promise<Analytics> {
    const granularity = ANALYTICS_GRANULARITY[query.timeframe];
    const window: AnalyticsWindow = {
      now: clock.now(),
      timeZone: query.tz,
      days: ANALYTICS_PERIOD_DAYS[query.timeframe],
      granularity,
      productIds,
      top: ANALYTICS_TOP,
    };
    const [stats, breakdown, rest] = await Promise.all([
      analytics.completed(window),
      analytics.breakdown(window),
      analytics.rest(window),
    ]).catch((err: unknown) => {
      if (isUnknownZone(err))
        throw BadRequest(analyticsMessages.timeZone, 'VALIDATION_ERROR', {
          fields: { tz: [analyticsMessages.timeZone] },
        });
      throw err;
    });

    const total = (cur: boolean) => stats.find((s) => s.total && s.cur === cur);
    const cur = total(true);
    const prev = total(false);
    const completedBy = new Map(stats.filter((s) => s.cur && !s.total).map((s) => [s.bucket, s]));
    const priorities = new Map(rest.by_priority.map((p) => [p.priority, p]));
    const open = rest.by_priority.reduce((sum, p) => sum + p.open, 0);
    // Open at the start of the period: open now and created before it, or closed since then.
    const openBefore =
      rest.by_priority.reduce((sum, p) => sum + p.open_before, 0) + (cur?.created_before ?? 0);
    const created = rest.created.reduce((sum, n) => sum + n, 0);

    return {
      timeframe: query.timeframe,
      granularity,
      timeZone: query.tz,
      products: window.productIds,
      from: rest.from,
      to: rest.to,
      previousFrom: rest.previous_from,
      previousTo: rest.from,
      kpis: [
        kpi('throughput', 'Tasks completed', 'count', 'up', cur?.completed ?? 0, prev?.completed ?? 0),
        kpi(
          'cycleTime',
          'Median cycle time',
          'days',
          'down',
          days(cur?.cycle_days ?? null),
          days(prev?.cycle_days ?? null),
        ),
        kpi(
          'onTimeRate',
          'On-time rate',
          'percent',
          'up',
          percent(cur?.on_time ?? 0, cur?.due ?? 0),
          percent(prev?.on_time ?? 0, prev?.due ?? 0),
        ),
        kpi('created', 'Tasks created', 'count', 'neutral', created, rest.created_prev),
        kpi('openNow', 'Open tasks', 'count', 'down', open, openBefore),
      ],
      performance: {
        series: rest.buckets.map((date) => {
          const stat = completedBy.get(date);
          return { date, completed: stat?.completed ?? 0, cycleTimeDays: days(stat?.cycle_days ?? null) };
        }),
        byProduct: breakdown.by_product.map((p) => ({
          productId: p.id,
          name: p.name,
          completed: p.completed,
          onTimeRate: percent(p.on_time, p.due),
        })),
      },
      quality: {
        reopened: rest.reopened,
        reopenedPrevious: rest.reopened_prev,
        open,
        overdue: rest.by_priority.reduce((sum, p) => sum + p.overdue, 0),
        critical: priorities.get('critical')?.open ?? 0,
        byPriority: PRIORITY_ORDER.map((priority) => ({
          priority,
          open: priorities.get(priority)?.open ?? 0,
          overdue: priorities.get(priority)?.overdue ?? 0,
        })),
        overdueByProduct: rest.overdue_by_product.map((p) => ({
          productId: p.id,
          name: p.name,
          open: p.open,
          overdue: p.overdue,
        })),
      },
      productivity: {
        series: rest.buckets.map((date, i) => ({
          date,
          created: rest.created[i] ?? 0,
          completed: completedBy.get(date)?.completed ?? 0,
        })),
        byPerson: breakdown.by_person.map((p) => ({
          userId: p.id,
          name: p.name,
          avatarUrl: p.avatar_url,
          completed: p.completed,
        })),
        unassigned: breakdown.unassigned,
        byTeam: breakdown.by_team.map((t) => ({
          teamId: t.id,
          name: t.name,
          productName: t.product_name,
          completed: t.completed,
        })),
      },
    };
  }
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
