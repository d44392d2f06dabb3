import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, routeFetch, sentJson } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AddCycleTasksDialog } from './add-cycle-tasks-dialog.tsx';
import { cycleOf, detailOf } from './fixtures.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const task = (id: string, title: string) => ({ id, key: `ATL-${id}`, title });

describe('AddCycleTasksDialog', () => {
  it('offers the product’s open tasks not in the cycle yet and adds the ticked ones', async () => {
    const onOpenChange = vi.fn();
    const fetchMock = routeFetch({
      'GET /api/tasks/all': () =>
        jsonResponse(200, {
          data: [task('1', 'In already'), task('2', 'Fix login'), task('3', 'Write docs')],
          total: 3,
          nextCursor: null,
        }),
      'POST /api/cycles/c-1/tasks': () => jsonResponse(200, detailOf(cycleOf())),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <AddCycleTasksDialog
        open
        onOpenChange={onOpenChange}
        productId="p-1"
        cycleId="c-1"
        inCycle={new Set(['1'])}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add tasks to the cycle' });
    await within(dialog).findByRole('checkbox', { name: /Fix login/ });
    expect(within(dialog).queryByRole('checkbox', { name: /In already/ })).toBeNull();
    const query = callsTo(fetchMock, 'GET', '/api/tasks/all')[0]?.url.searchParams;
    expect(query?.get('productId')).toBe('p-1');
    expect(query?.get('status')).toBe('Pending,In Progress');
    await user.click(within(dialog).getByRole('checkbox', { name: /Fix login/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Write docs/ }));
    await user.click(within(dialog).getByRole('button', { name: /Add tasks/ }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sentJson(callsTo(fetchMock, 'POST', '/api/cycles/c-1/tasks')[0]?.init)).toEqual({
      taskIds: ['2', '3'],
    });
  });
});
