import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button, buttonVariants } from './button.tsx';

describe('Button', () => {
  it('does not submit a form unless asked to', () => {
    render(
      <>
        <Button>Cancel</Button>
        <Button type="submit">Save</Button>
      </>,
    );

    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveAttribute('type', 'button');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'submit');
  });

  it('renders its child with the button classes when asChild is set', () => {
    render(
      <Button asChild variant="outline" className="w-full">
        <a href="/auth">Log In</a>
      </Button>,
    );

    const link = screen.getByRole('link', { name: 'Log In' });
    expect(link).not.toHaveAttribute('type');
    expect(link).toHaveAttribute('data-slot', 'button');
    expect(link).toHaveClass('border', 'w-full');
  });

  it("lets a caller's class override the variant's", () => {
    expect(buttonVariants({ size: 'sm', className: 'h-10' }).split(' ')).not.toContain('h-8');
  });
});

describe('Button pending', () => {
  it('is disabled and busy, and shows a spinner before its label, while a call is in flight', () => {
    const { rerender } = render(<Button pending>Save Changes</Button>);
    const button = screen.getByRole('button', { name: /Save Changes/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(within(button).getByRole('status', { hidden: true })).toBeInTheDocument();

    rerender(<Button pending={false}>Save Changes</Button>);
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
    expect(within(button).queryByRole('status', { hidden: true })).not.toBeInTheDocument();
  });
});
