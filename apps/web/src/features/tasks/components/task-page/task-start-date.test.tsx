import type { Role } from '@shipyard/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../../lib/format.ts';
import { callsTo, jsonResponse, routeFetch } from '../../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { TaskPage } from './task-page.tsx';
import { makeDetail, none, task } from './test-task-detail.ts';

vi.mock('../../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// Issue 31 (decision 057): the task page edits the start date beside the due date; a start after
// the due date is refused with the field's message and not sent.
const member = { id: 'u-1', role: 'member' as Role };

describe('the task page’s start date', () => {
  it('refuses a start after the due date with the field’s message, then saves one before it', async () => {
    let stored = { ...task, dueDate: '2031-05-10', startDate: null };
    const fetchMock = routeFetch({
      'GET /api/tasks/t-1/detail': () => jsonResponse(200, makeDetail({ task: stored })),
      'PATCH /api/tasks/t-1/update': ({ init }: { init: RequestInit | undefined }) => {
        stored = { ...stored, ...JSON.parse(String(init?.body)) };
        return jsonResponse(200, stored);
      },
    });
    renderWithProviders(<TaskPage taskId="t-1" viewer={member} />, { route: '/tasks/t-1' });

    const field = await screen.findByLabelText('Start date');
    fireEvent.change(field, { target: { value: '2031-05-12' } });
    fireEvent.blur(field);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The start date must be on or before the due date.',
    );
    expect(callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/update')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2031-05-01' } });
    fireEvent.blur(screen.getByLabelText('Start date'));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/update')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/update')[0]?.init?.body))).toEqual({
      startDate: '2031-05-01',
    });
    await waitFor(() => expect(screen.getByLabelText('Start date')).toHaveValue(formatDate('2031-05-01')));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows it read-only to whom may not edit the task', async () => {
    routeFetch({
      'GET /api/tasks/t-1/detail': jsonResponse(
        200,
        makeDetail({ task: { ...task, startDate: '2031-05-01' }, permissions: none }),
      ),
    });
    renderWithProviders(<TaskPage taskId="t-1" viewer={{ id: 'u-9', role: 'guest' }} />, {
      route: '/tasks/t-1',
    });
    expect(await screen.findByText(formatDate('2031-05-01'))).toBeInTheDocument();
    expect(screen.queryByLabelText('Start date')).not.toBeInTheDocument();
  });
});
