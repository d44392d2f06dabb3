import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../lib/api-client.ts';
import { ErrorState } from './error-state.tsx';

const serverError = new ApiRequestError('Database unavailable', {
  status: 503,
  body: { error: 'Service Unavailable', message: 'Database unavailable', code: 'UNAVAILABLE' },
});

describe('ErrorState', () => {
  it('says what failed and why, as an alert', () => {
    render(<ErrorState title="Failed to load tasks" error={serverError} onRetry={() => {}} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to load tasks');
    expect(alert).toHaveTextContent('Database unavailable');
  });

  it("shows the error's text alone when there is no title", () => {
    render(<ErrorState error={new Error('Something broke')} onRetry={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Something brokeTry again$/);
  });

  it('tries again when "Try again" is pressed', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<ErrorState title="Failed to load" error={serverError} onRetry={onRetry} />);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('cannot be retried again while a retry runs', () => {
    render(<ErrorState title="Failed to load" error={serverError} onRetry={() => {}} retrying />);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();
  });

  it('shows only the title on one line in the inline variant', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<ErrorState variant="inline" title="Failed to load more tasks" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Failed to load more tasksTry again$/);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
