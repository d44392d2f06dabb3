import type { Role } from '@shipyard/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../../components/theme-provider.tsx';
import { CommandProvider } from '../../features/search/components/command-provider.tsx';
import { TaskList } from '../../features/tasks/components/task-list.tsx';
import { makeTask, makeTaskOptions, taskList } from '../../features/tasks/components/test-tasks.ts';
import { toast } from '../../lib/toast.ts';
import { callsTo, jsonResponse, routeFetch, sentJson } from '../../test/fetch-stubs.ts';
import { productOptionsPage } from '../../test/product-fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { layOutScrollAreas } from '../../test/virtual-layout.ts';

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), undoable: vi.fn(), error: vi.fn() } }));

// Issue 30, as the app composes it: the tasks list publishes its focused or selected tasks, the
// palette (another feature) lists their actions first and applies a nested page's choice to
// all of them in one request with one Undo.

const GRACE = makeTaskOptions().assignees[0];
const tasks = ['Alpha', 'Bravo', 'Charlie'].map((title, i) =>
  makeTask({
    id: `t-${i}`,
    title,
    key: `APO-${i + 1}`,
    projectId: 'p-1',
    project: { id: 'p-1', name: 'Apollo' },
    assigneeId: null,
    createdAt: new Date(Date.UTC(2025, 0, 10) - i * 60_000).toISOString(),
  }),
);

const press = (key: string, extra: Partial<KeyboardEventInit> = {}) =>
  act(() => {
    fireEvent.keyDown(document.body, { key, ...extra });
  });

function renderTasks(role: Role = 'member', answers: Parameters<typeof routeFetch>[0] = {}) {
  const fetchMock = routeFetch({
    'GET /api/tasks/all': jsonResponse(200, taskList(tasks)),
    'GET /api/projects/p-1/states': jsonResponse(200, { data: [], canManage: false }),
    'GET /api/projects/p-1/labels': jsonResponse(200, { data: [], canManage: false }),
    'GET /api/tasks/p-1/options': jsonResponse(200, makeTaskOptions()),
    ...answers,
  });
  const viewer = { id: 'u-1', role };
  const rendered = renderWithProviders(
    <ThemeProvider>
      <CommandProvider role={role} pages={[{ to: '/tasks', label: 'Tasks' }]} onSignOut={vi.fn()}>
        <TaskList
          filters={{ search: '', productId: undefined, phase: [], status: [] }}
          viewer={viewer}
          onEdit={vi.fn()}
        />
      </CommandProvider>
    </ThemeProvider>,
    { route: '/tasks' },
  );
  return { ...rendered, fetchMock };
}

const openPalette = async () => {
  press('k', { ctrlKey: true });
  return screen.findByRole('dialog', { name: 'Command palette' });
};
const actionNames = (group: HTMLElement) =>
  within(group)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('the palette on a task list', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    layOutScrollAreas({ viewport: 600, row: 60 });
  });

  it('offers nothing of a task before one is focused', async () => {
    renderTasks();
    await screen.findByText('Alpha');
    const palette = await openPalette();
    expect(within(palette).queryByRole('group', { name: /APO-/ })).toBeNull();
    expect(within(palette).getAllByRole('option')[0]).toHaveTextContent('Tasks');
  });

  it('lists the focused task’s actions first and assigns it by typing a name, in one request with one Undo', async () => {
    const assigned = { ...tasks[0], assigneeId: GRACE?.id ?? null };
    const { user, fetchMock } = renderTasks('member', {
      'PATCH /api/tasks/bulk': jsonResponse(200, {
        tasks: [assigned],
        previous: [{ id: 't-0', change: { assigneeId: null } }],
      }),
      'PATCH /api/tasks/bulk/restore': jsonResponse(200, { tasks: [tasks[0]], previous: [] }),
    });
    await screen.findByText('Alpha');
    press('j');
    const palette = await openPalette();
    const group = within(palette).getByRole('group', { name: 'APO-1 Alpha' });
    expect(actionNames(group)).toEqual([
      'Change status…s',
      'Set priority…p',
      'Assign to…a',
      'Assign to mei',
      'Add label…l',
      'Set due date…Shift D',
      'Edit title…e',
      'Move to…m',
      'Move to the trashDelete',
      'Copy linkCtrl/⌘ C',
      'Copy keyCtrl/⌘ Shift C',
    ]);

    await user.keyboard('assign');
    await user.keyboard('{Enter}');
    expect(within(palette).getByRole('combobox')).toHaveAttribute('placeholder', 'Assign to…');
    // The people are read when the page opens, from the product's options (the pickers' source).
    await within(palette).findByRole('option', { name: 'Grace Hopper' });
    expect(within(palette).getByRole('status')).toHaveTextContent('Assign to: 2 options');
    await user.keyboard('grace');
    await user.keyboard('{Enter}');

    await waitFor(() =>
      expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk')[0]?.init)).toEqual({
        ids: ['t-0'],
        change: { assigneeId: GRACE?.id },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(toast.undoable).toHaveBeenCalledWith('Assigned to Grace Hopper for 1 task', expect.anything()),
    );
    expect(screen.getByText('Assigned to Grace Hopper for 1 task')).toBeInTheDocument();
    const { undo } = vi.mocked(toast.undoable).mock.calls[0]?.[1] ?? {};
    await act(async () => {
      await undo?.();
    });
    expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk/restore')[0]?.init)).toEqual({
      items: [{ id: 't-0', change: { assigneeId: null } }],
    });
  });

  it('heads the group with the selection and changes every selected task at once', async () => {
    const { user, fetchMock } = renderTasks('member', {
      'PATCH /api/tasks/bulk': jsonResponse(200, {
        tasks: tasks.slice(0, 2).map((t) => ({ ...t, priority: 'high' })),
        previous: [],
      }),
    });
    await screen.findByText('Alpha');
    press('j');
    press('x');
    press('j');
    press('x');
    const palette = await openPalette();
    const group = within(palette).getByRole('group', { name: '2 selected tasks' });
    // Copying is for one task.
    expect(actionNames(group)).not.toContain('Copy linkCtrl/⌘ C');
    await user.click(within(group).getByRole('option', { name: /Set priority/ }));
    await user.keyboard('hig{Enter}');
    await waitFor(() =>
      expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk')[0]?.init)).toEqual({
        ids: ['t-0', 't-1'],
        change: { priority: 'high' },
      }),
    );
    expect(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk')).toHaveLength(1);
  });

  it('offers a guest only what a guest may do: copying', async () => {
    renderTasks('guest');
    await screen.findByText('Alpha');
    press('j');
    const palette = await openPalette();
    expect(actionNames(within(palette).getByRole('group', { name: 'APO-1 Alpha' }))).toEqual([
      'Copy linkCtrl/⌘ C',
      'Copy keyCtrl/⌘ Shift C',
    ]);
  });

  it('opens the row\'s title editor from "Edit title…", moves by typing a product and trashes in one request', async () => {
    const { user, fetchMock } = renderTasks('member', {
      'GET /api/projects': jsonResponse(
        200,
        productOptionsPage({ id: 'p-1', name: 'Apollo' }, { id: 'p-2', name: 'Borealis' }),
      ),
      'PATCH /api/tasks/bulk/move': jsonResponse(200, {
        tasks: [{ ...tasks[0], projectId: 'p-2', project: { id: 'p-2', name: 'Borealis' } }],
        previous: [],
      }),
      'POST /api/tasks/bulk/delete': jsonResponse(200, { ids: ['t-1'] }),
    });
    await screen.findByText('Alpha');
    press('j');
    let palette = await openPalette();
    await user.keyboard('edit title');
    await user.keyboard('{Enter}');
    // The list's own `e` popover, its field holding the focus once the palette has closed.
    const editor = await screen.findByRole('dialog', { name: 'Title of APO-1' });
    await waitFor(() => expect(within(editor).getByRole('textbox', { name: 'Title' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Title of APO-1' })).toBeNull());

    palette = await openPalette();
    await user.keyboard('move to{Enter}');
    expect(within(palette).getByRole('combobox')).toHaveAttribute('placeholder', 'Move to…');
    // The m picker's products: the task's own is not offered.
    await within(palette).findByRole('option', { name: 'Borealis' });
    expect(within(palette).queryByRole('option', { name: 'Apollo' })).toBeNull();
    await user.keyboard('bor{Enter}');
    await waitFor(() =>
      expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk/move')[0]?.init)).toEqual({
        ids: ['t-0'],
        productId: 'p-2',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    press('j');
    palette = await openPalette();
    await user.keyboard('trash{Enter}');
    await waitFor(() =>
      expect(sentJson(callsTo(fetchMock, 'POST', '/api/tasks/bulk/delete')[0]?.init)).toEqual({
        ids: ['t-1'],
      }),
    );
    expect(callsTo(fetchMock, 'POST', '/api/tasks/bulk/delete')).toHaveLength(1);
    await waitFor(() =>
      expect(toast.undoable).toHaveBeenCalledWith('1 task moved to the trash', expect.anything()),
    );
  });
});
