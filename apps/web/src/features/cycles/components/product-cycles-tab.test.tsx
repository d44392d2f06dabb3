import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, routeFetch, sentJson } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { cycleOf, detailOf, listOf } from './fixtures.ts';
import { ProductCyclesTab } from './product-cycles-tab.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), undoable: vi.fn() } }));

const current = cycleOf();
const upcoming = cycleOf({
  id: 'c-2',
  name: 'Sprint 2',
  status: 'upcoming',
  starts_on: '2026-03-09',
  ends_on: '2026-03-13',
});
const done = cycleOf({
  id: 'c-0',
  name: 'Sprint 0',
  status: 'completed',
  starts_on: '2026-02-23',
  ends_on: '2026-02-27',
});

function serve(overrides: Parameters<typeof listOf>[1] & { velocity?: false } = {}) {
  return routeFetch({
    'GET /api/projects/p-1/cycles': () => jsonResponse(200, listOf([current, upcoming, done], overrides)),
    'GET /api/cycles/c-1': () => jsonResponse(200, detailOf(current, { canEdit: overrides.canEdit ?? true })),
    'GET /api/cycles/c-2': () => jsonResponse(200, detailOf(upcoming, { tasks: [], burn: [] })),
    'POST /api/projects/p-1/cycles': ({ init }) =>
      jsonResponse(201, cycleOf({ id: 'c-9', ...(sentJson(init) as object) })),
    'PUT /api/projects/p-1/cycle-settings': () => jsonResponse(200, { rollOver: false }),
    'GET /api/projects/p-1/velocity': () =>
      jsonResponse(200, {
        projectId: 'p-1',
        estimateScale: 'none',
        cycles:
          overrides.velocity === false
            ? []
            : [{ ...done, scope: 5, completed: 4, scopePoints: 0, completedPoints: 0 }],
        averageCompleted: 4,
        averagePoints: 0,
      }),
  });
}

describe('ProductCyclesTab', () => {
  beforeEach(() => vi.clearAllMocks());

  it('lists the cycles in the server’s order with their progress and opens the current one with its chart and tasks', async () => {
    serve();
    renderWithProviders(<ProductCyclesTab productId="p-1" readOnly={false} />);
    const nav = await screen.findByRole('navigation', { name: 'Cycles' });
    const items = within(nav).getAllByRole('button');
    expect(items.map((b) => b.textContent)).toEqual([
      expect.stringContaining('Sprint 1'),
      expect.stringContaining('Sprint 2'),
      expect.stringContaining('Sprint 0'),
    ]);
    expect(within(items[0] as HTMLElement).getByText('Current')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText(/Tasks done: 1\/4/)).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText(/Points done: 3\/10/)).toBeInTheDocument();
    const detail = await screen.findByRole('region', { name: /Sprint 1/ });
    expect(within(detail).getByRole('radio', { name: 'Burn-down' })).toHaveAttribute('data-state', 'on');
    expect(within(detail).getByRole('list', { name: 'Tasks in Sprint 1' })).toHaveTextContent(
      'Fix the login',
    );
    expect(within(detail).getByRole('button', { name: 'Complete cycle' })).toBeInTheDocument();
    expect(
      within(detail).getByRole('button', { name: 'Remove Write the docs from the cycle' }),
    ).toBeInTheDocument();
  });

  it('switches to burn-up and to points, whose figures the chart’s table holds', async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(<ProductCyclesTab productId="p-1" readOnly={false} />);
    const detail = await screen.findByRole('region', { name: /Sprint 1/ });
    await user.click(within(detail).getByRole('radio', { name: 'Burn-up' }));
    await user.click(within(detail).getByRole('radio', { name: 'Points' }));
    const table = within(detail).getByRole('table', { name: 'Burn-up' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Day', 'Scope', 'Completed']);
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent(/83/);
  });

  it('creates a cycle from the dialog, checking that the end is not before the start', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    renderWithProviders(<ProductCyclesTab productId="p-1" readOnly={false} />);
    await user.click(await screen.findByRole('button', { name: 'New cycle' }));
    const dialog = await screen.findByRole('dialog', { name: 'New cycle' });
    await user.type(within(dialog).getByLabelText('Name'), 'Sprint 3');
    const end = within(dialog).getByLabelText('End date');
    await user.clear(end);
    await user.type(end, '2020-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Create cycle' }));
    expect(
      await within(dialog).findByText('End date must be on or after the start date'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/projects/p-1/cycles')).toHaveLength(0);
    const start = within(dialog).getByLabelText('Start date');
    await user.clear(start);
    await user.type(start, '2099-01-01');
    await user.clear(end);
    await user.type(end, '2099-01-10');
    await user.click(within(dialog).getByRole('button', { name: 'Create cycle' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/projects/p-1/cycles')).toHaveLength(1));
    const body = sentJson(callsTo(fetchMock, 'POST', '/api/projects/p-1/cycles')[0]?.init) as Record<
      string,
      string
    >;
    expect(body).toMatchObject({ name: 'Sprint 3', starts_on: '2099-01-01', ends_on: '2099-01-10' });
    expect(body.time_zone).toBeTruthy();
  });

  it('shows guests the cycles without a way to change them', async () => {
    serve({ canEdit: false, canManage: false });
    renderWithProviders(<ProductCyclesTab productId="p-1" readOnly={false} />);
    const detail = await screen.findByRole('region', { name: /Sprint 1/ });
    expect(screen.queryByRole('button', { name: 'New cycle' })).toBeNull();
    expect(within(detail).queryByRole('button', { name: 'Complete cycle' })).toBeNull();
    expect(within(detail).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.getByRole('checkbox', { name: /Move unfinished tasks/ })).toBeDisabled();
  });

  it('says the pace of the finished cycles under the list, and nothing before one has finished', async () => {
    serve();
    const { unmount } = renderWithProviders(<ProductCyclesTab productId="p-1" readOnly />);
    const nav = await screen.findByRole('navigation', { name: 'Cycles' });
    await waitFor(() =>
      expect(nav.querySelector('[data-velocity]')).toHaveTextContent(
        'Velocity · Average per cycle (last 1): tasks 4',
      ),
    );
    unmount();

    const fetchMock = serve({ velocity: false });
    renderWithProviders(<ProductCyclesTab productId="p-1" readOnly />);
    const again = await screen.findByRole('navigation', { name: 'Cycles' });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/projects/p-1/velocity')).toHaveLength(1));
    expect(again.querySelector('[data-velocity]')).toBeNull();
  });
});
