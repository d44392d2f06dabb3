import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemeProvider } from '../theme-provider.tsx';
import { Toaster } from './sonner.tsx';

function renderToaster() {
  return render(
    <ThemeProvider>
      <Toaster />
    </ThemeProvider>,
  );
}

describe('Toaster', () => {
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
  });

  it("is a region labelled 'Notifications' with its Alt+T shortcut", () => {
    renderToaster();

    expect(screen.getByRole('region', { name: 'Notifications alt+T' })).toBeInTheDocument();
  });

  it('shows toasts bottom-right, in the destructive style for errors only', async () => {
    renderToaster();

    act(() => {
      toast('Saved');
      toast.error('Error', { description: 'Name is taken' });
    });

    const saved = (await screen.findByText('Saved')).closest('[data-sonner-toast]');
    const failed = (await screen.findByText('Name is taken')).closest('[data-sonner-toast]');
    expect(failed).toHaveAttribute('data-type', 'error');
    expect(failed?.className).toContain('--normal-bg:var(--destructive)');
    expect(saved?.className ?? '').not.toContain('destructive');
    expect(saved).toHaveAttribute('data-y-position', 'bottom');
    expect(saved).toHaveAttribute('data-x-position', 'right');
  });

  it('moves focus to the toasts on Alt+T', async () => {
    const user = userEvent.setup();
    renderToaster();
    act(() => {
      toast('Saved');
    });
    await screen.findByText('Saved');

    await user.keyboard('{Alt>}t{/Alt}');

    expect(screen.getByRole('region', { name: 'Notifications alt+T' })).toContainElement(
      document.activeElement as HTMLElement,
    );
  });
});
