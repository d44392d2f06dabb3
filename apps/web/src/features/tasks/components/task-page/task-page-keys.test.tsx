import type { Role, Task, TaskDetail } from '@shipyard/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch, sentJson } from '../../../../test/fetch-stubs.ts';
import { currentLocation, renderWithProviders } from '../../../../test/render.tsx';
import { TaskPage } from './task-page.tsx';
import { makeDetail, none, task } from './test-task-detail.ts';

vi.mock('../../../../lib/toast.ts', () => ({
  toast: { success: vi.fn(), undoable: vi.fn(), error: vi.fn() },
}));

// Issue 30 on a task's page: the action keys act on the task shown, each picker beside the
// property it changes; nothing moves or is selected, and nothing fires while typing.

const member = { id: 'u-1', role: 'member' as Role };

const press = (key: string, extra: Partial<KeyboardEventInit> = {}) =>
  act(() => {
    fireEvent.keyDown(document.body, { key, ...extra });
  });

/** A server holding the task: the bulk call changes its priority, the page reads it back. */
function serve(detail: TaskDetail = makeDetail(), routes: Parameters<typeof routeFetch>[0] = {}) {
  let stored: Task = detail.task;
  return routeFetch({
    'GET /api/tasks/t-1/detail': () => jsonResponse(200, { ...detail, task: stored }),
    'PATCH /api/tasks/bulk': ({ init }) => {
      const { change } = JSON.parse(String(init?.body)) as { change: Partial<Task> };
      const previous = [{ id: stored.id, change: { priority: stored.priority } }];
      stored = { ...stored, ...change };
      return jsonResponse(200, { tasks: [stored], previous });
    },
    ...routes,
  });
}

function renderPage(element = <TaskPage taskId="t-1" viewer={member} />) {
  renderWithProviders(element, { route: '/tasks/t-1' });
  return screen.findByRole('heading', { level: 1, name: new RegExp(task.title) });
}

const priorityShown = () =>
  within(screen.getByRole('complementary', { name: 'Properties' })).getAllByRole('combobox')[1];

describe('a task page from the keyboard', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('sets the priority with p in one request with one Undo, and the page shows it', async () => {
    const fetchMock = serve();
    await renderPage();
    expect(priorityShown()).toHaveTextContent('High');
    press('p');
    const picker = await screen.findByRole('dialog', { name: 'Priority for 1 task' });
    fireEvent.click(within(picker).getByText('Critical'));
    await waitFor(() =>
      expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk')[0]?.init)).toEqual({
        ids: ['t-1'],
        change: { priority: 'critical' },
      }),
    );
    expect(toast.undoable).toHaveBeenCalledWith(
      'Priority set to Critical for 1 task',
      expect.objectContaining({ undo: expect.any(Function) }),
    );
    await waitFor(() => expect(priorityShown()).toHaveTextContent('Critical'));
  });

  it('moves and selects nothing, opens no picker while typing or for a viewer who may not edit', async () => {
    serve(makeDetail({ permissions: none }));
    await renderPage();
    press('j');
    press('x');
    press('a', { ctrlKey: true });
    expect(document.querySelector('[data-focused], [data-selected]')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull();
    press('s');
    press('p');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ignores the keys while typing in a field', async () => {
    serve();
    await renderPage();
    const field = document.createElement('input');
    document.body.append(field);
    act(() => {
      fireEvent.keyDown(field, { key: 's' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    field.remove();
  });

  it('copies the link with Ctrl+C and the key with Ctrl+Shift+C, unless text is selected on the page', async () => {
    serve();
    // user-event installs its own clipboard stub: read back what the page wrote.
    userEvent.setup();
    await renderPage();
    press('c', { ctrlKey: true });
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/tasks/APO-1`);
    press('C', { ctrlKey: true, shiftKey: true });
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(2));
    expect(await navigator.clipboard.readText()).toBe('APO-1');
    // Text selected on the page is the browser's to copy.
    window
      .getSelection()
      ?.selectAllChildren(screen.getByRole('heading', { level: 1, name: new RegExp(task.title) }));
    press('c', { ctrlKey: true });
    expect(toast.success).toHaveBeenCalledTimes(2);
    window.getSelection()?.removeAllRanges();
  });

  it('acts inside the side panel that holds the page, not under another dialog', async () => {
    serve();
    renderWithProviders(
      <div role="dialog" aria-label="Task panel">
        <TaskPage taskId="t-1" viewer={member} />
      </div>,
      { route: '/tasks/t-1' },
    );
    await screen.findByRole('heading', { level: 1, name: new RegExp(task.title) });
    press('s');
    const picker = await screen.findByRole('dialog', { name: 'Status for 1 task' });
    fireEvent.keyDown(picker, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Status for 1 task' })).toBeNull());
    // Another dialog over the page: its keys are its own.
    const other = document.createElement('div');
    other.setAttribute('role', 'dialog');
    document.body.append(other);
    press('p');
    expect(screen.queryByRole('dialog', { name: 'Priority for 1 task' })).toBeNull();
    other.remove();
  });

  it('leaves the keys to the screen it is part of when told (the inbox)', async () => {
    serve();
    await renderPage(<TaskPage taskId="t-1" viewer={member} keys={false} />);
    press('p');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("edits the page's own title with e, its text selected, and saves it with Enter", async () => {
    const fetchMock = serve(makeDetail(), {
      'PATCH /api/tasks/t-1/update': jsonResponse(200, { ...task, title: 'Wire the antenna' }),
    });
    const user = userEvent.setup();
    await renderPage();
    press('e');
    const field = await screen.findByRole('textbox', { name: 'Title' });
    expect(field).toHaveFocus();
    expect(field).toHaveValue(task.title);
    expect([(field as HTMLInputElement).selectionStart, (field as HTMLInputElement).selectionEnd]).toEqual([
      0,
      task.title.length,
    ]);
    // No popover beside the page: the title is edited where it is.
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.keyboard('Wire the antenna{Enter}');
    await waitFor(() =>
      expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/update')[0]?.init)).toEqual({
        title: 'Wire the antenna',
      }),
    );
  });

  it('puts the task in the trash with Delete in one request, leaves for the tasks, and Undo restores it', async () => {
    const fetchMock = serve(makeDetail(), {
      'POST /api/tasks/bulk/delete': jsonResponse(200, { ids: ['t-1'] }),
      'POST /api/trash/tasks/restore': jsonResponse(200, { ids: ['t-1'] }),
    });
    await renderPage();
    press('Delete');
    await waitFor(() => expect(currentLocation()).toBe('/tasks'));
    expect(callsTo(fetchMock, 'POST', '/api/tasks/bulk/delete')).toHaveLength(1);
    expect(sentJson(callsTo(fetchMock, 'POST', '/api/tasks/bulk/delete')[0]?.init)).toEqual({ ids: ['t-1'] });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(toast.undoable).toHaveBeenCalledWith(
      '1 task moved to the trash',
      expect.objectContaining({ undo: expect.any(Function) }),
    );
    // The toast outlives the page: its Undo still restores the task.
    const { undo } = vi.mocked(toast.undoable).mock.calls[0]?.[1] ?? {};
    await act(async () => {
      await undo?.();
    });
    expect(sentJson(callsTo(fetchMock, 'POST', '/api/trash/tasks/restore')[0]?.init)).toEqual({
      ids: ['t-1'],
    });
  });

  it('goes back to where the user came from after Ctrl+Backspace', async () => {
    const fetchMock = serve(makeDetail(), {
      'POST /api/tasks/bulk/delete': jsonResponse(200, { ids: ['t-1'] }),
    });
    renderWithProviders(
      <Routes>
        <Route path="/inbox-of-mine" element={<Link to="/tasks/t-1">Open it</Link>} />
        <Route path="/tasks/t-1" element={<TaskPage taskId="t-1" viewer={member} />} />
      </Routes>,
      { route: '/inbox-of-mine' },
    );
    fireEvent.click(screen.getByRole('link', { name: 'Open it' }));
    await screen.findByRole('heading', { level: 1, name: new RegExp(task.title) });
    press('Backspace', { ctrlKey: true });
    await waitFor(() => expect(currentLocation()).toBe('/inbox-of-mine'));
    expect(callsTo(fetchMock, 'POST', '/api/tasks/bulk/delete')).toHaveLength(1);
  });

  it('stays on the page when the trash refuses the task', async () => {
    serve(makeDetail(), {
      'POST /api/tasks/bulk/delete': apiError(409, 'PRODUCT_ARCHIVED', 'This product is archived.'),
    });
    await renderPage();
    press('Delete');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to delete task', {
        description: 'This product is archived.',
      }),
    );
    expect(currentLocation()).toBe('/tasks/t-1');
  });

  it("neither edits nor deletes for a viewer who may not edit, nor in the inbox's split view", async () => {
    const fetchMock = serve(makeDetail({ permissions: none }));
    const { unmount } = renderWithProviders(<TaskPage taskId="t-1" viewer={member} />, {
      route: '/tasks/t-1',
    });
    await screen.findByRole('heading', { level: 1, name: new RegExp(task.title) });
    press('e');
    press('Delete');
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
    unmount();
    await renderPage(<TaskPage taskId="t-1" viewer={member} keys={false} />);
    press('e');
    press('Delete');
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
    expect(callsTo(fetchMock, 'POST', '/api/tasks/bulk/delete')).toHaveLength(0);
    expect(currentLocation()).toBe('/tasks/t-1');
  });
});
