import type { Role, Task } from '@shipyard/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { callsTo, jsonResponse, routeFetch, sentJson } from '../../../test/fetch-stubs.ts';
import { menuItemNames } from '../../../test/menu.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { layOutScrollAreas } from '../../../test/virtual-layout.ts';
import { TaskPage } from './task-page/task-page.tsx';
import { makeDetail, task as pageTask } from './task-page/test-task-detail.ts';
import { press, renderList, rowOf, tasks } from './test-task-keyboard.ts';
import { ASSIGNEE_ID, makeTaskOptions } from './test-tasks.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), undoable: vi.fn() } }));

// Issue 30: a task menu's items open what their keys open (the keyboard provider's pickers), for
// the menu's own task: one request, one Undo, focus back on the menu's button.

const menuButton = (title: string) =>
  within(rowOf(title)).getByRole('button', { name: `Actions for ${title}` });

/** The bulk call answering with the tasks changed as asked. */
const bulkAnswer = ({ init }: { init?: RequestInit | undefined }) => {
  const { ids, change } = JSON.parse(String(init?.body)) as { ids: string[]; change: Partial<Task> };
  const changed = tasks.filter((t) => ids.includes(t.id)).map((t) => ({ ...t, ...change }));
  return jsonResponse(200, {
    tasks: changed,
    previous: changed.map((t) => ({ id: t.id, change: { assigneeId: null } })),
  });
};

describe('a task menu on a list', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    layOutScrollAreas({ viewport: 600, row: 60 });
  });

  it('assigns the menu’s task alone from "Assign to…", whatever is selected, with Undo, then gives focus back', async () => {
    const user = userEvent.setup();
    const fetchMock = renderList({
      'GET /api/tasks/p-1/options': jsonResponse(200, makeTaskOptions()),
      'PATCH /api/tasks/bulk': bulkAnswer,
      'PATCH /api/tasks/bulk/restore': jsonResponse(200, { tasks: [tasks[1]], previous: [] }),
    });
    await screen.findByText('Alpha');
    // Alpha selected from the keyboard; the menu is Bravo's.
    press('j');
    press('x');
    await user.click(menuButton('Bravo'));
    const item = screen.getByRole('menuitem', { name: 'Assign to…' });
    expect(item).toHaveAttribute('aria-keyshortcuts', 'A');
    await user.click(item);

    const picker = await screen.findByRole('dialog', { name: 'Assignee for 1 task' });
    await user.click(await within(picker).findByText('Grace Hopper'));
    await waitFor(() =>
      expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk')[0]?.init)).toEqual({
        ids: ['t-1'],
        change: { assigneeId: ASSIGNEE_ID },
      }),
    );
    await waitFor(() =>
      expect(toast.undoable).toHaveBeenCalledWith('Assigned to Grace Hopper for 1 task', expect.anything()),
    );
    expect(screen.getByText('Assigned to Grace Hopper for 1 task')).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(menuButton('Bravo')).toHaveFocus());
    // The selection is untouched.
    expect(screen.getByRole('checkbox', { name: 'Select Alpha' })).toBeChecked();

    const { undo } = vi.mocked(toast.undoable).mock.calls[0]?.[1] ?? {};
    await act(async () => {
      await undo?.();
    });
    expect(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk/restore')).toHaveLength(1);
  });

  it('assigns the menu’s task to the viewer from "Assign to me" in one request', async () => {
    const user = userEvent.setup();
    const fetchMock = renderList({ 'PATCH /api/tasks/bulk': bulkAnswer });
    await screen.findByText('Alpha');
    await user.click(menuButton('Charlie'));
    expect(screen.getByRole('menuitem', { name: 'Assign to me' })).toHaveAttribute('aria-keyshortcuts', 'I');
    await user.click(screen.getByRole('menuitem', { name: 'Assign to me' }));
    await waitFor(() =>
      expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk')[0]?.init)).toEqual({
        ids: ['t-2'],
        change: { assigneeId: 'u-1' },
      }),
    );
    expect(toast.undoable).toHaveBeenCalledWith('Assigned to you for 1 task', expect.anything());
  });

  it('sets the priority from "Set priority…" and renames from "Edit title…", beside the menu’s row', async () => {
    const user = userEvent.setup();
    const fetchMock = renderList({ 'PATCH /api/tasks/bulk': bulkAnswer });
    await screen.findByText('Alpha');
    await user.click(menuButton('Delta'));
    await user.click(screen.getByRole('menuitem', { name: 'Set priority…' }));
    const picker = await screen.findByRole('dialog', { name: 'Priority for 1 task' });
    await user.click(within(picker).getByText('Critical'));
    await waitFor(() =>
      expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk')[0]?.init)).toEqual({
        ids: ['t-3'],
        change: { priority: 'critical' },
      }),
    );

    await user.click(menuButton('Delta'));
    await user.click(screen.getByRole('menuitem', { name: 'Edit title…' }));
    const field = await screen.findByRole('textbox', { name: 'Title' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveValue('Delta');
    expect(screen.getByRole('dialog', { name: 'Title of APO-4' })).toBeInTheDocument();
    fireEvent.keyDown(field, { key: 'Escape' });
    await waitFor(() => expect(menuButton('Delta')).toHaveFocus());
  });

  it('offers a guest no picker, as the keys open none for them', async () => {
    const user = userEvent.setup();
    renderList({}, { id: 'g-1', role: 'guest' as Role });
    await screen.findByText('Alpha');
    await user.click(menuButton('Alpha'));
    expect(menuItemNames()).toEqual(['Copy']);
  });
});

describe('the task page’s menu', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  function serve() {
    let stored = pageTask;
    return routeFetch({
      'GET /api/tasks/t-1/detail': () => jsonResponse(200, makeDetail({ task: stored })),
      'PATCH /api/tasks/bulk': ({ init }) => {
        const { change } = JSON.parse(String(init?.body)) as { change: Partial<Task> };
        stored = { ...stored, ...change };
        return jsonResponse(200, { tasks: [stored], previous: [] });
      },
    });
  }

  it.each([
    [true, 'P'],
    [false, undefined],
  ])('opens the priority picker beside the property (keys: %s, key shown: %s)', async (keys, hint) => {
    const user = userEvent.setup();
    const fetchMock = serve();
    renderWithProviders(<TaskPage taskId="t-1" viewer={{ id: 'u-1', role: 'member' }} keys={keys} />, {
      route: '/tasks/t-1',
    });
    await screen.findByRole('heading', { level: 1, name: new RegExp(pageTask.title) });
    await user.click(screen.getByRole('button', { name: /Actions for/ }));
    const item = screen.getByRole('menuitem', { name: 'Set priority…' });
    if (hint) expect(item).toHaveAttribute('aria-keyshortcuts', hint);
    else expect(item).not.toHaveAttribute('aria-keyshortcuts');
    await user.click(item);
    const picker = await screen.findByRole('dialog', { name: 'Priority for 1 task' });
    await user.click(within(picker).getByText('Low'));
    await waitFor(() =>
      expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/tasks/bulk')[0]?.init)).toEqual({
        ids: ['t-1'],
        change: { priority: 'low' },
      }),
    );
    const priority = within(screen.getByRole('complementary', { name: 'Properties' })).getAllByRole(
      'combobox',
    )[1];
    await waitFor(() => expect(priority).toHaveTextContent('Low'));
  });

  it('edits the page’s own title in place from "Edit title…"', async () => {
    const user = userEvent.setup();
    serve();
    renderWithProviders(<TaskPage taskId="t-1" viewer={{ id: 'u-1', role: 'member' }} />, {
      route: '/tasks/t-1',
    });
    await screen.findByRole('heading', { level: 1, name: new RegExp(pageTask.title) });
    await user.click(screen.getByRole('button', { name: /Actions for/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit title…' }));
    const field = await screen.findByRole('textbox', { name: 'Title' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
