import {
  FORECAST_BACKTEST_WEEKS,
  FORECAST_HISTORY_DAYS,
  FORECAST_MIN_COMPLETIONS,
  FORECAST_MIN_HISTORY_DAYS,
  type Forecast,
  type ForecastSample,
} from '@shipyard/shared';
import { BACKTEST, LIVE, type Simulation, seedOf, simulate } from './forecast.simulate.ts';

// A product's forecast and backtest from its daily counts (docs/decisions/061-forecast.md). Days
// are calendar days in UTC, counted back from today: index k is the day k days before today.

/** Days of counts a forecast reads: the backtest's oldest cut-off and a whole history before it. */
export const WINDOW_DAYS = FORECAST_BACKTEST_WEEKS * 7 + FORECAST_HISTORY_DAYS + 1;

export type ProductHistory = {
  productId: string;
  /** Today (UTC), YYYY-MM-DD. */
  today: string;
  /** Tasks open now: not Completed, not in the trash. */
  open: number;
  /** Days from the product's first task's creation day to today; null without tasks. */
  firstAgo: number | null;
  /** completed[k]: tasks completed on day k (0 = today), for k < WINDOW_DAYS. */
  completed: number[];
  /** created[k]: live tasks created on day k. */
  created: number[];
};

const DAY_MS = 86_400_000;
const dayOf = (today: string, ago: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - ago * DAY_MS).toISOString().slice(0, 10);

type Method =
  | { kind: 'insufficient'; reason: 'few_completions' | 'short_history'; days: number; completions: number }
  | { kind: 'ok'; days: number; completions: number; history: number[] };

/** The history before the day `cutoff` days ago: at most FORECAST_HISTORY_DAYS, from the first task on. */
function historyBefore(h: ProductHistory, cutoff: number): Method {
  const days = Math.max(0, Math.min(FORECAST_HISTORY_DAYS, (h.firstAgo ?? cutoff) - cutoff));
  const history: number[] = [];
  // Oldest first.
  for (let k = cutoff + days; k > cutoff; k--) history.push(h.completed[k] ?? 0);
  const completions = history.reduce((s, n) => s + n, 0);
  if (days < FORECAST_MIN_HISTORY_DAYS)
    return { kind: 'insufficient', reason: 'short_history', days, completions };
  if (completions < FORECAST_MIN_COMPLETIONS)
    return { kind: 'insufficient', reason: 'few_completions', days, completions };
  return { kind: 'ok', days, completions, history };
}

/** Tasks open at the start of the day `cutoff` days ago: open now, plus completed since, less created since. */
export function openAt(h: ProductHistory, cutoff: number): number {
  let open = h.open;
  for (let k = 0; k <= cutoff; k++) open += (h.completed[k] ?? 0) - (h.created[k] ?? 0);
  return Math.max(0, open);
}

/** Days ago of the day the `open`-th completion from the day `cutoff` days ago on happened; null: not yet. */
function reachedAgo(h: ProductHistory, cutoff: number, open: number): number | null {
  let done = 0;
  for (let k = cutoff; k >= 0; k--) {
    done += h.completed[k] ?? 0;
    if (done >= open) return k;
  }
  return null;
}

/** One backtest sample, or none when there was too little history before the cut-off or nothing open. */
function sampleAt(h: ProductHistory, cutoff: number): ForecastSample | null {
  const method = historyBefore(h, cutoff);
  const open = openAt(h, cutoff);
  if (method.kind !== 'ok' || open === 0) return null;
  const sim = simulate(method.history, open, seedOf(`${h.productId}:${dayOf(h.today, cutoff)}`), BACKTEST);
  const p50Ago = cutoff - sim.p50;
  const p85Ago = cutoff - sim.p85;
  const reached = reachedAgo(h, cutoff, open);
  const base = {
    cutoff: dayOf(h.today, cutoff),
    open,
    p50: dayOf(h.today, p50Ago),
    p85: dayOf(h.today, p85Ago),
  };
  if (reached !== null)
    return {
      ...base,
      actual: dayOf(h.today, reached),
      error_days: reached - p50Ago,
      within_p85: reached >= p85Ago,
    };
  // Not done yet: a P50 already past was early by today's distance at least; a P85 already past missed.
  return {
    ...base,
    actual: null,
    error_days: p50Ago > 0 ? -p50Ago : null,
    within_p85: p85Ago > 0 ? false : null,
  };
}

export function backtest(h: ProductHistory): Forecast['backtest'] {
  const samples: ForecastSample[] = [];
  for (let week = FORECAST_BACKTEST_WEEKS; week >= 1; week--) {
    const sample = sampleAt(h, week * 7);
    if (sample) samples.push(sample);
  }
  const errors = samples.flatMap((s) => (s.error_days === null ? [] : [Math.abs(s.error_days)]));
  const decided = samples.flatMap((s) => (s.within_p85 === null ? [] : [s.within_p85]));
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return {
    samples_count: samples.length,
    weeks: FORECAST_BACKTEST_WEEKS,
    mean_abs_error_days: errors.length ? round1(errors.reduce((a, b) => a + b, 0) / errors.length) : null,
    hit_rate_85: decided.length
      ? round1((decided.filter(Boolean).length / decided.length) * 100) / 100
      : null,
    samples,
  };
}

/** Up to 24 ranges of days from the first end day to the 99th percentile (the rest in the last). */
function distributionOf(sim: Simulation, today: string): Forecast['distribution'] {
  const { counts, trials } = sim;
  if (trials === 0) return [];
  let first = 0;
  while ((counts[first] ?? 0) === 0) first++;
  let seen = 0;
  let last = first;
  for (let d = 0; d < counts.length; d++) {
    seen += counts[d] ?? 0;
    last = d;
    if (seen >= trials * 0.99) break;
  }
  const width = Math.max(1, Math.ceil((last - first + 1) / 24));
  const bins: Forecast['distribution'] = [];
  for (let start = first; start <= last; start += width)
    bins.push({ date: dayOf(today, -start), days: width, trials: 0 });
  counts.forEach((n, d) => {
    if (d < first || n === 0) return;
    const bin = bins[Math.min(bins.length - 1, Math.floor((d - first) / width))];
    if (bin) bin.trials += n;
  });
  return bins;
}

/** The product's forecast from today and its backtest. */
export function forecastOf(h: ProductHistory): Forecast {
  const method = historyBefore(h, 0);
  const history = {
    from: dayOf(h.today, method.days),
    to: dayOf(h.today, 1),
    days: method.days,
    completions: method.completions,
    per_week: method.days ? Math.round((method.completions / method.days) * 70) / 10 : 0,
  };
  const common = { product_id: h.productId, open: h.open, today: h.today, history, backtest: backtest(h) };
  if (h.open === 0)
    return {
      ...common,
      state: 'done',
      reason: null,
      p50: null,
      p85: null,
      beyond: false,
      trials: 0,
      distribution: [],
    };
  if (method.kind !== 'ok')
    return {
      ...common,
      state: 'insufficient',
      reason: method.reason,
      p50: null,
      p85: null,
      beyond: false,
      trials: 0,
      distribution: [],
    };
  const sim = simulate(method.history, h.open, seedOf(`${h.productId}:${h.today}`), LIVE);
  return {
    ...common,
    state: 'forecast',
    reason: null,
    p50: dayOf(h.today, -sim.p50),
    p85: dayOf(h.today, -sim.p85),
    beyond: sim.beyond,
    trials: sim.trials,
    distribution: distributionOf(sim, h.today),
  };
}
