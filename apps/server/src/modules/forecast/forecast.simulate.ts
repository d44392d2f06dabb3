import { FORECAST_HORIZON_DAYS, FORECAST_TRIALS } from '@shipyard/shared';

// The Monte Carlo simulation (docs/decisions/061-forecast.md): a trial walks forward one calendar
// day at a time, each day completing as many tasks as a day drawn at random from the history did,
// until the open count is reached; the day it is reached is that trial's end. Many trials give the
// distribution of end days, whose 50th and 85th percentiles are the forecast. Seeded, so the same
// history gives the same answer (and tests can pin it).

/** mulberry32: a small, fast, well-mixed 32-bit generator; floats in [0, 1). */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed from text (FNV-1a). */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export type SimulationOptions = {
  /** Trials at most. */
  trials?: number;
  /** Days drawn at most over all trials: fewer trials when the open work is long (never under minTrials). */
  budget?: number;
  minTrials?: number;
  horizon?: number;
};

export type Simulation = {
  /** Days after the start by which half (85 %) of the trials were done: 0 = the start day itself. */
  p50: number;
  p85: number;
  /** P85 lies beyond the horizon (p85 is then `horizon`). */
  beyond: boolean;
  trials: number;
  /** counts[d]: trials that ended on day d; the last entry counts those beyond the horizon. */
  counts: number[];
};

/** Week sums drawn in advance for a simulation, at most (and no more than its trials). */
const POOL = 2_048;

/** Live forecasts: 10,000 trials, or fewer over a budget of a million days drawn. */
export const LIVE = { trials: FORECAST_TRIALS, budget: 1_000_000, minTrials: 1_000 };
/** Each backtest cut-off: 500 trials, or fewer (300 at least) over a tenth of the budget. */
export const BACKTEST = { trials: 500, budget: 100_000, minTrials: 300 };

function quantile(counts: number[], trials: number, q: number): number {
  const rank = Math.max(1, Math.ceil(q * trials));
  let seen = 0;
  for (let d = 0; d < counts.length; d++) {
    seen += counts[d] ?? 0;
    if (seen >= rank) return d;
  }
  return counts.length - 1;
}

/**
 * Days to complete `open` tasks, resampling the daily completions `history` (oldest first; at
 * least one day above zero, which the caller checks).
 */
export function simulate(
  history: readonly number[],
  open: number,
  seed: number,
  options: SimulationOptions = {},
) {
  const { trials: maxTrials = LIVE.trials, budget = LIVE.budget, minTrials = LIVE.minTrials } = options;
  const horizon = options.horizon ?? FORECAST_HORIZON_DAYS;
  const total = history.reduce((sum, n) => sum + n, 0);
  if (open <= 0) return { p50: 0, p85: 0, beyond: false, trials: 0, counts: [] } satisfies Simulation;
  const expected = total > 0 ? (open * history.length) / total : Number.POSITIVE_INFINITY;
  // Work far beyond the horizon is beyond it in every trial that matters: nothing to draw.
  if (expected > horizon * 2)
    return { p50: horizon, p85: horizon, beyond: true, trials: 0, counts: [] } satisfies Simulation;
  const trials = Math.max(minTrials, Math.min(maxTrials, Math.floor(budget / Math.max(1, expected))));
  const days = Int32Array.from(history);
  const n = days.length;
  const random = seededRandom(seed);
  const draw = () => days[Math.floor(random() * n)] as number;
  // Weeks first: a pool of sums of seven days drawn independently, so a trial takes a week a draw
  // while the open work is more than a week's most, then days. The same resampling, a seventh of
  // the draws (decision 061, "Speed").
  const poolSize = Math.min(POOL, trials);
  const weeks = new Int32Array(poolSize);
  let weekMost = 0;
  for (let i = 0; i < poolSize; i++) {
    let sum = 0;
    for (let k = 0; k < 7; k++) sum += draw();
    weeks[i] = sum;
    if (sum > weekMost) weekMost = sum;
  }
  const tally = new Int32Array(horizon + 2);
  let last = 0;
  for (let t = 0; t < trials; t++) {
    let done = 0;
    let d = 0;
    while (done + weekMost < open && d + 7 <= horizon) {
      done += weeks[Math.floor(random() * poolSize)] as number;
      d += 7;
    }
    for (; d <= horizon; d++) {
      done += draw();
      if (done >= open) break;
    }
    tally[d] = (tally[d] as number) + 1;
    if (d > last) last = d;
  }
  const counts = Array.from(tally.subarray(0, last + 1));
  const p50 = quantile(counts, trials, 0.5);
  const p85 = quantile(counts, trials, 0.85);
  return {
    p50: Math.min(p50, horizon),
    p85: Math.min(p85, horizon),
    beyond: p85 > horizon,
    trials,
    counts,
  } satisfies Simulation;
}
