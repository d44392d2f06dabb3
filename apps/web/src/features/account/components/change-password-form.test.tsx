import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, jsonResponse, mockFetch, sentRequest } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

async function fill(
  user: ReturnType<typeof renderWithProviders>['user'],
  current: string,
  next: string,
  confirm: string,
) {
  await user.type(screen.getByLabelText('Current Password'), current);
  await user.type(screen.getByLabelText('New Password'), next);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Update Password' }));
}

describe('ChangePasswordForm', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('labels three password fields with the right autocomplete hints', () => {
    renderWithProviders(<ChangePasswordForm />);

    expect(screen.getByLabelText('Current Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('New Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('autocomplete', 'new-password');
  });

  it('says the confirmation does not match and sends nothing', async () => {
    const fetchMock = mockFetch(jsonResponse(200, { message: 'ok' }));
    const { user } = renderWithProviders(<ChangePasswordForm />);

    await fill(user, 'old-secret', 'new-secret-1', 'new-secret-2');

    expect(await screen.findByText('New password and confirmation do not match.')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for at least 8 characters and sends nothing', async () => {
    const fetchMock = mockFetch(jsonResponse(200, { message: 'ok' }));
    const { user } = renderWithProviders(<ChangePasswordForm />);

    await fill(user, 'old-secret', 'short', 'short');

    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the three fields, reports the change and empties the form', async () => {
    const fetchMock = mockFetch(
      jsonResponse(200, { message: 'Your password has been updated successfully.' }),
    );
    const { user } = renderWithProviders(<ChangePasswordForm />);

    await fill(user, 'old-secret', 'new-secret-1', 'new-secret-1');

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Password updated', {
        description: 'Your password has been changed successfully.',
      }),
    );
    expect(sentRequest(fetchMock)).toEqual({
      url: '/api/auth/change-password',
      method: 'PATCH',
      body: { currentPassword: 'old-secret', newPassword: 'new-secret-1', confirmPassword: 'new-secret-1' },
    });
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });

  it('puts a wrong current password on its field', async () => {
    mockFetch(
      apiError(400, 'CURRENT_PASSWORD_WRONG', 'Current password is incorrect', {
        fields: { currentPassword: ['Current password is incorrect'] },
      }),
    );
    const { user } = renderWithProviders(<ChangePasswordForm />);

    await fill(user, 'wrong-one', 'new-secret-1', 'new-secret-1');

    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(screen.getByLabelText('Current Password')).toHaveAttribute('aria-invalid', 'true');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("says 'Failed to change password' with the message otherwise", async () => {
    mockFetch(apiError(429, 'RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.'));
    const { user } = renderWithProviders(<ChangePasswordForm />);

    await fill(user, 'old-secret', 'new-secret-1', 'new-secret-1');

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to change password', {
        description: 'Too many attempts. Please wait a minute and try again.',
      }),
    );
  });
});
