import type { TaskDetail } from '@shipyard/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paletteContexts } from '../../../../lib/palette-context.ts';
import { toast } from '../../../../lib/toast.ts';
import { callsTo, jsonResponse, routeFetch, sentJson } from '../../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { PRODUCT_ID } from '../test-tasks.ts';
import { TaskPage } from './task-page.tsx';
import { makeDetail, none, task } from './test-task-detail.ts';

vi.mock('../../../../lib/toast.ts', () => ({
  toast: { success: vi.fn(), error: vi.fn(), undoable: vi.fn() },
}));

// Issue 30: the task page offers its task to the command palette (lib/palette-context), and
// applies a choice the way the lists' keyboard pickers do.

function renderPage(detail: () => TaskDetail, routes = {}, keys = true) {
  const fetchMock = routeFetch({ 'GET /api/tasks/t-1/detail': () => jsonResponse(200, detail()), ...routes });
  const result = renderWithProviders(
    <TaskPage taskId="t-1" viewer={{ id: 'u-1', role: 'member' }} keys={keys} />,
    { route: '/tasks/t-1' },
  );
  return { ...result, fetchMock };
}

describe('the task page in the palette', () => {
  it('offers its task, applies a change as one bulk request with Undo, and shows it', async () => {
    let current = makeDetail();
    const { fetchMock, unmount } = renderPage(() => current, {
      'PATCH /api/tasks/bulk': () => {
        current = makeDetail({ task: { ...task, priority: 'low' } });
        return jsonResponse(200, {
          tasks: [current.task],
          previous: [{ id: 't-1', change: { priority: 'high' } }],
        });
      },
    });
    await screen.findByRole('heading', { level: 1, name: /Wire the radio/ });
    const context = paletteContexts.current();
    expect(context?.heading).toBe('APO-1 Wire the radio');
    expect(context?.actions.map((a) => a.label)).toEqual([
      'Change status…',
      'Set priority…',
      'Assign to…',
      'Assign to me',
      'Add label…',
      'Set due date…',
      'Copy link',
      'Copy key',
    ]);
    // The page's own keys are shown beside them.
    expect(context?.actions.map((a) => a.shortcut)).toEqual([
      's',
      'p',
      'a',
      'i',
      'l',
      'Shift D',
      'Ctrl/⌘ C',
      'Ctrl/⌘ Shift C',
    ]);
    // Nothing is read for the palette until it shows these actions.
    expect(callsTo(fetchMock, 'GET', `/api/projects/${PRODUCT_ID}/labels`)).toHaveLength(0);

    act(() =>
      context?.actions.find((a) => a.id === 'priority')?.page?.onPick({ value: 'low', label: 'Low' }),
    );
    await waitFor(() =>
      expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk')[0]?.init)).toEqual({
        ids: ['t-1'],
        change: { priority: 'low' },
      }),
    );
    // The page shows the server's task at once.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Priority' })).toHaveTextContent('Low'));
    expect(toast.undoable).toHaveBeenCalledWith('Priority set to Low for 1 task', expect.anything());
    expect(screen.getByText('Priority set to Low for 1 task')).toBeInTheDocument();
    unmount();
    expect(paletteContexts.current()).toBeUndefined();
  });

  it('offers its task without keys where the page has none (the inbox), applying it the same way', async () => {
    const { fetchMock } = renderPage(
      () => makeDetail(),
      {
        'PATCH /api/tasks/bulk': jsonResponse(200, { tasks: [{ ...task, priority: 'low' }], previous: [] }),
      },
      false,
    );
    await screen.findByRole('heading', { level: 1, name: /Wire the radio/ });
    const context = paletteContexts.current();
    expect(context?.heading).toBe('APO-1 Wire the radio');
    expect(context?.actions.some((a) => a.shortcut)).toBe(false);
    act(() =>
      context?.actions.find((a) => a.id === 'priority')?.page?.onPick({ value: 'low', label: 'Low' }),
    );
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk')).toHaveLength(1));
    expect(await screen.findByText('Priority set to Low for 1 task')).toBeInTheDocument();
  });

  it('offers only copying when the task is read-only', async () => {
    const archived = makeDetail({
      product: { id: PRODUCT_ID, name: 'Apollo', archived: true },
      permissions: none,
    });
    renderPage(() => archived);
    await screen.findByRole('heading', { level: 1, name: /Wire the radio/ });
    expect(paletteContexts.current()?.actions.map((a) => a.label)).toEqual(['Copy link', 'Copy key']);
  });
});
