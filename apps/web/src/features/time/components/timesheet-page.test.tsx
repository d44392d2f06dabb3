import type { Timesheet } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { currentLocation, renderWithProviders } from '../../../test/render.tsx';
import { TimesheetPage } from './timesheet-page.tsx';

const days = [
  '2026-11-30',
  '2026-12-01',
  '2026-12-02',
  '2026-12-03',
  '2026-12-04',
  '2026-12-05',
  '2026-12-06',
];
const sheet = (week: string, rows: Timesheet['rows']): Timesheet => ({
  week,
  days,
  user: { id: 'u-1', name: 'Max' },
  rows,
  dayTotals: days.map((_, i) => rows.reduce((sum, r) => sum + (r.days[i] ?? 0), 0)),
  totalSeconds: rows.reduce((sum, r) => sum + r.totalSeconds, 0),
});
const row = (key: string, title: string, daySeconds: number[]): Timesheet['rows'][number] => ({
  task: { id: `t-${key}`, key, title, projectId: 'p-1' },
  productName: 'Atlas',
  days: daySeconds,
  totalSeconds: daySeconds.reduce((a, b) => a + b, 0),
});

describe('TimesheetPage', () => {
  it('shows a week of tasks × days with the totals, and moves to the previous week in the URL', async () => {
    const fetchMock = routeFetch({
      'GET /api/time/timesheet': ({ url }) =>
        jsonResponse(
          200,
          url.searchParams.get('week') === '2026-W49'
            ? sheet('2026-W49', [
                row('ATL-1', 'Write the guide', [5400, 0, 1800, 0, 0, 0, 0]),
                row('ATL-2', 'Fix the login', [3600, 0, 0, 0, 0, 0, 0]),
              ])
            : sheet(url.searchParams.get('week') ?? '', []),
        ),
    });
    const { user } = renderWithProviders(<TimesheetPage viewerId="u-1" canSeeOthers={false} />, {
      route: '/timesheet?week=2026-W49',
    });
    const guide = await screen.findByRole('row', { name: /Write the guide/ });
    expect(
      within(guide)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1h 30m', '', '30m', '', '', '', '', '2h']);
    const total = screen.getByRole('row', { name: /^Total/ });
    expect(within(total).getAllByRole('cell').at(0)).toHaveTextContent('2h 30m');
    expect(within(total).getAllByRole('cell').at(-1)).toHaveTextContent('3h');
    expect(screen.getByText('3h this week')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(currentLocation()).toContain('week=2026-W48');
    expect(await screen.findByText('No time logged this week')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'GET', '/api/time/timesheet').map((call) => call.url.searchParams.get('week')),
      ).toEqual(['2026-W49', '2026-W48']),
    );
  });

  it('lets an admin open another person’s week, with that person in the URL', async () => {
    const fetchMock = routeFetch({
      'GET /api/user/all-users': jsonResponse(200, {
        data: [
          { id: 'u-1', full_name: 'Ada Admin', email: 'ada@example.com' },
          { id: 'u-2', full_name: 'Mia Member', email: 'mia@example.com' },
        ],
      }),
      'GET /api/time/timesheet': ({ url }) =>
        jsonResponse(200, {
          ...sheet('2026-W49', [row('ATL-3', 'Review', [600, 0, 0, 0, 0, 0, 0])]),
          user:
            url.searchParams.get('userId') === 'u-2'
              ? { id: 'u-2', name: 'Mia Member' }
              : { id: 'u-1', name: 'Ada' },
        }),
    });
    const { user } = renderWithProviders(<TimesheetPage viewerId="u-1" canSeeOthers />, {
      route: '/timesheet?week=2026-W49',
    });
    await user.click(await screen.findByRole('combobox', { name: 'Person' }));
    await user.click(await screen.findByRole('option', { name: 'Mia Member' }));
    expect(currentLocation()).toContain('user=u-2');
    expect(await screen.findByText('Time Mia Member logged, week by week.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/time/timesheet').at(-1)?.url.searchParams.get('userId')).toBe(
      'u-2',
    );
  });
});
