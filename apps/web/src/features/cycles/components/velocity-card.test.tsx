import type { Velocity } from '@shipyard/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { VelocityCard } from './velocity-card.tsx';

const velocity: Velocity = {
  projectId: 'p-2',
  estimateScale: 'points',
  cycles: [
    {
      id: 'c-1',
      name: 'Sprint 1',
      starts_on: '2026-03-02',
      ends_on: '2026-03-13',
      scope: 6,
      completed: 4,
      scopePoints: 20,
      completedPoints: 13,
    },
    {
      id: 'c-2',
      name: 'Sprint 2',
      starts_on: '2026-03-16',
      ends_on: '2026-03-27',
      scope: 5,
      completed: 5,
      scopePoints: 15,
      completedPoints: 15,
    },
  ],
  averageCompleted: 4.5,
  averagePoints: 14,
};

describe('VelocityCard', () => {
  it('shows what the chosen product’s last cycles completed, with the average', async () => {
    const fetchMock = routeFetch({
      'GET /api/projects': () =>
        jsonResponse(200, {
          data: [
            { id: 'p-1', name: 'Atlas' },
            { id: 'p-2', name: 'Zephyr' },
          ],
          total: 2,
        }),
      'GET /api/projects/p-2/velocity': () => jsonResponse(200, velocity),
    });
    renderWithProviders(<VelocityCard preferred={['p-2']} />);
    const section = await screen.findByRole('region', { name: 'Velocity' });
    expect(
      await within(section).findByText('Average per cycle (last 2): tasks 4.5, points 14'),
    ).toBeInTheDocument();
    const table = within(section).getByRole('table', { name: 'Completed per cycle' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Sprint 1.*4.*6.*13/);
    expect(callsTo(fetchMock, 'GET', '/api/projects/p-2/velocity')[0]?.url.search).toBe('?cycles=6');
  });
});
