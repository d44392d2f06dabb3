import type { Role, Task, TaskDetail } from '@shipyard/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../../lib/toast.ts';
import { callsTo, jsonResponse, routeFetch, sentJson } from '../../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
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
function serve(detail: TaskDetail = makeDetail()) {
  let stored: Task = detail.task;
  return routeFetch({
    'GET /api/tasks/t-1/detail': () => jsonResponse(200, { ...detail, task: stored }),
    'PATCH /api/tasks/bulk': ({ init }) => {
      const { change } = JSON.parse(String(init?.body)) as { change: Partial<Task> };
      const previous = [{ id: stored.id, change: { priority: stored.priority } }];
      stored = { ...stored, ...change };
      return jsonResponse(200, { tasks: [stored], previous });
    },
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
});
