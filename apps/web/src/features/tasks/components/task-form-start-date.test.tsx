import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../lib/format.ts';
import { callsTo, jsonResponse, routeFetch, sentJson } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TaskFormDialog } from './task-form-dialog.tsx';
import { makeTask, makeTaskOptions, PRODUCT_ID } from './test-tasks.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// Issue 31 (decision 057): the task dialog sets a start date beside the due date, on or before it.
const OPTIONS = `GET /api/tasks/${PRODUCT_ID}/options`;
const renderDialog = () =>
  renderWithProviders(<TaskFormDialog open onOpenChange={vi.fn()} productId={PRODUCT_ID} />);

describe('the task dialog’s start date', () => {
  it('refuses a start date after the due date with the field’s message, then sends both (issue 31)', async () => {
    const fetchMock = routeFetch({
      [OPTIONS]: jsonResponse(200, makeTaskOptions()),
      'POST /api/tasks': jsonResponse(201, makeTask()),
    });
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Title'), 'Plan');
    await user.click(screen.getByRole('button', { name: 'Set due date' }));
    await user.type(screen.getByLabelText('Due date'), '2025-06-30{Enter}');
    await user.click(screen.getByRole('button', { name: 'Set start date' }));
    await user.type(screen.getByLabelText('Start date'), '2025-07-02{Enter}');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    expect(await screen.findByText('The start date must be on or before the due date.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/tasks')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: `Starts ${formatDate('2025-07-02')}` }));
    await user.clear(screen.getByLabelText('Start date'));
    await user.type(screen.getByLabelText('Start date'), '2025-06-01{Enter}');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/tasks')).toHaveLength(1));
    expect(sentJson(callsTo(fetchMock, 'POST', '/api/tasks')[0]?.init)).toMatchObject({
      startDate: '2025-06-01',
      dueDate: '2025-06-30',
    });
  });
});
