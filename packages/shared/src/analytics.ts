import { z } from 'zod/mini';
import { TASK_PRIORITIES } from './tasks.ts';
import { isTimeZone } from './time-zones.ts';

// Analytics (spec §2.16; real figures, ARCHITECTURE §5): KPIs of a period against the period
// before it, and the data of the Performance, Quality and Productivity tabs. Super admins only
// (spec §6). What each figure means: docs/decisions/004.

export const ANALYTICS_TIMEFRAMES = ['week', 'month', 'quarter', 'year'] as const;
export type AnalyticsTimeframe = (typeof ANALYTICS_TIMEFRAMES)[number];

export const ANALYTICS_TIMEFRAME_LABELS: Record<AnalyticsTimeframe, string> = {
  week: 'Week',
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
};

/** A timeframe is the last N days, today included (in the caller's time zone). */
export const ANALYTICS_PERIOD_DAYS: Record<AnalyticsTimeframe, number> = {
  week: 7,
  month: 30,
  quarter: 90,
  year: 365,
};

export const ANALYTICS_GRANULARITIES = ['day', 'week', 'month'] as const;
export type AnalyticsGranularity = (typeof ANALYTICS_GRANULARITIES)[number];

/** The bucket of the series: 7 or 30 days, about 13 ISO weeks, 13 calendar months. */
export const ANALYTICS_GRANULARITY: Record<AnalyticsTimeframe, AnalyticsGranularity> = {
  week: 'day',
  month: 'day',
  quarter: 'week',
  year: 'month',
};

export const ANALYTICS_DEFAULT_TIMEFRAME: AnalyticsTimeframe = 'month';
/** The per-product, per-person and per-team lists hold at most this many rows. */
export const ANALYTICS_TOP = 10;
/** The product filter names at most this many products (the product options list holds 200). */
export const ANALYTICS_MAX_PRODUCTS = 200;

export const analyticsMessages = {
  forbidden: 'Only super admins can view analytics.',
  timeframe: 'Timeframe must be week, month, quarter or year.',
  product: 'Each product must be a product id.',
  tooManyProducts: `Choose at most ${ANALYTICS_MAX_PRODUCTS} products.`,
  timeZone: 'Unknown time zone.',
  loadFailed: 'Failed to load analytics',
  empty: 'No tasks in this period',
  emptyHint:
    'Tasks created or completed in the period show up here. Try a longer timeframe or other products.',
  noData: 'No data',
} as const;

/**
 * `products=id,id` (or repeated): the products to count. Nothing, '' or 'all' means every product,
 * which is the empty list.
 */
const ProductListSchema = z._default(
  z.pipe(
    z.transform((v: unknown) =>
      (Array.isArray(v) ? v.join(',') : String(v ?? ''))
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '' && s.toLowerCase() !== 'all'),
    ),
    z
      .array(z.uuid(analyticsMessages.product))
      .check(z.maxLength(ANALYTICS_MAX_PRODUCTS, analyticsMessages.tooManyProducts)),
  ),
  [],
);

/** GET /api/analytics?timeframe=month&products=id,id&tz=Europe/Paris */
export const AnalyticsQuerySchema = z.object({
  timeframe: z._default(
    z.enum(ANALYTICS_TIMEFRAMES, analyticsMessages.timeframe),
    ANALYTICS_DEFAULT_TIMEFRAME,
  ),
  products: ProductListSchema,
  /** Days, buckets and due dates are read in this zone; the browser sends its own. */
  tz: z._default(
    z.string().check(
      z.maxLength(64),
      z.refine((v) => isTimeZone(v), analyticsMessages.timeZone),
    ),
    'UTC',
  ),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;
export type AnalyticsQueryInput = z.input<typeof AnalyticsQuerySchema>;

export const ANALYTICS_KPI_KEYS = ['throughput', 'cycleTime', 'onTimeRate', 'created', 'openNow'] as const;
export type AnalyticsKpiKey = (typeof ANALYTICS_KPI_KEYS)[number];

export const AnalyticsKpiSchema = z.object({
  key: z.enum(ANALYTICS_KPI_KEYS),
  label: z.string(),
  /** null: nothing to measure (no task completed, none with a due date). */
  value: z.nullable(z.number()),
  previous: z.nullable(z.number()),
  /** (value − previous) / previous; null when either is null or previous is 0. */
  change: z.nullable(z.number()),
  unit: z.enum(['count', 'percent', 'days']),
  /** Which way is good news; 'neutral' for a volume that is neither (tasks created). */
  better: z.enum(['up', 'down', 'neutral']),
});
export type AnalyticsKpi = z.infer<typeof AnalyticsKpiSchema>;

/** 'YYYY-MM-DD': the first day of the bucket, in the caller's time zone. */
const BucketDate = z.string();

export const AnalyticsSchema = z.object({
  timeframe: z.enum(ANALYTICS_TIMEFRAMES),
  granularity: z.enum(ANALYTICS_GRANULARITIES),
  timeZone: z.string(),
  /** The products counted; empty: all of them. */
  products: z.array(z.string()),
  /** The period: from the start of the first day to now (ISO instants). */
  from: z.string(),
  to: z.string(),
  /** The period before, of the same length, ending where this one starts. */
  previousFrom: z.string(),
  previousTo: z.string(),
  kpis: z.array(AnalyticsKpiSchema),
  performance: z.object({
    series: z.array(
      z.object({ date: BucketDate, completed: z.number(), cycleTimeDays: z.nullable(z.number()) }),
    ),
    byProduct: z.array(
      z.object({
        productId: z.string(),
        name: z.string(),
        completed: z.number(),
        onTimeRate: z.nullable(z.number()),
      }),
    ),
  }),
  quality: z.object({
    reopened: z.number(),
    reopenedPrevious: z.number(),
    open: z.number(),
    overdue: z.number(),
    critical: z.number(),
    byPriority: z.array(
      z.object({ priority: z.enum(TASK_PRIORITIES), open: z.number(), overdue: z.number() }),
    ),
    overdueByProduct: z.array(
      z.object({ productId: z.string(), name: z.string(), open: z.number(), overdue: z.number() }),
    ),
  }),
  productivity: z.object({
    series: z.array(z.object({ date: BucketDate, created: z.number(), completed: z.number() })),
    byPerson: z.array(
      z.object({
        userId: z.string(),
        name: z.string(),
        avatarUrl: z.nullable(z.string()),
        completed: z.number(),
      }),
    ),
    /** Tasks completed in the period without an assignee. */
    unassigned: z.number(),
    byTeam: z.array(
      z.object({ teamId: z.string(), name: z.string(), productName: z.string(), completed: z.number() }),
    ),
  }),
});
export type Analytics = z.infer<typeof AnalyticsSchema>;
