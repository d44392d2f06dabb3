import type { Analytics, AnalyticsKpi } from '@shipyard/shared';

// A GET /api/analytics answer for the component tests: a week of a small workspace.

export const kpi = (overrides: Partial<AnalyticsKpi> & Pick<AnalyticsKpi, 'key'>): AnalyticsKpi => ({
  label: overrides.key,
  value: 0,
  previous: 0,
  change: null,
  unit: 'count',
  better: 'up',
  ...overrides,
});

const days = [
  '2026-03-09',
  '2026-03-10',
  '2026-03-11',
  '2026-03-12',
  '2026-03-13',
  '2026-03-14',
  '2026-03-15',
];

export function makeAnalytics(overrides: Partial<Analytics> = {}): Analytics {
  return {
    timeframe: 'week',
    granularity: 'day',
    timeZone: 'UTC',
    products: [],
    from: '2026-03-09T00:00:00.000Z',
    to: '2026-03-15T12:00:00.000Z',
    previousFrom: '2026-03-02T12:00:00.000Z',
    previousTo: '2026-03-09T00:00:00.000Z',
    kpis: [
      kpi({ key: 'throughput', label: 'Tasks completed', value: 12, previous: 8, change: 0.5 }),
      kpi({
        key: 'cycleTime',
        label: 'Median cycle time',
        value: 2.5,
        previous: 3,
        change: -0.1667,
        unit: 'days',
        better: 'down',
      }),
      kpi({
        key: 'onTimeRate',
        label: 'On-time rate',
        value: 60,
        previous: 80,
        change: -0.25,
        unit: 'percent',
      }),
      kpi({ key: 'created', label: 'Tasks created', value: 9, previous: 0, change: null, better: 'neutral' }),
      kpi({ key: 'openNow', label: 'Open tasks', value: 20, previous: 16, change: 0.25, better: 'down' }),
    ],
    performance: {
      series: days.map((date, i) => ({ date, completed: i, cycleTimeDays: i ? i / 2 : null })),
      byProduct: [
        { productId: 'p-1', name: 'Apollo', completed: 8, onTimeRate: 75 },
        { productId: 'p-2', name: 'Borealis', completed: 4, onTimeRate: null },
      ],
    },
    quality: {
      reopened: 3,
      reopenedPrevious: 1,
      open: 20,
      overdue: 5,
      critical: 2,
      byPriority: [
        { priority: 'critical', open: 2, overdue: 1 },
        { priority: 'high', open: 6, overdue: 2 },
        { priority: 'medium', open: 7, overdue: 2 },
        { priority: 'low', open: 5, overdue: 0 },
      ],
      overdueByProduct: [{ productId: 'p-1', name: 'Apollo', open: 12, overdue: 5 }],
    },
    productivity: {
      series: days.map((date, i) => ({ date, created: 1, completed: i })),
      byPerson: [
        { userId: 'u-1', name: 'Ada Lovelace', avatarUrl: null, completed: 7 },
        { userId: 'u-2', name: 'Grace Hopper', avatarUrl: null, completed: 3 },
      ],
      unassigned: 2,
      byTeam: [{ teamId: 't-1', name: 'Platform', productName: 'Apollo', completed: 6 }],
    },
    ...overrides,
  };
}
