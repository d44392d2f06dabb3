import { type Role, taskKeyMessages } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  shortcutHint,
  TASK_ACTION_SHORTCUTS,
  TASK_KEY_PLACES,
  type TaskKeyPlace,
} from '../../../lib/task-shortcuts.ts';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { everyMenuItem, menuItemNames, openSubmenu } from '../../../test/menu.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TaskActionsMenu } from './task-actions-menu.tsx';
import { TaskKeyboardProvider, type TaskKeyLayout } from './task-keyboard.tsx';
import { makeTask } from './test-tasks.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), undoable: vi.fn() } }));

/** The keys' provider of each place, around the menu as its list, board or page puts it. */
function layoutOf(place: TaskKeyPlace, task: ReturnType<typeof makeTask>): TaskKeyLayout {
  if (place === 'list') return { kind: 'list' };
  if (place === 'board') return { kind: 'board', lanes: [[[task]]] };
  return {
    kind: 'page',
    root: { current: null },
    anchorOf: () => null,
    editTitle: () => {},
    leave: () => {},
  };
}

function renderMenu({
  role = 'member' as Role,
  viewerId = 'u-1',
  task = makeTask({ title: 'Write tests' }),
  place = 'list' as TaskKeyPlace,
  // Where the menu is: inside the keys' provider of its list, board or page; alone without it.
  keys = true,
} = {}) {
  const onEdit = vi.fn();
  const onChangeStatus = vi.fn();
  const viewer = { id: viewerId, role };
  const menu = (
    <TaskActionsMenu
      task={task}
      viewer={viewer}
      place={place}
      onEdit={onEdit}
      onChangeStatus={onChangeStatus}
    />
  );
  const result = renderWithProviders(
    keys ? (
      <TaskKeyboardProvider tasks={[task]} viewer={viewer} layout={layoutOf(place, task)}>
        {menu}
      </TaskKeyboardProvider>
    ) : (
      menu
    ),
  );
  return { ...result, onEdit, onChangeStatus, task };
}

describe('TaskActionsMenu', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it.each(TASK_KEY_PLACES)(
    'has an item for every action key of a %s, with that key beside it',
    async (place) => {
      const { user, unmount } = renderMenu({ place });
      await user.click(screen.getByRole('button', { name: 'Actions for Write tests' }));
      // The submenus' items too (Copy link, Copy key).
      const items = await everyMenuItem(user);
      // Read from the table: each action that acts on tasks there has one item showing its key.
      for (const { action } of TASK_ACTION_SHORTCUTS) {
        const hint = shortcutHint(action, place);
        expect(hint, action).toBeDefined();
        const keyed = items.filter((item) => item.getAttribute('aria-keyshortcuts') === hint?.aria);
        expect(keyed, action).toHaveLength(1);
        expect(keyed[0]).toHaveTextContent(hint?.text ?? '');
      }
      // No item shows a key the table does not bind there.
      expect(items.filter((item) => item.hasAttribute('aria-keyshortcuts'))).toHaveLength(
        TASK_ACTION_SHORTCUTS.length,
      );
      // Labels: l on lists and the page, Shift L on a board (l is its next column).
      expect(screen.getByRole('menuitem', { name: 'Labels…' })).toHaveAttribute(
        'aria-keyshortcuts',
        place === 'board' ? 'Shift+L' : 'L Shift+L',
      );
      // Delete and its Ctrl/⌘+Backspace, as the sheet lists them.
      expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveAttribute(
        'aria-keyshortcuts',
        'Delete Control+Backspace Meta+Backspace',
      );
      // The other items have no key in the table.
      const unkeyed = [
        'Edit',
        'Mark as Pending',
        'Mark as In Progress',
        'Mark as Completed',
        'Copy branch name',
      ];
      for (const name of unkeyed) {
        expect(items.find((item) => item.textContent === name)).not.toHaveAttribute('aria-keyshortcuts');
      }
      unmount();
    },
  );

  it('offers a member every action in groups, the current status and Assign to me on their own task disabled', async () => {
    const { user } = renderMenu({
      role: 'member',
      task: makeTask({ title: 'Write tests', assigneeId: 'u-1' }),
    });

    await user.click(screen.getByRole('button', { name: 'Actions for Write tests' }));

    // The spec's row menu (§2.11) as it is, top level and in its order, the keys' items beside it.
    expect(menuItemNames()).toEqual([
      'Edit',
      'Edit title…',
      'Mark as Pending',
      'Mark as In Progress',
      'Mark as Completed',
      'Change status…',
      'Assign to…',
      'Assign to me',
      'Labels…',
      'Set priority…',
      'Set due date…',
      'Move to…',
      'Copy',
      'Delete',
    ]);
    expect(screen.getAllByRole('separator')).toHaveLength(4);
    expect(screen.getByRole('menuitem', { name: 'Assign to me' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('menuitem', { name: 'Mark as Pending' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('menuitem', { name: 'Mark as Completed' })).not.toHaveAttribute('aria-disabled');
    // No product's own state here: no Other states.
    expect(screen.queryByRole('menuitem', { name: 'Other states' })).not.toBeInTheDocument();
    await openSubmenu(user, 'Copy');
    expect(
      within(screen.getByRole('menu', { name: 'Copy' }))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Copy linkCtrl/⌘ C', 'Copy keyCtrl/⌘ Shift C', 'Copy branch name']);
  });

  it('offers a guest only the status moves on a task assigned to them', async () => {
    const task = makeTask({ title: 'Write tests', assigneeId: 'u-9' });
    const { user } = renderMenu({ role: 'guest', viewerId: 'u-9', task });

    await user.click(screen.getByRole('button', { name: 'Actions for Write tests' }));

    // No picker: the keys open none for a guest either.
    expect(menuItemNames()).toEqual(['Mark as Pending', 'Mark as In Progress', 'Mark as Completed', 'Copy']);
  });

  it("offers a guest only the copy actions on someone else's task", async () => {
    const task = makeTask({ title: 'Write tests', assigneeId: 'u-2' });
    const { user } = renderMenu({ role: 'guest', viewerId: 'u-9', task });

    await user.click(screen.getByRole('button', { name: 'Actions for Write tests' }));

    expect(menuItemNames()).toEqual(['Copy']);
    await openSubmenu(user, 'Copy');
    expect(menuItemNames()).toEqual(['Copy', 'Copy link', 'Copy key', 'Copy branch name']);
  });

  it('offers no picker where no list, board or page provides them, and no key where none acts', async () => {
    const { user } = renderMenu({ keys: false });
    await user.click(screen.getByRole('button', { name: 'Actions for Write tests' }));
    expect(menuItemNames()).toEqual([
      'Edit',
      'Mark as Pending',
      'Mark as In Progress',
      'Mark as Completed',
      'Copy',
      'Delete',
    ]);
  });

  it('copies the task’s link by its key, its branch name and its key, each with a toast', async () => {
    const task = makeTask({ title: 'Fix the double charge!', key: 'ATL-12' });
    const { user } = renderMenu({ task });
    // user-event installs its own clipboard stub: read back what the page wrote.
    await user.click(screen.getByRole('button', { name: 'Actions for Fix the double charge!' }));
    await openSubmenu(user, 'Copy');
    await user.click(screen.getByRole('menuitem', { name: 'Copy link' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(taskKeyMessages.linkCopied, {
        description: `${window.location.origin}/tasks/ATL-12`,
      }),
    );
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/tasks/ATL-12`);

    await user.click(screen.getByRole('button', { name: 'Actions for Fix the double charge!' }));
    await openSubmenu(user, 'Copy');
    await user.click(screen.getByRole('menuitem', { name: 'Copy branch name' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(taskKeyMessages.branchCopied, {
        description: 'atl-12-fix-the-double-charge',
      }),
    );
    expect(await navigator.clipboard.readText()).toBe('atl-12-fix-the-double-charge');

    await user.click(screen.getByRole('button', { name: 'Actions for Fix the double charge!' }));
    await openSubmenu(user, 'Copy');
    await user.click(screen.getByRole('menuitem', { name: 'Copy key' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(taskKeyMessages.keyCopied, { description: 'ATL-12' }),
    );
    expect(await navigator.clipboard.readText()).toBe('ATL-12');
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
