import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, jsonResponse, mockFetch, sentRequest } from '../../../test/fetch-stubs.ts';
import { currentLocation, renderWithProviders } from '../../../test/render.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function renderForm() {
  return renderWithProviders(<ResetPasswordForm token="reset-abc" />, {
    route: '/auth?reset_token=reset-abc',
  });
}

describe('ResetPasswordForm', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('labels both fields as new passwords and takes the focus', async () => {
    renderForm();

    expect(screen.getByLabelText('New Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('autocomplete', 'new-password');
    await waitFor(() => expect(screen.getByLabelText('New Password')).toHaveFocus());
  });

  it("shows 'Password must be at least 8 characters' and sends nothing for a short password", async () => {
    const fetchMock = mockFetch(jsonResponse(200, {}));
    const { user } = renderForm();

    await user.type(screen.getByLabelText('New Password'), '1234567');
    await user.type(screen.getByLabelText('Confirm Password'), '1234567');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows "Passwords don\'t match" on the confirmation field and sends nothing', async () => {
    const fetchMock = mockFetch(jsonResponse(200, {}));
    const { user } = renderForm();

    await user.type(screen.getByLabelText('New Password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm Password'), 'correct hors');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('New Password')).toHaveAttribute('aria-invalid', 'false');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the token and the new password, toasts and goes back to /auth', async () => {
    const fetchMock = mockFetch(jsonResponse(200, { message: 'ok' }));
    const { user } = renderForm();

    await user.type(screen.getByLabelText('New Password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    await waitFor(() => expect(currentLocation()).toBe('/auth'));
    expect(sentRequest(fetchMock)).toEqual({
      url: '/api/auth/reset-password/confirm',
      method: 'POST',
      body: { token: 'reset-abc', newPassword: 'correct horse' },
    });
    expect(toast.success).toHaveBeenCalledWith('Password reset', {
      description: 'Your password has been updated successfully',
    });
  });

  it("toasts 'Error' with the server's message and stays when the link is no longer valid", async () => {
    mockFetch(apiError(400, 'TOKEN_INVALID', 'This reset link is invalid or has expired.'));
    const { user } = renderForm();

    await user.type(screen.getByLabelText('New Password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: 'This reset link is invalid or has expired.',
      }),
    );
    expect(currentLocation()).toBe('/auth?reset_token=reset-abc');
  });
});
