import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InboxIcon, PlusIcon } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState, EmptyStateButton } from './empty-state.tsx';
import { Button } from './ui/button.tsx';

describe('EmptyState', () => {
  it('shows its text, its description and the next action', () => {
    const { container } = render(
      <EmptyState
        icon={InboxIcon}
        title="No notifications"
        description="You'll see notifications here when you receive them."
        action={<Button>Add one</Button>}
      />,
    );
    expect(container).toHaveTextContent(
      /^No notificationsYou'll see notifications here when you receive them\.Add one$/,
    );
    expect(screen.getByRole('button', { name: 'Add one' })).toBeInTheDocument();
  });

  it('hides its icon from assistive technology and needs no description', () => {
    const { container } = render(<EmptyState icon={InboxIcon} title="No products found" />);
    expect(container).toHaveTextContent(/^No products found$/);
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('offers its next action as a button that acts when pressed', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <EmptyState
        icon={InboxIcon}
        title="No tasks yet"
        action={
          <EmptyStateButton icon={PlusIcon} onClick={onClick}>
            Create Task
          </EmptyStateButton>
        }
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
