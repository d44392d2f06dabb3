import type { Forecast } from '@shipyard/shared';

/** A product's forecast as the server answers it (tests). */
export const forecastFixture = (values: Partial<Forecast> = {}): Forecast => ({
  product_id: 'p-1',
  state: 'forecast',
  reason: null,
  open: 12,
  today: '2026-06-15',
  history: { from: '2026-03-23', to: '2026-06-14', days: 84, completions: 42, per_week: 3.5 },
  p50: '2026-07-10',
  p85: '2026-07-24',
  beyond: false,
  trials: 10_000,
  distribution: [
    { date: '2026-07-01', days: 7, trials: 3_000 },
    { date: '2026-07-08', days: 7, trials: 4_000 },
    { date: '2026-07-15', days: 7, trials: 2_000 },
    { date: '2026-07-22', days: 7, trials: 1_000 },
  ],
  backtest: {
    samples_count: 2,
    weeks: 12,
    mean_abs_error_days: 3.5,
    hit_rate_85: 0.5,
    samples: [
      {
        cutoff: '2026-06-01',
        open: 10,
        p50: '2026-06-20',
        p85: '2026-06-28',
        actual: null,
        error_days: null,
        within_p85: null,
      },
      {
        cutoff: '2026-06-08',
        open: 11,
        p50: '2026-06-25',
        p85: '2026-07-02',
        actual: '2026-06-28',
        error_days: 3,
        within_p85: true,
      },
    ],
  },
  ...values,
});
