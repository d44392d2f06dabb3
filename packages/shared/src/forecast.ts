import { z } from 'zod/mini';

// When a product's open tasks will be done (issue 32, docs/decisions/061-forecast.md): a Monte
// Carlo forecast from the product's own daily throughput over its last weeks, and the same method
// run at past cut-off dates and compared with what happened (the backtest).

/** The throughput history a forecast resamples: the last 12 weeks (calendar days, UTC). */
export const FORECAST_HISTORY_DAYS = 84;
/** Fewer completed tasks than this in the history: "not enough history", no date. */
export const FORECAST_MIN_COMPLETIONS = 5;
/** A history shorter than two weeks (from the product's first task): "not enough history". */
export const FORECAST_MIN_HISTORY_DAYS = 14;
/** The backtest's cut-offs: one a week over the last 12 weeks. */
export const FORECAST_BACKTEST_WEEKS = 12;
/** Trials of a forecast, fewer when the open work is long (a budget of draws, the decision). */
export const FORECAST_TRIALS = 10_000;
/** A forecast looks this many days ahead at most; later is "beyond" it. */
export const FORECAST_HORIZON_DAYS = 3_650;
/** At most this many products a batch asks about. */
export const FORECAST_BATCH_MAX = 300;

export const forecastMessages = {
  productInvalid: 'Each product id must be a UUID',
  tooMany: `At most ${FORECAST_BATCH_MAX} products may be asked at once`,
  required: 'Name at least one product',
} as const;

/** GET /api/forecasts?productIds=id,id (or repeated): the products asked about. */
export const ForecastBatchQuerySchema = z.object({
  productIds: z.pipe(
    z.transform((v: unknown) =>
      [
        ...new Set(
          (Array.isArray(v) ? v.join(',') : String(v ?? ''))
            .split(',')
            .map((s) => s.trim().toLowerCase())
            .filter((s) => s !== ''),
        ),
      ].slice(0, FORECAST_BATCH_MAX + 1),
    ),
    z
      .array(z.uuid(forecastMessages.productInvalid))
      .check(
        z.minLength(1, forecastMessages.required),
        z.maxLength(FORECAST_BATCH_MAX, forecastMessages.tooMany),
      ),
  ),
});
export type ForecastBatchQuery = z.infer<typeof ForecastBatchQuerySchema>;

const day = z.string();

/**
 * `forecast`: dates; `done`: nothing open; `insufficient`: no dates, because of `reason`
 * (`few_completions`: fewer than FORECAST_MIN_COMPLETIONS in the history; `short_history`: the
 * product's first task is younger than FORECAST_MIN_HISTORY_DAYS).
 */
export const FORECAST_STATES = ['forecast', 'done', 'insufficient'] as const;
export const FORECAST_REASONS = ['few_completions', 'short_history'] as const;

/** One past cut-off of the backtest: what the method said then and what happened. */
export const ForecastSampleSchema = z.object({
  /** The cut-off day: history before it, tasks open at its start. */
  cutoff: day,
  open: z.number(),
  p50: day,
  p85: day,
  /** The day the `open`-th completion after the cut-off happened, or null: not yet. */
  actual: z.nullable(day),
  /**
   * Actual minus P50, in days (+: done later than forecast, −: earlier); for one not done yet whose
   * P50 has passed, the days since P50 (at least that far off); else null.
   */
  error_days: z.nullable(z.number()),
  /** Whether it was done by P85: null while it may still be. */
  within_p85: z.nullable(z.boolean()),
});
export type ForecastSample = z.infer<typeof ForecastSampleSchema>;

export const ForecastBacktestSchema = z.object({
  /** Cut-offs with enough history before them and something open. */
  samples_count: z.number(),
  /** Weeks looked back over (FORECAST_BACKTEST_WEEKS). */
  weeks: z.number(),
  /** Mean of |error_days| over the samples that have one; null with none. */
  mean_abs_error_days: z.nullable(z.number()),
  /** Share of the decided samples (within_p85 not null) done by their P85; null with none. */
  hit_rate_85: z.nullable(z.number()),
  samples: z.array(ForecastSampleSchema),
});
export type ForecastBacktest = z.infer<typeof ForecastBacktestSchema>;

export const ForecastSummarySchema = z.object({
  product_id: z.string(),
  state: z.enum(FORECAST_STATES),
  reason: z.nullable(z.enum(FORECAST_REASONS)),
  /** Open tasks now (not Completed, not in the trash). */
  open: z.number(),
  /** The day the forecast starts from (today, UTC). */
  today: day,
  /** The history resampled: its first and last day, its completions, and per week. */
  history: z.object({ from: day, to: day, days: z.number(), completions: z.number(), per_week: z.number() }),
  p50: z.nullable(day),
  p85: z.nullable(day),
  /** P85 lies beyond FORECAST_HORIZON_DAYS (p85 is then the horizon's last day). */
  beyond: z.boolean(),
  trials: z.number(),
  backtest: z.object({
    samples_count: z.number(),
    weeks: z.number(),
    mean_abs_error_days: z.nullable(z.number()),
    hit_rate_85: z.nullable(z.number()),
  }),
});
export type ForecastSummary = z.infer<typeof ForecastSummarySchema>;

/** GET /api/projects/:id/forecast: the summary, the distribution of the trials' end days, the samples. */
export const ForecastSchema = z.object({
  ...ForecastSummarySchema.shape,
  /** How many trials ended on each day (consecutive ranges of `days` days from `date`). */
  distribution: z.array(z.object({ date: day, days: z.number(), trials: z.number() })),
  backtest: ForecastBacktestSchema,
});
export type Forecast = z.infer<typeof ForecastSchema>;

export const ForecastBatchSchema = z.object({ forecasts: z.array(ForecastSummarySchema) });
export type ForecastBatch = z.infer<typeof ForecastBatchSchema>;
