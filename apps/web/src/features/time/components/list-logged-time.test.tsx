import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ListLoggedTime } from './list-logged-time.tsx';

describe('ListLoggedTime', () => {
  it('shows the time logged on the list’s tasks, asked with the list’s query', async () => {
    const fetchMock = routeFetch({
      'GET /api/time/tasks-total': jsonResponse(200, { seconds: 5400 + 1800, tasks: 3 }),
    });
    renderWithProviders(<ListLoggedTime query="search=radio&priority=high" />);
    const total = await screen.findByTitle('Time logged on these tasks: 2h');
    expect(total).toHaveTextContent('Time logged 2h');
    const [call] = callsTo(fetchMock, 'GET', '/api/time/tasks-total');
    expect(call?.url.search).toBe('?search=radio&priority=high');
  });

  it('shows nothing while no time is logged on them', async () => {
    const fetchMock = routeFetch({
      'GET /api/time/tasks-total': jsonResponse(200, { seconds: 0, tasks: 0 }),
    });
    const { container } = renderWithProviders(<ListLoggedTime query="search=x" />);
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/time/tasks-total')).toHaveLength(1));
    expect(container.querySelector('[data-logged-time]')).toBeNull();
  });
});
