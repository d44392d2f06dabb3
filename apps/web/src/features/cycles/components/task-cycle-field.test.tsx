import type { TaskCycle } from '@shipyard/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, routeFetch, sentJson } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { cycleOf } from './fixtures.ts';
import { TaskCycleField } from './task-cycle-field.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const answer = (cycleId: string | null): TaskCycle => ({
  taskId: 't-1',
  cycle: cycleId ? cycleOf({ id: cycleId, name: cycleId === 'c-1' ? 'Sprint 1' : 'Sprint 2' }) : null,
  options: [
    { id: 'c-1', name: 'Sprint 1', status: 'current' },
    { id: 'c-2', name: 'Sprint 2', status: 'upcoming' },
  ],
  canEdit: true,
});

describe('TaskCycleField', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows the task’s cycle and moves it to another one', async () => {
    let now: string | null = 'c-1';
    const fetchMock = routeFetch({
      'GET /api/tasks/t-1/cycle': () => jsonResponse(200, answer(now)),
      'PUT /api/tasks/t-1/cycle': ({ init }) => {
        now = (sentJson(init) as { cycleId: string | null }).cycleId;
        return jsonResponse(200, answer(now));
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<TaskCycleField taskId="t-1" canEdit />);
    const select = await screen.findByRole('combobox', { name: 'Cycle' });
    expect(select).toHaveTextContent('Sprint 1 (current)');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Sprint 2' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/tasks/t-1/cycle')).toHaveLength(1));
    expect(sentJson(callsTo(fetchMock, 'PUT', '/api/tasks/t-1/cycle')[0]?.init)).toEqual({ cycleId: 'c-2' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Cycle' })).toHaveTextContent('Sprint 2'),
    );
  });

  it('only names the cycle to whoever may not change the task', async () => {
    routeFetch({ 'GET /api/tasks/t-1/cycle': () => jsonResponse(200, answer('c-1')) });
    renderWithProviders(<TaskCycleField taskId="t-1" canEdit={false} />);
    expect(await screen.findByRole('link', { name: 'Sprint 1' })).toHaveAttribute(
      'href',
      '/products/p-1?tab=cycles&cycle=c-1',
    );
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
