import type { Role } from '@shipyard/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, sentJson } from '../../../test/fetch-stubs.ts';
import { openSubmenu } from '../../../test/menu.ts';
import { layOutScrollAreas } from '../../../test/virtual-layout.ts';
import { press, renderList, rowOf, tasks } from './test-task-keyboard.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), undoable: vi.fn(), error: vi.fn() } }));

// Issue 30: the keys that rename (e), move (m) and delete (Delete, Ctrl/⌘+Backspace) tasks.

const products = {
  data: [
    { id: 'p-1', name: 'Apollo' },
    { id: 'p-2', name: 'Borealis' },
    { id: 'p-3', name: 'Cygnus' },
  ],
};
const said = (text: string) => screen.getByText(text, { selector: '[aria-live]' });
const undoOf = async (n = 0) => {
  const { undo } = vi.mocked(toast.undoable).mock.calls[n]?.[1] ?? {};
  await act(async () => {
    await undo?.();
  });
};

describe('acting on tasks from the keyboard', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    layOutScrollAreas({ viewport: 600, row: 60 });
  });

  it('renames the focused task with e: the title opens selected, an empty one is refused, Enter saves', async () => {
    const fetchMock = renderList({
      'PATCH /api/tasks/t-1/update': jsonResponse(200, { ...tasks[1], title: 'Bravo two' }),
    });
    await screen.findByText('Alpha');
    press('j');
    press('j');
    press('e');
    const editor = await screen.findByRole('dialog', { name: 'Title of APO-2' });
    const field = within(editor).getByRole('textbox', { name: 'Title' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveValue('Bravo');
    expect([(field as HTMLInputElement).selectionStart, (field as HTMLInputElement).selectionEnd]).toEqual([
      0, 5,
    ]);

    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(within(editor).getByText('Title is required')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(said('Title is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/update')).toHaveLength(0);

    fireEvent.change(field, { target: { value: ' Bravo two ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() =>
      expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/update')[0]?.init)).toEqual({
        title: 'Bravo two',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(said('Title changed to Bravo two')).toBeInTheDocument();
    expect(within(rowOf('Bravo two')).getByText('Bravo two')).toBeInTheDocument();
  });

  it('cancels the rename with Esc, and keeps the field open with the reason when the server refuses', async () => {
    const fetchMock = renderList({
      'PATCH /api/tasks/t-0/update': apiError(409, 'PRODUCT_ARCHIVED', 'This product is archived.'),
    });
    await screen.findByText('Alpha');
    press('j');
    press('e');
    let field = await screen.findByRole('textbox', { name: 'Title' });
    await waitFor(() => expect(field).toHaveFocus());
    fireEvent.keyDown(field, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(said('Title unchanged')).toBeInTheDocument();

    press('e');
    field = await screen.findByRole('textbox', { name: 'Title' });
    fireEvent.change(field, { target: { value: 'Alpha two' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to update task', {
        description: 'This product is archived.',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'Title of APO-1' })).toBeVisible();
    expect(field).toHaveValue('Alpha two');
    expect(callsTo(fetchMock, 'PATCH', '/api/tasks/t-0/update')).toHaveLength(1);
  });

  it('moves the selected tasks to the product typed with m, in one request, and one Undo puts them and their labels back', async () => {
    const radio = { id: 'l-1', name: 'Radio', color: '#3b82f6' };
    const previous = [
      {
        id: 't-0',
        productId: 'p-1',
        teamId: null,
        assigneeId: null,
        stateId: 's-1',
        parentId: null,
        estimate: null,
        fields: {},
        labelIds: ['l-1'],
      },
      {
        id: 't-1',
        productId: 'p-1',
        teamId: null,
        assigneeId: null,
        stateId: 's-1',
        parentId: null,
        estimate: null,
        fields: {},
        labelIds: [],
      },
    ];
    const moved = tasks
      .slice(0, 2)
      .map((t) => ({ ...t, projectId: 'p-2', project: { id: 'p-2', name: 'Borealis' } }));
    const fetchMock = renderList({
      'GET /api/projects': jsonResponse(200, products),
      'PATCH /api/tasks/bulk/move': jsonResponse(200, { tasks: moved, previous }),
      'PATCH /api/tasks/bulk/move/restore': jsonResponse(200, { tasks: tasks.slice(0, 2), previous: [] }),
      'PATCH /api/tasks/bulk/labels/restore': jsonResponse(200, {
        tasks: [{ taskId: 't-0', labels: [radio] }],
        previous: [],
      }),
    });
    await screen.findByText('Alpha');
    press('j');
    press('x');
    press('j');
    press('x');
    press('m');
    const picker = await screen.findByRole('dialog', { name: 'Product for 2 tasks' });
    const filter = within(picker).getByPlaceholderText('Product…');
    await waitFor(() => expect(filter).toHaveFocus());
    // Their own product is not offered; what a move drops is said before Enter.
    await within(picker).findByText('Borealis');
    expect(within(picker).queryByText('Apollo')).toBeNull();
    expect(within(picker).getByText(/Their team stays behind/)).toBeVisible();
    fireEvent.change(filter, { target: { value: 'bor' } });
    expect(within(picker).queryByText('Cygnus')).toBeNull();
    fireEvent.keyDown(filter, { key: 'Enter' });

    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk/move')).toHaveLength(1));
    expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk/move')[0]?.init)).toEqual({
      ids: ['t-0', 't-1'],
      productId: 'p-2',
    });
    const text = '2 tasks moved to Borealis';
    await waitFor(() => expect(said(text)).toBeInTheDocument());
    expect(toast.undoable).toHaveBeenCalledWith(
      text,
      expect.objectContaining({ undo: expect.any(Function) }),
    );

    await undoOf();
    expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk/move/restore')[0]?.init)).toEqual({
      items: previous.map(({ labelIds: _labels, ...item }) => item),
    });
    expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk/labels/restore')[0]?.init)).toEqual({
      items: [{ id: 't-0', labelIds: ['l-1'] }],
    });
    expect(said(`Undone: ${text}`)).toBeInTheDocument();
  });

  it('puts the selected tasks in the trash with Delete, says so, and one Undo restores them all', async () => {
    const fetchMock = renderList({
      'POST /api/tasks/bulk/delete': jsonResponse(200, { ids: ['t-0', 't-2'] }),
      'POST /api/trash/tasks/restore': jsonResponse(200, { ids: ['t-0', 't-2'] }),
    });
    await screen.findByText('Alpha');
    press('j');
    press('x');
    press('j');
    press('j');
    press('x');
    press('Delete');
    await waitFor(() =>
      expect(sentJson(callsTo(fetchMock, 'POST', '/api/tasks/bulk/delete')[0]?.init)).toEqual({
        ids: ['t-0', 't-2'],
      }),
    );
    const text = '2 tasks moved to the trash';
    await waitFor(() => expect(said(text)).toBeInTheDocument());
    // No confirm dialog: the rows leave the list at once, the toast offers Undo.
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(screen.queryByText('Alpha')).toBeNull());
    expect(screen.queryByText('Charlie')).toBeNull();
    expect(screen.getByText('Bravo')).toBeInTheDocument();
    expect(toast.undoable).toHaveBeenCalledWith(
      text,
      expect.objectContaining({ undo: expect.any(Function) }),
    );

    await undoOf();
    expect(sentJson(callsTo(fetchMock, 'POST', '/api/trash/tasks/restore')[0]?.init)).toEqual({
      ids: ['t-0', 't-2'],
    });
    expect(said(`Undone: ${text}`)).toBeInTheDocument();
  });

  it('deletes the focused task with Ctrl+Backspace, and toasts a refusal, keeping the row', async () => {
    const fetchMock = renderList({
      'POST /api/tasks/bulk/delete': apiError(409, 'PRODUCT_ARCHIVED', 'This product is archived.'),
    });
    await screen.findByText('Alpha');
    press('j');
    press('Backspace', { ctrlKey: true });
    await waitFor(() =>
      expect(sentJson(callsTo(fetchMock, 'POST', '/api/tasks/bulk/delete')[0]?.init)).toEqual({
        ids: ['t-0'],
      }),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to delete task', {
        description: 'This product is archived.',
      }),
    );
    expect(screen.getByText('Alpha')).toBeInTheDocument();
  });

  it('opens nothing and deletes nothing for a guest', async () => {
    const fetchMock = renderList({}, { id: 'g-1', role: 'guest' as Role });
    await screen.findByText('Alpha');
    press('j');
    for (const key of ['e', 'm', 'Delete']) press(key);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, 'POST', '/api/tasks/bulk/delete')).toHaveLength(0);
  });

  it('shows the keys in the row menu beside the items that have one', async () => {
    renderList();
    await screen.findByText('Alpha');
    fireEvent.pointerDown(within(rowOf('Alpha')).getByRole('button', { name: 'Actions for Alpha' }), {
      button: 0,
      ctrlKey: false,
    });
    const remove = await screen.findByRole('menuitem', { name: 'Delete' });
    expect(remove).toHaveAttribute('aria-keyshortcuts', 'Delete Control+Backspace Meta+Backspace');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).not.toHaveAttribute('aria-keyshortcuts');
    // Copy link, in the Copy submenu.
    await openSubmenu(userEvent.setup(), 'Copy');
    const copy = screen.getByRole('menuitem', { name: 'Copy link' });
    expect(copy).toHaveAttribute('aria-keyshortcuts', 'Control+C Meta+C');
    expect(within(copy).getByText('Ctrl/⌘ C')).toBeVisible();
  });
});
