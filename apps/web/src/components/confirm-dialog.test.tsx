import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Button } from './ui/button.tsx';

const texts = {
  title: 'Delete thing?',
  description: 'This action cannot be undone.',
  confirmLabel: 'Delete',
  pendingLabel: 'Deleting...',
} as const;

/** A dialog opened by its trigger, its open state held by the caller as the features do. */
function WithTrigger({
  pending = false,
  onConfirm = () => {},
}: {
  pending?: boolean;
  onConfirm?: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button>Delete thing</Button>}
      {...texts}
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}

describe('ConfirmDialog', () => {
  it('opens from its trigger, closes on Cancel, and gives the focus back to the trigger', async () => {
    const user = userEvent.setup();
    render(<WithTrigger />);
    const trigger = screen.getByRole('button', { name: 'Delete thing' });

    await user.click(trigger);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete thing?' });
    expect(dialog).toHaveTextContent('This action cannot be undone.');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('stays open after the action, which the caller answers', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<WithTrigger onConfirm={onConfirm} />);

    await user.click(screen.getByRole('button', { name: 'Delete thing' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));

    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('cannot be dismissed while its action is pending', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        trigger={<Button>Delete thing</Button>}
        {...texts}
        pending
        onConfirm={() => {}}
      />,
    );

    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');

    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('without a trigger, only reports being dismissed', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(
      <ConfirmDialog open onOpenChange={onOpenChange} {...texts} pending={false} onConfirm={() => {}} />,
    );
    expect(screen.queryByRole('button', { name: 'Delete thing' })).not.toBeInTheDocument();

    await user.keyboard('{Escape}');

    expect(onOpenChange).toHaveBeenCalledExactlyOnceWith(false);
  });
});
