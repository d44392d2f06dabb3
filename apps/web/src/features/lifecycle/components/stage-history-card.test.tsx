import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { StageHistoryCard } from './stage-history-card.tsx';

describe('StageHistoryCard', () => {
  it('lists the stays newest first, with who moved it and an override’s reason', async () => {
    routeFetch({
      'GET /api/projects/p-1/stage-history': () =>
        jsonResponse(200, {
          product_id: 'p-1',
          stage: 'testing',
          stage_entered_at: '2026-11-20T10:00:00.000Z',
          stays: [
            {
              product_id: 'p-1',
              product_name: 'Atlas',
              stage: 'planning',
              entered_at: '2026-11-01T10:00:00.000Z',
              left_at: '2026-11-20T10:00:00.000Z',
              days: 19,
              entered_by: { _id: 'u-1', name: 'Ann' },
              left_by: { _id: 'u-2', name: 'Bob' },
              overridden: false,
              override_reason: null,
            },
            {
              product_id: 'p-1',
              product_name: 'Atlas',
              stage: 'testing',
              entered_at: '2026-11-20T10:00:00.000Z',
              left_at: null,
              days: 3.5,
              entered_by: { _id: 'u-2', name: 'Bob' },
              left_by: null,
              overridden: true,
              override_reason: 'Demo day',
            },
          ],
        }),
    });
    renderWithProviders(<StageHistoryCard productId="p-1" />);
    const list = await screen.findByRole('list', { name: 'Stage history' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Testing');
    expect(items[0]).toHaveTextContent('3.5 d so far');
    expect(items[0]).toHaveTextContent('Gate overridden');
    expect(items[0]).toHaveTextContent('Reason: Demo day');
    expect(items[0]).toHaveTextContent('moved by Bob');
    expect(items[1]).toHaveTextContent('Planning');
    expect(items[1]).toHaveTextContent('19 d');
  });
});
