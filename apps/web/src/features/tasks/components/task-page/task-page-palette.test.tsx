import type { TaskDetail } from '@shipyard/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paletteContexts } from '../../../../lib/palette-context.ts';
import { toast } from '../../../../lib/toast.ts';
import { callsTo, jsonResponse, routeFetch, sentJson } from '../../../../test/fetch-stubs.ts';
import { productOptionsPage } from '../../../../test/product-fixtures.ts';
import { currentLocation, renderWithProviders } from '../../../../test/render.tsx';
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
  beforeEach(() => {
    vi.clearAllMocks();
  });

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
      'Edit title…',
      'Move to…',
      'Move to the trash',
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
      'e',
      'm',
      'Delete',
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

  it("edits the title in place, moves through the m picker's products and trashes, each in one request with Undo", async () => {
    const moved = { ...task, projectId: 'p-2', project: { id: 'p-2', name: 'Borealis' } };
    const previous = [
      {
        id: 't-1',
        productId: PRODUCT_ID,
        teamId: null,
        assigneeId: null,
        stateId: null,
        parentId: null,
        estimate: null,
        fields: {},
        labelIds: [],
      },
    ];
    const { fetchMock } = renderPage(() => makeDetail(), {
      'GET /api/projects': jsonResponse(
        200,
        productOptionsPage({ id: PRODUCT_ID, name: 'Apollo' }, { id: 'p-2', name: 'Borealis' }),
      ),
      'PATCH /api/tasks/bulk/move': jsonResponse(200, { tasks: [moved], previous }),
      'PATCH /api/tasks/bulk/move/restore': jsonResponse(200, { tasks: [task], previous: [] }),
      'POST /api/tasks/bulk/delete': jsonResponse(200, { ids: ['t-1'] }),
      'POST /api/trash/tasks/restore': jsonResponse(200, { ids: ['t-1'] }),
    });
    await screen.findByRole('heading', { level: 1, name: /Wire the radio/ });
    const action = (id: string) => paletteContexts.current()?.actions.find((a) => a.id === id);

    act(() => action('editTitle')?.run?.());
    const field = await screen.findByRole('textbox', { name: 'Title' });
    expect(field).toHaveFocus();
    expect((field as HTMLInputElement).selectionEnd).toBe(task.title.length);
    fireEvent.keyDown(field, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull());

    // The move page lists the products once the palette shows, less the task's own.
    act(() => paletteContexts.current()?.onShow?.());
    await waitFor(() => expect(action('move')?.page?.options.map((o) => o.label)).toEqual(['Borealis']));
    act(() => action('move')?.page?.onPick({ value: 'p-2', label: 'Borealis' }));
    await waitFor(() =>
      expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk/move')[0]?.init)).toEqual({
        ids: ['t-1'],
        productId: 'p-2',
      }),
    );
    await waitFor(() =>
      expect(toast.undoable).toHaveBeenCalledWith('1 task moved to Borealis', expect.anything()),
    );
    const undoOf = async (n: number) => {
      const { undo } = vi.mocked(toast.undoable).mock.calls[n]?.[1] ?? {};
      await act(async () => {
        await undo?.();
      });
    };
    await undoOf(0);
    expect(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk/move/restore')).toHaveLength(1);

    act(() => action('delete')?.run?.());
    await waitFor(() => expect(currentLocation()).toBe('/tasks'));
    expect(callsTo(fetchMock, 'POST', '/api/tasks/bulk/delete')).toHaveLength(1);
    expect(toast.undoable).toHaveBeenLastCalledWith('1 task moved to the trash', expect.anything());
    await undoOf(1);
    expect(sentJson(callsTo(fetchMock, 'POST', '/api/trash/tasks/restore')[0]?.init)).toEqual({
      ids: ['t-1'],
    });
  });

  it('tells the screen around it after its trash, in place of leaving (the inbox moves on)', async () => {
    const onDeleted = vi.fn();
    const fetchMock = routeFetch({
      'GET /api/tasks/t-1/detail': jsonResponse(200, makeDetail()),
      'POST /api/tasks/bulk/delete': jsonResponse(200, { ids: ['t-1'] }),
      'POST /api/trash/tasks/restore': jsonResponse(200, { ids: ['t-1'] }),
    });
    renderWithProviders(
      <TaskPage taskId="t-1" viewer={{ id: 'u-1', role: 'member' }} keys={false} onDeleted={onDeleted} />,
      { route: '/notifications' },
    );
    await screen.findByRole('heading', { level: 1, name: /Wire the radio/ });
    act(() =>
      paletteContexts
        .current()
        ?.actions.find((a) => a.id === 'delete')
        ?.run?.(),
    );
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(currentLocation()).toBe('/notifications');
    expect(callsTo(fetchMock, 'POST', '/api/tasks/bulk/delete')).toHaveLength(1);
    const { undo } = vi.mocked(toast.undoable).mock.calls[0]?.[1] ?? {};
    await act(async () => {
      await undo?.();
    });
    expect(sentJson(callsTo(fetchMock, 'POST', '/api/trash/tasks/restore')[0]?.init)).toEqual({
      ids: ['t-1'],
    });
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
