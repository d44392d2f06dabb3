import type { Analytics } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, callsTo, deferred, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { productOptionsPage } from '../../../test/product-fixtures.ts';
import { currentLocation, renderWithProviders } from '../../../test/render.tsx';
import { AnalyticsPage } from './analytics-page.tsx';
import { kpi, makeAnalytics } from './test-analytics.ts';

const products = [
  { id: 'p-1', name: 'Apollo' },
  { id: 'p-2', name: 'Borealis' },
];

function serve(answer: Analytics | (() => Response | Promise<Response>) = makeAnalytics()) {
  return routeFetch({
    'GET /api/analytics': typeof answer === 'function' ? answer : jsonResponse(200, answer),
    'GET /api/projects': jsonResponse(200, productOptionsPage(...products)),
  });
}

const requests = (fetchMock: ReturnType<typeof routeFetch>) =>
  callsTo(fetchMock, 'GET', '/api/analytics').map(({ url }) => url.searchParams);

function kpiCard(title: string): HTMLElement {
  const card = screen.getByRole('heading', { name: title }).closest('[data-slot="card"]');
  if (!(card instanceof HTMLElement)) throw new Error(`no card ${title}`);
  return card;
}

describe('AnalyticsPage', () => {
  it('asks for a month of all products by default, in the browser’s time zone', async () => {
    const fetchMock = serve();
    renderWithProviders(<AnalyticsPage />, { route: '/analytics' });

    expect(await screen.findByRole('heading', { name: 'Tasks completed' })).toBeInTheDocument();
    const [sent] = requests(fetchMock);
    expect(sent?.get('timeframe')).toBe('month');
    expect(sent?.has('products')).toBe(false);
    expect(sent?.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(screen.getByRole('radio', { name: 'Month' })).toHaveAttribute('aria-checked', 'true');
  });

  it('asks again for the timeframe picked, and keeps it in the URL', async () => {
    const fetchMock = serve();
    const { user } = renderWithProviders(<AnalyticsPage />, { route: '/analytics?timeframe=week' });
    await screen.findByRole('heading', { name: 'Tasks completed' });
    expect(requests(fetchMock).map((p) => p.get('timeframe'))).toEqual(['week']);

    await user.click(screen.getByRole('radio', { name: 'Year' }));
    await waitFor(() => expect(requests(fetchMock).map((p) => p.get('timeframe'))).toEqual(['week', 'year']));
    expect(currentLocation()).toBe('/analytics?timeframe=year');
    expect(screen.getByRole('radio', { name: 'Year' })).toHaveAttribute('aria-checked', 'true');

    await user.click(screen.getByRole('radio', { name: 'Month' }));
    expect(currentLocation()).toBe('/analytics');
  });

  it('asks for the products picked in the filter, and for all of them again when the last is unticked', async () => {
    const fetchMock = serve();
    const { user } = renderWithProviders(<AnalyticsPage />, { route: '/analytics' });
    await screen.findByRole('heading', { name: 'Tasks completed' });

    await user.click(screen.getByRole('button', { name: 'Products: All Products' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Borealis' }));
    await waitFor(() => expect(requests(fetchMock).at(-1)?.get('products')).toBe('p-2'));
    expect(currentLocation()).toBe('/analytics?products=p-2');

    await user.click(screen.getByRole('checkbox', { name: 'Apollo' }));
    await waitFor(() => expect(requests(fetchMock).at(-1)?.get('products')).toBe('p-1,p-2'));

    await user.click(screen.getByRole('checkbox', { name: 'Borealis' }));
    await user.click(screen.getByRole('checkbox', { name: 'Apollo' }));
    expect(currentLocation()).toBe('/analytics');
    expect(screen.getByRole('checkbox', { name: 'All Products' })).toBeChecked();
    await waitFor(() => expect(requests(fetchMock).at(-1)?.has('products')).toBe(false));
  });

  it('shows each KPI with its change: arrow, colour by which way is better, and No data', async () => {
    serve();
    renderWithProviders(<AnalyticsPage />, { route: '/analytics?timeframe=week' });
    await screen.findByRole('heading', { name: 'Tasks completed' });

    const throughput = kpiCard('Tasks completed');
    expect(within(throughput).getByText('12')).toBeInTheDocument();
    expect(throughput).toHaveTextContent('Up 50% (better) vs previous 7 days');
    expect(throughput.querySelector('[data-tone]')).toHaveAttribute('data-tone', 'good');

    // Cycle time fell, and lower is better.
    const cycle = kpiCard('Median cycle time');
    expect(within(cycle).getByText('2.5 days')).toBeInTheDocument();
    expect(cycle).toHaveTextContent('Down 16.7% (better) vs previous 7 days');
    expect(cycle.querySelector('[data-tone]')).toHaveAttribute('data-tone', 'good');

    const onTime = kpiCard('On-time rate');
    expect(within(onTime).getByText('60%')).toBeInTheDocument();
    expect(onTime).toHaveTextContent('Down 25% (worse) vs previous 7 days');
    expect(onTime.querySelector('[data-tone]')).toHaveAttribute('data-tone', 'bad');

    const open = kpiCard('Open tasks');
    expect(open).toHaveTextContent('Up 25% (worse)');
    expect(open.querySelector('[data-tone]')).toHaveAttribute('data-tone', 'bad');

    // Nothing before to compare with.
    const created = kpiCard('Tasks created');
    expect(within(created).getByText('No data')).toBeInTheDocument();
    expect(created.querySelector('[data-tone]')).toBeNull();
  });

  it('shows a dash for a figure with nothing to measure, and no colour for a flat change', async () => {
    serve(
      makeAnalytics({
        kpis: [
          kpi({ key: 'throughput', label: 'Tasks completed', value: 4, previous: 4, change: 0 }),
          kpi({ key: 'cycleTime', label: 'Median cycle time', value: null, previous: 2, unit: 'days' }),
        ],
      }),
    );
    renderWithProviders(<AnalyticsPage />, { route: '/analytics' });
    await screen.findByRole('heading', { name: 'Tasks completed' });

    expect(kpiCard('Tasks completed')).toHaveTextContent('No change, 0% vs previous 7 days');
    expect(kpiCard('Tasks completed').querySelector('[data-tone]')).toHaveAttribute('data-tone', 'neutral');
    expect(kpiCard('Median cycle time')).toHaveTextContent('—No data');
  });

  it('switches between the Performance, Quality and Productivity tabs, and keeps the tab in the URL', async () => {
    serve();
    const { user } = renderWithProviders(<AnalyticsPage />, { route: '/analytics' });
    await screen.findByRole('heading', { name: 'Tasks completed' });

    expect(screen.getByRole('tab', { name: 'Performance' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Tasks completed per day' })).toBeInTheDocument();
    const byProduct = screen
      .getByRole('heading', { name: 'On time by product' })
      .closest('[data-slot="card"]');
    expect(within(byProduct as HTMLElement).getByRole('link', { name: 'Apollo' })).toHaveAttribute(
      'href',
      '/products/p-1',
    );
    expect(byProduct).toHaveTextContent('Borealis4—');
    const ranking = screen.getByRole('table', { name: 'Completed by product' });
    expect(
      within(ranking)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['ProductCompleted', 'Apollo8', 'Borealis4']);

    await user.click(screen.getByRole('tab', { name: 'Quality' }));
    expect(currentLocation()).toBe('/analytics?tab=quality');
    const quality = screen.getByRole('tabpanel', { name: 'Quality' });
    expect(within(quality).getByText('Reopened tasks').parentElement).toHaveTextContent(
      'Reopened tasks31 in the previous period',
    );
    const priorities = within(quality).getByRole('table', { name: 'Open tasks by priority' });
    expect(
      within(priorities)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['PriorityNot overdueOverdue', 'Critical11', 'High42', 'Medium52', 'Low50']);

    await user.click(screen.getByRole('tab', { name: 'Productivity' }));
    const productivity = screen.getByRole('tabpanel', { name: 'Productivity' });
    expect(within(productivity).getByText('7 created and 21 completed in the period.')).toBeInTheDocument();
    const people = within(productivity).getByRole('table', { name: 'Completed per person' });
    expect(
      within(people)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['PersonCompleted', 'Ada Lovelace7', 'Grace Hopper3']);
    expect(within(productivity).getByText('2 completed tasks had no assignee.')).toBeInTheDocument();
    expect(within(productivity).getByRole('cell', { name: 'Platform' })).toBeInTheDocument();
  });

  it('opens on the tab the URL names', async () => {
    serve();
    renderWithProviders(<AnalyticsPage />, { route: '/analytics?tab=productivity' });
    expect(await screen.findByRole('tab', { name: 'Productivity' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows a skeleton while loading, then the figures', async () => {
    const answer = deferred<Response>();
    serve(() => answer.promise);
    renderWithProviders(<AnalyticsPage />, { route: '/analytics' });

    expect(screen.getByRole('status')).toHaveTextContent('Loading analytics');
    expect(screen.queryByRole('heading', { name: 'Tasks completed' })).not.toBeInTheDocument();
    answer.resolve(jsonResponse(200, makeAnalytics()));
    expect(await screen.findByRole('heading', { name: 'Tasks completed' })).toBeInTheDocument();
    expect(screen.queryByText('Loading analytics')).not.toBeInTheDocument();
  });

  it('says when the figures could not be loaded, and tries again', async () => {
    let calls = 0;
    serve(() => {
      calls += 1;
      return calls === 1
        ? apiError(500, 'INTERNAL', 'An error occurred on the server.')
        : jsonResponse(200, makeAnalytics());
    });
    const { user } = renderWithProviders(<AnalyticsPage />, { route: '/analytics' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load analytics');
    expect(alert).toHaveTextContent('An error occurred on the server.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Tasks completed' })).toBeInTheDocument();
  });

  it('shows the empty state with the next step when nothing happened', async () => {
    const quiet = makeAnalytics();
    const fetchMock = serve({
      ...quiet,
      kpis: quiet.kpis.map((k) => ({
        ...k,
        value: k.unit === 'count' ? 0 : null,
        previous: 0,
        change: null,
      })),
      quality: { ...quiet.quality, reopened: 0, reopenedPrevious: 0 },
    });
    const { user } = renderWithProviders(<AnalyticsPage />, { route: '/analytics?timeframe=week' });

    expect(await screen.findByRole('heading', { name: 'No tasks in this period' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show the last year' }));
    await waitFor(() => expect(requests(fetchMock).at(-1)?.get('timeframe')).toBe('year'));
  });
});
