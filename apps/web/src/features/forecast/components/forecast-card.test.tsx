import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { forecastFixture } from './fixtures.ts';
import { ForecastCard } from './forecast-card.tsx';

const renderCard = () => renderWithProviders(<ForecastCard productId="p-1" />);

describe('ForecastCard', () => {
  it('shows the P50 and P85 dates, open tasks, throughput and the backtest error beside them', async () => {
    const user = userEvent.setup();
    routeFetch({ 'GET /api/projects/p-1/forecast': () => jsonResponse(200, forecastFixture()) });
    renderCard();
    expect(await screen.findByText('Jul 10, 2026')).toBeInTheDocument();
    const figure = (label: string) => screen.getByText(label).closest('div') as HTMLElement;
    expect(within(figure('50 % likely by')).getByText('Jul 10, 2026')).toBeInTheDocument();
    expect(within(figure('85 % likely by')).getByText('Jul 24, 2026')).toBeInTheDocument();
    expect(within(figure('Open tasks')).getByText('12')).toBeInTheDocument();
    expect(within(figure('Throughput')).getByText('3.5 tasks a week')).toBeInTheDocument();
    expect(within(figure('Throughput')).getByText('over the last 84 days')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Backtest: off by ±3.5 days on average over 2 past weeks. Done by the 85 % date in 50 % of them.',
      ),
    ).toBeInTheDocument();
    // The samples behind it, in a disclosure.
    await user.click(screen.getByText('Backtest samples (2)'));
    const rows = screen.getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/^Jun 1(, 2026)?10Jun 20(, 2026)?Jun 28(, 2026)?Not yet—$/);
    expect(rows[2]).toHaveTextContent(
      /^Jun 8(, 2026)?11Jun 25(, 2026)?Jul 2(, 2026)?\(met\)Jun 28(, 2026)?\+3$/,
    );
  });

  it('says why there is no date yet, and that a product with nothing open is done', async () => {
    routeFetch({
      'GET /api/projects/p-1/forecast': () =>
        jsonResponse(
          200,
          forecastFixture({
            state: 'insufficient',
            reason: 'few_completions',
            open: 1,
            p50: null,
            p85: null,
            distribution: [],
            backtest: {
              samples_count: 0,
              weeks: 12,
              mean_abs_error_days: null,
              hit_rate_85: null,
              samples: [],
            },
          }),
        ),
    });
    renderCard();
    expect(await screen.findByText('Not enough history to forecast yet.')).toBeInTheDocument();
    expect(
      screen.getByText('Fewer than 5 tasks were completed in the last 84 days. 1 task is open.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Backtest: not enough past history yet.')).toBeInTheDocument();
    expect(screen.queryByText('50 % likely by')).not.toBeInTheDocument();
  });

  it('says done when nothing is open', async () => {
    routeFetch({
      'GET /api/projects/p-1/forecast': () =>
        jsonResponse(
          200,
          forecastFixture({ state: 'done', open: 0, p50: null, p85: null, distribution: [] }),
        ),
    });
    renderCard();
    expect(await screen.findByText('Nothing is open: every task is done.')).toBeInTheDocument();
  });
});
