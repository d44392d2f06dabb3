import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, jsonResponse, mockFetch, sentRequest } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function renderForm(defaultEmail?: string) {
  const onDone = vi.fn();
  return {
    ...renderWithProviders(<ForgotPasswordForm defaultEmail={defaultEmail} onDone={onDone} />, {
      route: '/auth',
    }),
    onDone,
  };
}

describe('ForgotPasswordForm', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('takes the focus and prefills the address it was given', async () => {
    renderForm('ada@example.com');

    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('ada@example.com');
    expect(email).toHaveAttribute('autocomplete', 'email');
    await waitFor(() => expect(email).toHaveFocus());
  });

  it("shows 'Please enter a valid email address' and sends nothing for an invalid address", async () => {
    const fetchMock = mockFetch(jsonResponse(200, {}));
    const { user, onDone } = renderForm();

    await user.type(screen.getByLabelText('Email'), 'ada.example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it("sends the address, toasts 'Email sent' and is done", async () => {
    const fetchMock = mockFetch(jsonResponse(200, { message: 'If an account exists…' }));
    const { user, onDone } = renderForm();

    await user.type(screen.getByLabelText('Email'), 'Ada@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sentRequest(fetchMock)).toEqual({
      url: '/api/auth/reset-password',
      method: 'POST',
      body: { email: 'ada@example.com' },
    });
    expect(toast.success).toHaveBeenCalledWith('Email sent', {
      description: 'Check your email for a password reset link',
    });
  });

  it("toasts 'Failed to send reset email' on failure and is done all the same", async () => {
    mockFetch(apiError(429, 'RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.'));
    const { user, onDone } = renderForm('ada@example.com');

    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Failed to send reset email' });
    expect(toast.success).not.toHaveBeenCalled();
  });
});
