import { describe, expect, it } from 'vitest';
import { backtest, forecastOf, openAt, type ProductHistory, WINDOW_DAYS } from './forecast.model.ts';
import { seedOf, simulate } from './forecast.simulate.ts';

const steady = (perDay: number, days = 84) => Array.from({ length: days }, () => perDay);

describe('the simulation', () => {
  it('is deterministic for a seed', () => {
    const history = [0, 1, 3, 0, 2, 5, 0, 1, 1, 0, 4, 2, 0, 0];
    const a = simulate(history, 40, seedOf('p:2026-12-01'));
    const b = simulate(history, 40, seedOf('p:2026-12-01'));
    expect(a).toEqual(b);
    expect(simulate(history, 40, 7).trials).toBe(10_000);
  });

  it('finds a steady throughput exactly: 2 a day, 20 open → day 9 (the start day counts)', () => {
    const sim = simulate(steady(2), 20, 1);
    expect(sim.p50).toBe(9);
    expect(sim.p85).toBe(9);
    expect(sim.beyond).toBe(false);
  });

  it('gives quantiles near the expected ones for a known throughput (0 or 2 a day, mean 1)', () => {
    const history = Array.from({ length: 84 }, (_, i) => (i % 2 ? 2 : 0));
    const sim = simulate(history, 100, seedOf('known'));
    // Days to 100: 50 successes of p = ½ → negative binomial, mean 100 trials, sd ≈ 10.
    expect(sim.p50).toBeGreaterThanOrEqual(96);
    expect(sim.p50).toBeLessThanOrEqual(101);
    expect(sim.p85).toBeGreaterThanOrEqual(106);
    expect(sim.p85).toBeLessThanOrEqual(112);
  });

  it('answers at once when nothing is open, and beyond the horizon when the work is far too long', () => {
    expect(simulate(steady(1), 0, 1)).toMatchObject({ p50: 0, p85: 0, trials: 0 });
    const far = simulate([1, ...steady(0, 83)], 1_000_000, 1);
    expect(far).toMatchObject({ beyond: true, trials: 0 });
  });

  it('spends fewer trials on long work (the budget), never under the minimum', () => {
    const sim = simulate(steady(1), 2_000, 1);
    expect(sim.trials).toBe(1_000);
  });
});

/** A product whose history is `perDay` completions every day for `days` days, `open` open now. */
function history(perDay: number, open: number, days = WINDOW_DAYS + 30): ProductHistory {
  return {
    productId: '00000000-0000-4000-8000-000000000001',
    today: '2026-12-01',
    open,
    firstAgo: days,
    completed: Array.from({ length: WINDOW_DAYS }, () => perDay),
    // As many created as completed each day: open stays the same.
    created: Array.from({ length: WINDOW_DAYS }, () => perDay),
  };
}

describe('the forecast of a product', () => {
  it('says "not enough history" with its reason rather than a date', () => {
    expect(forecastOf({ ...history(1, 5), firstAgo: 10 })).toMatchObject({
      state: 'insufficient',
      reason: 'short_history',
      p50: null,
      open: 5,
    });
    const few = { ...history(0, 5), completed: [0, 1, 1, 1, 1] };
    expect(forecastOf(few)).toMatchObject({ state: 'insufficient', reason: 'few_completions', p85: null });
    expect(forecastOf({ ...history(0, 5), firstAgo: null })).toMatchObject({ state: 'insufficient' });
  });

  it('says done when nothing is open', () => {
    expect(forecastOf(history(2, 0))).toMatchObject({ state: 'done', p50: null, open: 0 });
  });

  it('dates a steady product: 2 a day, 10 open → today + 4', () => {
    const f = forecastOf(history(2, 10));
    expect(f).toMatchObject({ state: 'forecast', p50: '2026-12-05', p85: '2026-12-05', open: 10 });
    expect(f.history).toMatchObject({
      from: '2026-09-08',
      to: '2026-11-30',
      days: 84,
      completions: 168,
      per_week: 14,
    });
    expect(f.distribution).toEqual([{ date: '2026-12-05', days: 1, trials: 10_000 }]);
  });

  it('takes the history from the first task on when it is younger than 12 weeks', () => {
    const f = forecastOf({ ...history(1, 3), firstAgo: 20 });
    expect(f.history).toMatchObject({ days: 20, completions: 20, from: '2026-11-11' });
  });
});

describe('the backtest', () => {
  it('is off by ~0 days on a perfectly steady history, every P85 met', () => {
    const b = backtest(history(2, 10));
    expect(b.samples_count).toBe(12);
    expect(b.mean_abs_error_days).toBe(0);
    expect(b.hit_rate_85).toBe(1);
    expect(b.samples[0]).toMatchObject({
      cutoff: '2026-09-08',
      open: 10,
      actual: '2026-09-12',
      error_days: 0,
    });
  });

  it('counts the tasks open at a cut-off, those completed later included', () => {
    const h = { ...history(0, 2), completed: [0, 3, 0, 0, 0, 0, 0, 0], created: [0, 0, 1, 0, 0, 0, 0, 0] };
    // Three completed yesterday were open a week ago; one created two days ago was not.
    expect(openAt(h, 7)).toBe(4);
  });

  it('leaves out cut-offs without enough history before them, and reports those not done yet', () => {
    // The first task 30 days ago: only the cut-offs of 7 and 14 days ago have 14 days before them.
    const h = { ...history(1, 3), firstAgo: 30 };
    const b = backtest(h);
    expect(b.samples.map((s) => s.cutoff)).toEqual(['2026-11-17', '2026-11-24']);
    // Nothing completed nor created in the last 20 days: still undone.
    const stalled = {
      ...h,
      completed: h.completed.map((n, k) => (k < 20 ? 0 : n)),
      created: h.created.map((n, k) => (k < 20 ? 0 : n)),
    };
    const late = backtest(stalled);
    expect(late.samples).toHaveLength(2);
    for (const s of late.samples) expect(s).toMatchObject({ open: 3, actual: null });
    // Two weeks ago, P85 has passed: missed, and off by at least the days since P50.
    expect(late.samples[0]?.within_p85).toBe(false);
    expect(late.samples[0]?.error_days).toBeLessThan(0);
    expect(late.hit_rate_85).toBe(0);
    // Not done and its P85 still ahead: undecided.
    const fresh = { ...stalled, completed: stalled.completed.map((n, k) => (k < 3 ? 0 : k < 20 ? 0 : n)) };
    const lastWeek = backtest({ ...fresh, open: 40, created: fresh.created }).samples.at(-1);
    expect(lastWeek).toMatchObject({ actual: null, within_p85: null, error_days: null });
  });
});
