import { type Role, taskKeyMessages } from '@shipyard/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { shortcutHint, TASK_KEY_PLACES, type TaskKeyPlace } from '../../../lib/task-shortcuts.ts';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { menuItemNames } from '../../../test/menu.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TaskActionsMenu } from './task-actions-menu.tsx';
import { makeTask } from './test-tasks.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), undoable: vi.fn() } }));

function renderMenu({
  role = 'member' as Role,
  viewerId = 'u-1',
  task = makeTask({ title: 'Write tests' }),
  place = 'list' as TaskKeyPlace,
} = {}) {
  const onEdit = vi.fn();
  const onChangeStatus = vi.fn();
  const result = renderWithProviders(
    <TaskActionsMenu
      task={task}
      viewer={{ id: viewerId, role }}
      place={place}
      onEdit={onEdit}
      onChangeStatus={onChangeStatus}
    />,
  );
  return { ...result, onEdit, onChangeStatus, task };
}

describe('TaskActionsMenu', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it.each(TASK_KEY_PLACES)('shows on a %s the key of each item the key table binds there', async (place) => {
    const { user, unmount } = renderMenu({ place });
    await user.click(screen.getByRole('button', { name: 'Actions for Write tests' }));
    const keyed = { 'Copy link': 'copyLink', Delete: 'delete' } as const;
    for (const [name, action] of Object.entries(keyed)) {
      const hint = shortcutHint(action, place);
      const item = screen.getByRole('menuitem', { name });
      expect(hint).toBeDefined();
      expect(item).toHaveAttribute('aria-keyshortcuts', hint?.aria);
      expect(item).toHaveTextContent(`${name}${hint?.text}`);
    }
    // Delete and its Ctrl/⌘+Backspace, as the sheet lists them.
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveAttribute(
      'aria-keyshortcuts',
      'Delete Control+Backspace Meta+Backspace',
    );
    // The other items have no key in the table.
    for (const name of ['Edit', 'Copy branch name']) {
      expect(screen.getByRole('menuitem', { name })).not.toHaveAttribute('aria-keyshortcuts');
    }
    unmount();
  });

  it('offers a member Edit, the three status moves and Delete, the current status disabled', async () => {
    const { user } = renderMenu({ role: 'member' });

    await user.click(screen.getByRole('button', { name: 'Actions for Write tests' }));

    expect(menuItemNames()).toEqual([
      'Edit',
      'Mark as Pending',
      'Mark as In Progress',
      'Mark as Completed',
      'Copy link',
      'Copy branch name',
      'Delete',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Mark as Pending' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('menuitem', { name: 'Mark as Completed' })).not.toHaveAttribute('aria-disabled');
  });

  it('offers a guest only the status moves on a task assigned to them', async () => {
    const task = makeTask({ title: 'Write tests', assigneeId: 'u-9' });
    const { user } = renderMenu({ role: 'guest', viewerId: 'u-9', task });

    await user.click(screen.getByRole('button', { name: 'Actions for Write tests' }));

    expect(menuItemNames()).toEqual([
      'Mark as Pending',
      'Mark as In Progress',
      'Mark as Completed',
      'Copy link',
      'Copy branch name',
    ]);
  });

  it("offers a guest only the copy actions on someone else's task", async () => {
    const task = makeTask({ title: 'Write tests', assigneeId: 'u-2' });
    const { user } = renderMenu({ role: 'guest', viewerId: 'u-9', task });

    await user.click(screen.getByRole('button', { name: 'Actions for Write tests' }));

    expect(menuItemNames()).toEqual(['Copy link', 'Copy branch name']);
  });

  it('copies the task’s link by its key and its branch name, each with a toast', async () => {
    const task = makeTask({ title: 'Fix the double charge!', key: 'ATL-12' });
    const { user } = renderMenu({ task });
    // user-event installs its own clipboard stub: read back what the page wrote.
    await user.click(screen.getByRole('button', { name: 'Actions for Fix the double charge!' }));
    await user.click(screen.getByRole('menuitem', { name: 'Copy link' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(taskKeyMessages.linkCopied, {
        description: `${window.location.origin}/tasks/ATL-12`,
      }),
    );
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/tasks/ATL-12`);

    await user.click(screen.getByRole('button', { name: 'Actions for Fix the double charge!' }));
    await user.click(screen.getByRole('menuitem', { name: 'Copy branch name' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(taskKeyMessages.branchCopied, {
        description: 'atl-12-fix-the-double-charge',
      }),
    );
    expect(await navigator.clipboard.readText()).toBe('atl-12-fix-the-double-charge');
  });

  it('asks for the new status when a move is chosen', async () => {
    const { user, onChangeStatus, task } = renderMenu();

    await user.click(screen.getByRole('button', { name: 'Actions for Write tests' }));
    await user.click(screen.getByRole('menuitem', { name: 'Mark as In Progress' }));

    expect(onChangeStatus).toHaveBeenCalledWith(task, 'In Progress');
  });

  it('asks to edit the task once the menu has closed', async () => {
    const { user, onEdit, task } = renderMenu();

    await user.click(screen.getByRole('button', { name: 'Actions for Write tests' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));

    await waitFor(() => expect(onEdit).toHaveBeenCalledWith(task));
    expect(screen.getByRole('button', { name: 'Actions for Write tests' })).toHaveFocus();
  });

  it('deletes the task after confirmation, and its toast offers Undo, which restores it from the trash', async () => {
    const fetchMock = routeFetch({
      'DELETE /api/tasks/t-1': jsonResponse(200, { message: 'Task deleted' }),
      'POST /api/trash/task/t-1/restore': jsonResponse(200, { message: 'Restored' }),
    });
    const { user } = renderMenu();

    await user.click(screen.getByRole('button', { name: 'Actions for Write tests' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Delete task' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete "Write tests"? It goes to the trash, where whoever manages the product can restore it for 30 days.',
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(toast.undoable).toHaveBeenCalledWith(
        'Task deleted',
        expect.objectContaining({ undo: expect.any(Function) }),
      ),
    );
    expect(callsTo(fetchMock, 'DELETE', '/api/tasks/t-1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', '/api/trash/task/t-1/restore')).toHaveLength(0);
    const [, { undo }] = vi.mocked(toast.undoable).mock.calls[0] as [
      string,
      { undo: () => Promise<unknown> },
    ];
    await undo();
    expect(callsTo(fetchMock, 'POST', '/api/trash/task/t-1/restore')).toHaveLength(1);
  });

  it('sends nothing when the deletion is cancelled, and gives focus back to the menu button', async () => {
    const fetchMock = routeFetch({});
    const { user } = renderMenu();

    await user.click(screen.getByRole('button', { name: 'Actions for Write tests' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fetchMock).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Actions for Write tests' })).toHaveFocus(),
    );
  });

  it("toasts 'Failed to delete task' with the server's message and keeps the dialog open", async () => {
    routeFetch({
      'DELETE /api/tasks/t-1': apiError(
        403,
        'FORBIDDEN',
        'Guests can only change the status of tasks assigned to them.',
      ),
    });
    const { user } = renderMenu();

    await user.click(screen.getByRole('button', { name: 'Actions for Write tests' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to delete task', {
        description: 'Guests can only change the status of tasks assigned to them.',
      }),
    );
    expect(screen.getByRole('alertdialog', { name: 'Delete task' })).toBeInTheDocument();
  });
});
