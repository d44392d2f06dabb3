import type { Role, TaskDetail, User } from '@shipyard/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type InitialEntry, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppExtensionsProvider } from '../../components/app-extensions.tsx';
import { useRoutePanelOutlet } from '../../components/route-panel.tsx';
import { TooltipProvider } from '../../components/ui/tooltip.tsx';
import { sessionKey } from '../../features/auth/api/keys.ts';
import { cycleOf } from '../../features/cycles/components/fixtures.ts';
import { TaskBoard } from '../../features/tasks/components/task-board.tsx';
import {
  makeTask,
  makeTaskOptions,
  PRODUCT_ID,
  taskList,
} from '../../features/tasks/components/test-tasks.ts';
import { callsTo, jsonResponse, routeFetch } from '../../test/fetch-stubs.ts';
import { createTestQueryClient } from '../../test/render.tsx';
import { layOutScrollAreas } from '../../test/virtual-layout.ts';
import { taskFormExtensions } from '../layouts/task-form-extensions.tsx';
import { Component as TaskRoute } from './task.tsx';

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const viewer = { id: 'u-1', role: 'member' as Role };
const radio = makeTask({ id: 't-1', title: 'Wire the radio', status: 'Pending' });
const detail: TaskDetail = {
  task: radio,
  product: { id: PRODUCT_ID, name: 'Apollo', archived: false },
  createdBy: null,
  history: { data: [], nextCursor: null },
  permissions: {
    canEdit: true,
    canEditStatus: true,
    canComment: true,
    canManageLabels: true,
    canDelete: true,
  },
  checklist: {
    taskId: 't-1',
    items: [
      {
        id: 'c-1',
        taskId: 't-1',
        title: 'Solder the antenna',
        done: true,
        createdAt: '2025-03-02T10:00:00.000Z',
        updatedAt: '2025-03-02T10:00:00.000Z',
      },
    ],
    done: 1,
    total: 1,
  },
  labels: { taskId: 't-1', labels: [{ id: 'l-1', name: 'Hardware', color: '#2563eb' }] },
  files: [],
  watchers: { data: [{ id: 'u-1', name: 'Mia Member', avatar_url: null }], total: 1, watching: true },
  states: [],
  // Issue 29: its sub-tasks and relations, seeded into their own caches as the rest.
  subtasks: {
    parents: [],
    data: [{ id: 't-2', key: 'APO-2', title: 'Cut the cable', status: 'Pending', assignee: null }],
  },
  relations: { data: [] },
  fields: { data: [], canManage: false },
  // Issue 31: its logged time, seeded into its own cache as the rest.
  time: {
    taskId: 't-1',
    estimate: null,
    estimateScale: 'none',
    totalSeconds: 2700,
    mySeconds: 2700,
    entryCount: 0,
    entries: [],
  },
  // Issue 31: its cycle and the open ones it may join, seeded the same way.
  cycle: {
    taskId: 't-1',
    cycle: cycleOf({ name: 'Sprint 4', projectId: PRODUCT_ID }),
    options: [{ id: 'c-1', name: 'Sprint 4', status: 'current' }],
    canEdit: true,
  },
};

/** The shell's outlet as app-shell.tsx renders it: the screen, and a panel over it. */
function Shell() {
  const { background, panel } = useRoutePanelOutlet();
  return (
    <>
      {background}
      {panel}
    </>
  );
}

function renderApp(initial: InitialEntry, { staleTime = 0 } = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, staleTime } });
  queryClient.setQueryData(sessionKey, { id: 'u-1', role: 'member', name: 'Mia Member' } as User);
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          {
            path: 'tasks',
            element: (
              <TaskBoard
                filters={{ search: '', productId: undefined, phase: [], status: [] }}
                viewer={viewer}
                onEdit={vi.fn()}
                narrowed={false}
              />
            ),
          },
          { path: 'tasks/:id', Component: TaskRoute },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  // The signed-in shell's sidebar brings the tooltip provider (the watch button's tooltip).
  render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <AppExtensionsProvider value={taskFormExtensions}>
          <RouterProvider router={router} />
        </AppExtensionsProvider>
      </TooltipProvider>
    </QueryClientProvider>,
  );
  const at = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, at, user: userEvent.setup() };
}

let fetchMock: ReturnType<typeof routeFetch>;
beforeEach(() => {
  layOutScrollAreas({ viewport: 760, row: 90 });
  fetchMock = routeFetch({
    'GET /api/tasks/t-1/comments': jsonResponse(200, { data: [], total: 0, previousCursor: null }),
    'GET /api/tasks/all': ({ url }) =>
      jsonResponse(200, taskList(url.searchParams.get('status') === 'Pending' ? [radio] : [])),
    'GET /api/tasks/t-1/detail': jsonResponse(200, detail),
  });
});

describe('the task panel', () => {
  it('opens from a board card with the task’s own URL, over the board, and Escape closes it', async () => {
    const { at, user } = renderApp('/tasks?view=board');
    const card = await screen.findByRole('link', { name: 'Wire the radio' });

    await user.click(card);

    expect(at()).toBe('/tasks/t-1');
    const panel = await screen.findByRole('dialog');
    expect(await within(panel).findByRole('button', { name: 'Wire the radio (rename)' })).toBeInTheDocument();
    // The board stays mounted underneath, as it was.
    expect(card).toBeInTheDocument();

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(at()).toBe('/tasks?view=board');
    expect(screen.getByRole('link', { name: 'Wire the radio' })).toBe(card);
  });

  it('closes on Back, and opens again from the keyboard (Enter on the card)', async () => {
    const { router, at, user } = renderApp('/tasks?view=board');
    const card = await screen.findByRole('link', { name: 'Wire the radio' });
    card.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog');

    await act(() => router.navigate(-1));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(at()).toBe('/tasks?view=board');
    expect(screen.getByRole('link', { name: 'Wire the radio' })).toBe(card);
  });

  it('shows the full page, not a panel, when the URL is loaded afresh (a reload keeps the state)', async () => {
    renderApp({
      pathname: '/tasks/t-1',
      state: { backgroundLocation: { pathname: '/tasks', search: '', hash: '', state: null, key: 'gone' } },
    });

    expect(await screen.findByRole('button', { name: 'Wire the radio (rename)' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tasks' })).toHaveAttribute('href', '/tasks');
  });

  it('opens with two requests: the detail (checklist, labels, files, watchers, sub-tasks, relations, time, cycle in it) and the comments', async () => {
    // The app's query client keeps an answer fresh for 5 minutes (lib/query-client.ts).
    renderApp('/tasks/t-1', { staleTime: 5 * 60 * 1000 });

    expect(await screen.findByText('Solder the antenna')).toBeInTheDocument();
    expect(screen.getByText('Hardware')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cut the cable' })).toBeInTheDocument();
    expect(await screen.findByText('No comments yet. Start the conversation.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Unwatch, 1 watcher/ })).toBeInTheDocument();
    expect(screen.getByText('45m logged')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Cycle' })).toHaveTextContent('Sprint 4 (current)');

    const calls = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(calls.filter((path) => path !== '/api/user/me').sort()).toEqual([
      '/api/tasks/t-1/comments',
      '/api/tasks/t-1/detail',
    ]);
    expect(callsTo(fetchMock, 'GET', '/api/tasks/t-1/detail')).toHaveLength(1);
  });

  it('opens the create dialog from the sub-tasks with the task as the parent (issue 29)', async () => {
    fetchMock = routeFetch({
      'GET /api/tasks/t-1/comments': jsonResponse(200, { data: [], total: 0, previousCursor: null }),
      'GET /api/tasks/t-1/detail': jsonResponse(200, detail),
      [`GET /api/tasks/${PRODUCT_ID}/options`]: jsonResponse(200, makeTaskOptions()),
    });
    const { user } = renderApp('/tasks/t-1');
    await user.click(await screen.findByRole('button', { name: 'Add with details' }));

    const dialog = await screen.findByRole('dialog', { name: 'Create New Task' });
    expect(
      within(dialog).getByRole('button', { name: 'Sub-task of APO-1 Wire the radio' }),
    ).toBeInTheDocument();
    // The task's product, without a product select.
    expect(within(dialog).queryByRole('combobox', { name: 'Product' })).not.toBeInTheDocument();
  });

  it('opens the task at /tasks/<KEY>, in any casing, and keeps the key in the URL (issue 28)', async () => {
    fetchMock = routeFetch({
      'GET /api/tasks/by-key/APO-1': jsonResponse(200, radio),
      'GET /api/tasks/t-1/comments': jsonResponse(200, { data: [], total: 0, previousCursor: null }),
      'GET /api/tasks/t-1/detail': jsonResponse(200, detail),
    });
    const { at } = renderApp('/tasks/apo-1');

    expect(await screen.findByRole('button', { name: 'Wire the radio (rename)' })).toBeInTheDocument();
    expect(screen.getByText('APO-1')).toBeInTheDocument();
    expect(at()).toBe('/tasks/apo-1');
    expect(callsTo(fetchMock, 'GET', '/api/tasks/by-key/APO-1')).toHaveLength(1);
  });

  it('says "Task not found" for a key that names no task it may see', async () => {
    fetchMock = routeFetch({
      'GET /api/tasks/by-key/APO-99': jsonResponse(404, {
        error: 'Not Found',
        code: 'TASK_NOT_FOUND',
        message: 'Task not found',
        requestId: 'r-1',
      }),
    });
    renderApp('/tasks/APO-99');

    expect(await screen.findByText('Task not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to tasks' })).toHaveAttribute('href', '/tasks');
  });
});
