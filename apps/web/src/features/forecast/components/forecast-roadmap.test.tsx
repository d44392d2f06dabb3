import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip.tsx';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { forecastFixture } from './fixtures.ts';
import { ForecastListLine, ForecastRoadmapMarker } from './forecast-roadmap.tsx';

// 2026-06-01 … 2026-12-31 at 4 px a day.
const place = {
  from: '2026-06-01',
  to: '2026-12-31',
  dayWidth: 4,
  x: (day: string) => ((Date.parse(day) - Date.parse('2026-06-01')) / 86_400_000) * 4,
};

const summary = (id: string, values = {}) => {
  const { distribution: _d, backtest, ...rest } = forecastFixture({ product_id: id, ...values });
  const { samples: _s, ...figures } = backtest;
  return { ...rest, backtest: figures };
};

describe('the forecast on the roadmap', () => {
  it('draws a P50–P85 band on each row, asking for every row’s forecast in one request', async () => {
    const fetchMock = routeFetch({
      'GET /api/forecasts': () =>
        jsonResponse(200, {
          forecasts: [summary('p-1'), summary('p-2', { state: 'done', p50: null, p85: null })],
        }),
    });
    renderWithProviders(
      <TooltipProvider>
        <ForecastRoadmapMarker productId="p-1" name="Atlas" place={place} />
        <ForecastRoadmapMarker productId="p-2" name="Zephyr" place={place} />
        <ForecastRoadmapMarker productId="p-3" name="Hidden" place={place} />
      </TooltipProvider>,
    );
    const marker = await screen.findByRole('button', {
      name: 'Forecast for Atlas: 50 % by Jul 10, 2026, 85 % by Jul 24, 2026',
    });
    // Jul 10 is 39 days in; to the end of Jul 24 (53 days in, one day wide).
    expect(marker).toHaveStyle({ insetInlineStart: '156px', width: '60px' });
    expect(screen.getAllByRole('button')).toHaveLength(1);
    const calls = callsTo(fetchMock, 'GET', '/api/forecasts');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.searchParams.get('productIds')).toBe('p-1,p-2,p-3');
  });

  it('writes the forecast as text in the phone list', async () => {
    routeFetch({
      'GET /api/forecasts': () =>
        jsonResponse(200, {
          forecasts: [
            summary('p-1'),
            summary('p-2', { state: 'insufficient', reason: 'short_history', p50: null, p85: null }),
          ],
        }),
    });
    renderWithProviders(
      <>
        <ForecastListLine productId="p-1" />
        <ForecastListLine productId="p-2" />
      </>,
    );
    expect(await screen.findByText('50 % by Jul 10, 2026, 85 % by Jul 24, 2026')).toBeInTheDocument();
    expect(screen.getByText('Not enough history')).toBeInTheDocument();
  });
});
