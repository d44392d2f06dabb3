import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../lib/toast.ts';
import {
  confirmedDelete,
  DeferredRowActionsMenu,
  type RowAction,
  RowActionsMenu,
} from './row-actions-menu.tsx';

vi.mock('../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function Harness({
  actions = [],
  onConfirm = (close: () => void) => close(),
  withConfirm = true,
}: {
  actions?: ReadonlyArray<RowAction | false>;
  onConfirm?: (close: () => void) => void;
  withConfirm?: boolean;
}) {
  return (
    <RowActionsMenu
      label="Actions for Apollo"
      actions={actions}
      confirm={
        withConfirm && {
          label: 'Delete',
          title: 'Delete thing',
          description: 'Are you sure you want to delete "Apollo"?',
          pending: false,
          onConfirm,
        }
      }
    />
  );
}

function EditDialogHarness() {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <Harness actions={[{ label: 'Edit', opensDialog: true, onSelect: () => setEditing(true) }]} />
      {editing ? <p>editing</p> : null}
    </>
  );
}

describe('RowActionsMenu', () => {
  it('lists its actions in order, skips the ones left out, and puts the confirmed one last', async () => {
    const user = userEvent.setup();
    render(
      <Harness
        actions={[
          { label: 'Edit', onSelect: () => {} },
          false,
          { label: 'Archive', onSelect: () => {}, disabled: true, separated: true },
        ]}
      />,
    );

    await user.click(screen.getByRole('button', { name: 'Actions for Apollo' }));

    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Edit',
      'Archive',
      'Delete',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Archive' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getAllByRole('separator')).toHaveLength(2);
  });

  it('runs an action when it is chosen', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Harness actions={[{ label: 'Archive', onSelect }]} withConfirm={false} />);

    await user.click(screen.getByRole('button', { name: 'Actions for Apollo' }));
    await user.click(screen.getByRole('menuitem', { name: 'Archive' }));

    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('opens a dialog action only once the menu has closed and the trigger has the focus', async () => {
    const user = userEvent.setup();
    render(<EditDialogHarness />);
    const trigger = screen.getByRole('button', { name: 'Actions for Apollo' });

    await user.click(trigger);
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));

    expect(await screen.findByText('editing')).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('asks before the destructive action, and closes when the caller says it succeeded', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn((close: () => void) => close());
    render(<Harness onConfirm={onConfirm} />);
    const trigger = screen.getByRole('button', { name: 'Actions for Apollo' });

    await user.click(trigger);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete thing' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete "Apollo"?');
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });

  it('stays open when the caller does not close it (the server refused)', async () => {
    const user = userEvent.setup();
    render(<Harness onConfirm={() => {}} />);

    await user.click(screen.getByRole('button', { name: 'Actions for Apollo' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));

    expect(screen.getByRole('alertdialog', { name: 'Delete thing' })).toBeInTheDocument();
  });
});

describe('DeferredRowActionsMenu', () => {
  function Deferred({
    onSelect = () => {},
    mounted = () => {},
  }: {
    onSelect?: () => void;
    mounted?: () => void;
  }) {
    return (
      <DeferredRowActionsMenu
        label="Actions for Apollo"
        menu={(start) => {
          mounted();
          return (
            <RowActionsMenu
              label="Actions for Apollo"
              start={start}
              actions={[{ label: 'Archive', onSelect }]}
              confirm={{
                label: 'Delete',
                title: 'Delete thing',
                description: 'Are you sure you want to delete "Apollo"?',
                pending: false,
                onConfirm: (close) => close(),
              }}
            />
          );
        }}
      />
    );
  }

  it('is the trigger alone until pressed, then opens its menu on that first press', async () => {
    const user = userEvent.setup();
    const mounted = vi.fn();
    const onSelect = vi.fn();
    render(<Deferred mounted={mounted} onSelect={onSelect} />);
    const standIn = screen.getByRole('button', { name: 'Actions for Apollo' });
    expect(standIn).toHaveAttribute('aria-haspopup', 'menu');
    expect(standIn).toHaveAttribute('aria-expanded', 'false');
    expect(mounted).not.toHaveBeenCalled();

    await user.click(standIn);

    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Archive' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('keeps the focus when tabbed to, and opens from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Deferred />);

    await user.tab();
    expect(screen.getByRole('button', { name: 'Actions for Apollo' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions for Apollo' })).toHaveFocus();
  });

  it('asks before the destructive action and gives the focus back to its trigger', async () => {
    const user = userEvent.setup();
    render(<Deferred />);

    await user.click(screen.getByRole('button', { name: 'Actions for Apollo' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await screen.findByRole('alertdialog', { name: 'Delete thing' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Actions for Apollo' })).toHaveFocus();
  });
});

describe('confirmedDelete', () => {
  const texts = { deleted: 'Deleted.', failed: 'Failed to delete', fallback: 'Something went wrong' };

  it('toasts, closes the dialog and then runs what follows, once the delete succeeds', async () => {
    vi.clearAllMocks();
    const close = vi.fn();
    const after = vi.fn();

    confirmedDelete(() => Promise.resolve(), texts, after)(close);

    await waitFor(() => expect(after).toHaveBeenCalledTimes(1));
    expect(toast.success).toHaveBeenCalledWith('Deleted.');
    expect(close).toHaveBeenCalledTimes(1);
  });

  it("keeps the dialog open and toasts the failure with the server's message or the fallback", async () => {
    vi.clearAllMocks();
    const close = vi.fn();

    confirmedDelete(() => Promise.reject(new Error('boom')), texts)(close);

    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(toast.error).toHaveBeenCalledWith('Failed to delete', { description: 'Something went wrong' });
    expect(close).not.toHaveBeenCalled();
  });
});
