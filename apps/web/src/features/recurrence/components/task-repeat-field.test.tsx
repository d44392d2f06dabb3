import type { TaskRecurrence } from '@shipyard/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TaskRepeatField } from './task-repeat-field.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const TASK = 't-1';
const weekly: TaskRecurrence = {
  seriesId: 's-1',
  taskId: TASK,
  rule: 'FREQ=WEEKLY;BYDAY=MO,TH',
  words: 'Every week on Mon, Thu',
  timeZone: 'Europe/Berlin',
  mode: 'completed',
  startsOn: '2026-03-26',
  next: ['2026-03-30', '2026-04-02', '2026-04-06', '2026-04-09'],
};

function serve(initial: TaskRecurrence | null) {
  let current = initial;
  return routeFetch({
    [`GET /api/tasks/${TASK}/recurrence`]: () => jsonResponse(200, { recurrence: current }),
    [`PUT /api/tasks/${TASK}/recurrence`]: ({ init }) => {
      const body = JSON.parse(String(init?.body));
      current = { ...weekly, rule: body.rule, words: 'Every day', mode: body.mode };
      return jsonResponse(200, current);
    },
    [`DELETE /api/tasks/${TASK}/recurrence`]: () => {
      current = null;
      return new Response(null, { status: 204 });
    },
  });
}

const field = (canEdit = true, recurring = true) => (
  <TaskRepeatField taskId={TASK} dueDate="2026-03-26" canEdit={canEdit} recurring={recurring} version="v1" />
);

describe('TaskRepeatField', () => {
  it('says how the task repeats, its next dates and when the next one comes', async () => {
    serve(weekly);
    renderWithProviders(field(false));
    expect(await screen.findByText('Every week on Mon, Thu')).toBeInTheDocument();
    expect(screen.getByText(/^Next: /)).toHaveTextContent(/Mar 30, 2026.*Apr 2, 2026.*Apr 6, 2026/);
    expect(screen.getByText('The next one comes when this one is completed.')).toBeInTheDocument();
    // Read only: nothing to press.
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('stops the repeat in one click', async () => {
    const fetchMock = serve(weekly);
    const { user } = renderWithProviders(field());
    await user.click(await screen.findByRole('button', { name: 'Stop repeating' }));
    expect(await screen.findByText('Does not repeat')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', `/api/tasks/${TASK}/recurrence`)).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith('The task no longer repeats');
  });

  it('makes a task repeat from a preset, in the browser’s time zone', async () => {
    const fetchMock = serve(null);
    const { user, rerender, queryClient } = renderWithProviders(field(true, false));
    // A task that does not repeat asks nothing.
    expect(callsTo(fetchMock, 'GET', `/api/tasks/${TASK}/recurrence`)).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Repeat…' }));
    const popover = await screen.findByRole('dialog', { name: 'Repeat' });
    await user.click(within(popover).getByRole('combobox', { name: 'Repeat' }));
    await user.click(await screen.findByRole('option', { name: 'Daily' }));
    await user.click(within(popover).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', `/api/tasks/${TASK}/recurrence`)).toHaveLength(1));
    const [put] = callsTo(fetchMock, 'PUT', `/api/tasks/${TASK}/recurrence`);
    expect(JSON.parse(String(put?.init?.body))).toEqual({
      rule: 'FREQ=DAILY',
      mode: 'completed',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    // The task now carries it (the page reads the task again).
    rerender(<QueryClientProvider client={queryClient}>{field(true, true)}</QueryClientProvider>);
    expect(await screen.findByText('Every day')).toBeInTheDocument();
  });
});
