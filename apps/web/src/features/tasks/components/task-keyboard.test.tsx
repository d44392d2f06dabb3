import type { Role } from '@shipyard/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, sentJson } from '../../../test/fetch-stubs.ts';
import { currentLocation } from '../../../test/render.tsx';
import { layOutScrollAreas } from '../../../test/virtual-layout.ts';
import { checkbox, focusedTitle, press, renderList, rowOf, tasks } from './test-task-keyboard.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), undoable: vi.fn(), error: vi.fn() } }));

// Issue 30: a task list worked from the keyboard.

describe('the task list from the keyboard', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    layOutScrollAreas({ viewport: 600, row: 60 });
  });

  it('moves the focus with j, k and the arrows, and opens the focused task with o', async () => {
    renderList();
    await screen.findByText('Alpha');
    press('j');
    expect(focusedTitle()).toBe('Alpha');
    press('j');
    press('ArrowDown');
    expect(focusedTitle()).toBe('Charlie');
    press('k');
    expect(focusedTitle()).toBe('Bravo');
    press('ArrowUp');
    press('k');
    expect(focusedTitle()).toBe('Alpha');
    press('o');
    expect(currentLocation()).toBe('/tasks/APO-1');
  });

  it('selects with x, a range with Shift+x, all shown with Ctrl+A, and clears with Esc', async () => {
    renderList();
    await screen.findByText('Alpha');
    press('j');
    press('x');
    expect(checkbox('Alpha')).toBeChecked();
    expect(within(screen.getByRole('region', { name: 'Selection' })).getByText('1 selected')).toBeVisible();
    press('j');
    press('j');
    press('X', { shiftKey: true });
    expect(screen.getByText('3 selected')).toBeVisible();
    expect(checkbox('Bravo')).toBeChecked();
    expect(checkbox('Delta')).not.toBeChecked();
    press('a', { ctrlKey: true });
    expect(screen.getByText('4 selected')).toBeVisible();
    press('Escape');
    expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull();
    // A click on a row's checkbox selects it too; Clear empties the selection.
    fireEvent.click(checkbox('Delta'));
    expect(screen.getByText('1 selected')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(checkbox('Delta')).not.toBeChecked();
  });

  it('ignores the keys while typing in a field', async () => {
    renderList();
    await screen.findByText('Alpha');
    const field = document.createElement('input');
    document.body.append(field);
    act(() => {
      fireEvent.keyDown(field, { key: 'j' });
      fireEvent.keyDown(field, { key: 'x' });
    });
    expect(focusedTitle()).toBeUndefined();
    expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull();
    field.remove();
  });

  it('sets the status of the selected tasks in one request, says so, and undoes it in one more', async () => {
    const moved = tasks.slice(0, 3).map((t) => ({ ...t, status: 'In Progress' }));
    const previous = tasks.slice(0, 3).map((t) => ({ id: t.id, change: { status: 'Pending' } }));
    const fetchMock = renderList({
      'PATCH /api/tasks/bulk': jsonResponse(200, { tasks: moved, previous }),
      'PATCH /api/tasks/bulk/restore': jsonResponse(200, { tasks: tasks.slice(0, 3), previous: [] }),
    });
    await screen.findByText('Alpha');
    press('j');
    press('x');
    press('j');
    press('x');
    press('j');
    press('x');
    press('s');
    const picker = await screen.findByRole('dialog', { name: 'Status for 3 tasks' });
    const filter = within(picker).getByPlaceholderText('Status…');
    await waitFor(() => expect(filter).toHaveFocus());
    fireEvent.change(filter, { target: { value: 'progr' } });
    expect(within(picker).queryByText('Completed')).toBeNull();
    fireEvent.keyDown(filter, { key: 'Enter' });

    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk')).toHaveLength(1));
    expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk')[0]?.init)).toEqual({
      ids: ['t-0', 't-1', 't-2'],
      change: { status: 'In Progress' },
    });
    const said = 'Status set to In Progress for 3 tasks';
    await waitFor(() => expect(screen.getByText(said)).toBeInTheDocument());
    expect(screen.getByText(said)).toHaveAttribute('aria-live', 'polite');
    expect(toast.undoable).toHaveBeenCalledWith(
      said,
      expect.objectContaining({ undo: expect.any(Function) }),
    );
    expect(within(rowOf('Alpha')).getByText('In Progress')).toBeInTheDocument();

    const { undo } = vi.mocked(toast.undoable).mock.calls[0]?.[1] ?? {};
    await act(async () => {
      await undo?.();
    });
    expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk/restore')[0]?.init)).toEqual({
      items: previous,
    });
    expect(screen.getByText(`Undone: ${said}`)).toBeInTheDocument();
  });

  it('assigns the focused task to the caller with i, and toasts a refusal', async () => {
    const fetchMock = renderList({
      'PATCH /api/tasks/bulk': apiError(
        400,
        'VALIDATION',
        'The assignee must be a member of the task’s product.',
      ),
    });
    await screen.findByText('Alpha');
    press('j');
    press('i');
    await waitFor(() =>
      expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk')[0]?.init)).toEqual({
        ids: ['t-0'],
        change: { assigneeId: 'u-1' },
      }),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to update task', {
        description: 'The assignee must be a member of the task’s product.',
      }),
    );
  });

  it('opens no picker for a guest, and none without a focused or selected task', async () => {
    renderList({}, { id: 'g-1', role: 'guest' as Role });
    await screen.findByText('Alpha');
    press('p');
    expect(screen.queryByRole('dialog')).toBeNull();
    press('j');
    press('p');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sets the priority from its picker', async () => {
    const fetchMock = renderList({
      'PATCH /api/tasks/bulk': jsonResponse(200, {
        tasks: [{ ...tasks[1], priority: 'high' }],
        previous: [],
      }),
    });
    await screen.findByText('Alpha');
    press('j');
    press('j');
    press('p');
    const picker = await screen.findByRole('dialog', { name: 'Priority for 1 task' });
    fireEvent.click(within(picker).getByText('High'));
    await waitFor(() =>
      expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk')[0]?.init)).toEqual({
        ids: ['t-1'],
        change: { priority: 'high' },
      }),
    );
    await waitFor(() => expect(screen.getByText('Priority set to High for 1 task')).toBeInTheDocument());
  });

  it('puts a label on the focused task with l, in one request with one Undo', async () => {
    const radio = { id: 'l-1', name: 'Radio', color: '#3b82f6' };
    const fetchMock = renderList({
      'GET /api/projects/p-1/labels': jsonResponse(200, { data: [{ ...radio, tasks: 0 }], canManage: false }),
      'PATCH /api/tasks/bulk/labels': jsonResponse(200, {
        tasks: [{ taskId: 't-0', labels: [radio] }],
        previous: [{ id: 't-0', labelIds: [] }],
      }),
      'PATCH /api/tasks/bulk/labels/restore': jsonResponse(200, {
        tasks: [{ taskId: 't-0', labels: [] }],
        previous: [],
      }),
    });
    await screen.findByText('Alpha');
    press('j');
    press('l');
    const picker = await screen.findByRole('dialog', { name: 'Labels for 1 task' });
    fireEvent.click(await within(picker).findByText('Radio'));
    await waitFor(() =>
      expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk/labels')[0]?.init)).toEqual({
        ids: ['t-0'],
        change: { addLabels: ['l-1'] },
      }),
    );
    await waitFor(() =>
      expect(toast.undoable).toHaveBeenCalledWith('Label Radio added for 1 task', expect.anything()),
    );
    const { undo } = vi.mocked(toast.undoable).mock.calls[0]?.[1] ?? {};
    await act(async () => {
      await undo?.();
    });
    expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk/labels/restore')[0]?.init)).toEqual({
      items: [{ id: 't-0', labelIds: [] }],
    });
  });
});
