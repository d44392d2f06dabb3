import type { LifecycleReport } from '@shipyard/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { currentLocation, renderWithProviders } from '../../../test/render.tsx';
import { LifecyclePage } from './lifecycle-page.tsx';

const spread = (count: number, median: number | null) => ({
  count,
  median,
  p25: median,
  p75: median,
  min: median,
  max: median,
});
const stages = ['planning', 'development', 'testing', 'production', 'maintenance'] as const;
const report: LifecycleReport = {
  from: '2026-09-03',
  to: '2026-12-01',
  products: 3,
  durations: stages.map((stage) => ({
    stage,
    completed:
      stage === 'testing' ? { count: 2, median: 12.5, p25: 10, p75: 15, min: 8, max: 17 } : spread(0, null),
    current: stage === 'testing' ? spread(1, 4) : spread(0, null),
  })),
  gates: stages.map((stage) => ({
    stage,
    refused: stage === 'testing' ? 3 : 0,
    overridden: stage === 'testing' ? 1 : 0,
    passed: stage === 'testing' ? 4 : 0,
    failure_rate: stage === 'testing' ? 0.5 : null,
    override_rate: stage === 'testing' ? 0.25 : null,
  })),
  stuck: [
    {
      product_id: 'p-1',
      product_name: 'Atlas',
      stage: 'testing',
      entered_at: '2026-11-27T10:00:00.000Z',
      left_at: null,
      days: 4,
      entered_by: null,
      left_by: null,
      overridden: false,
      override_reason: null,
    },
  ],
  flow: [
    {
      date: '2026-11-30',
      counts: { planning: 1, development: 1, testing: 1, production: 0, maintenance: 0 },
    },
    {
      date: '2026-12-01',
      counts: { planning: 0, development: 2, testing: 1, production: 0, maintenance: 0 },
    },
  ],
  product_choices: [{ id: 'p-1', name: 'Atlas' }],
};

describe('LifecyclePage', () => {
  it('shows the median days per stage, the gate rates and the stuck products, and drills down to a stage’s stays', async () => {
    const fetchMock = routeFetch({
      'GET /api/lifecycle': () => jsonResponse(200, report),
      'GET /api/lifecycle/stays': () =>
        jsonResponse(200, {
          data: [
            { ...report.stuck[0], product_name: 'Zephyr', left_at: '2026-11-20T00:00:00.000Z', days: 12.5 },
          ],
          truncated: false,
        }),
    });
    const { user } = renderWithProviders(<LifecyclePage />, { route: '/lifecycle?days=30&team=qa' });
    expect(
      await screen.findByRole('button', { name: 'Stays in Testing: median 12.5 d' }),
    ).toBeInTheDocument();
    expect(screen.getByText('50 %')).toBeInTheDocument();
    expect(screen.getByText('25 %')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Atlas' })).toHaveAttribute('href', '/products/p-1');
    expect(callsTo(fetchMock, 'GET', '/api/lifecycle')[0]?.url.search).toBe('?days=30&team=qa');

    await user.click(screen.getByRole('button', { name: 'Stays in Testing: median 12.5 d' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stays in Testing' });
    expect(await within(dialog).findByRole('link', { name: 'Zephyr' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/lifecycle/stays')[0]?.url.search).toBe(
      '?stage=testing&days=30&team=qa',
    );
    expect(within(dialog).getByRole('button', { name: /Export CSV/ })).toBeInTheDocument();
  });

  it('opens the refused gate entries of a stage', async () => {
    const fetchMock = routeFetch({
      'GET /api/lifecycle': () => jsonResponse(200, report),
      'GET /api/lifecycle/gates': () =>
        jsonResponse(200, {
          data: [
            {
              id: 'a-1',
              product_id: 'p-1',
              product_name: 'Atlas',
              decision: 'refused',
              from_stage: 'testing',
              to_stage: 'production',
              reason: null,
              unmet: ['Security review'],
              performed_by: { _id: 'u-1', name: 'Ann' },
              created_at: '2026-11-30T10:00:00.000Z',
            },
          ],
          truncated: false,
        }),
    });
    const { user } = renderWithProviders(<LifecyclePage />, { route: '/lifecycle' });
    await user.click(await screen.findByRole('button', { name: 'Refused leaving Testing: 3' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Security review')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/lifecycle/gates')[0]?.url.search).toBe(
      '?stage=testing&decision=refused&days=90',
    );
    expect(currentLocation()).toBe('/lifecycle');
  });
});
