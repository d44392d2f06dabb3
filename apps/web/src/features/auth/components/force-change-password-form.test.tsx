import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, deferred, jsonResponse, mockFetch, sentRequest } from '../../../test/fetch-stubs.ts';
import { currentLocation, makeUser, renderWithProviders } from '../../../test/render.tsx';
import { sessionKey } from '../api/get-session.ts';
import { ForceChangePasswordForm } from './force-change-password-form.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function renderForm() {
  const onExpired = vi.fn();
  const rendered = renderWithProviders(
    <ForceChangePasswordForm tempToken="temp-123" onExpired={onExpired} />,
    {
      route: '/auth',
    },
  );
  return { ...rendered, onExpired };
}

describe('ForceChangePasswordForm', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('has one required New Password field, focused', async () => {
    renderForm();

    const field = screen.getByLabelText('New Password');
    expect(field).toBeRequired();
    expect(field).toHaveAttribute('autocomplete', 'new-password');
    await waitFor(() => expect(field).toHaveFocus());
  });

  it("does not submit under 8 characters and toasts 'Password must be at least 8 characters long'", async () => {
    const fetchMock = mockFetch(jsonResponse(200, {}));
    const { user } = renderForm();

    await user.type(screen.getByLabelText('New Password'), 'short12');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: 'Password must be at least 8 characters long',
      }),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not submit an empty field either', async () => {
    const fetchMock = mockFetch(jsonResponse(200, {}));
    const { user } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: 'Password must be at least 8 characters long',
      }),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reads 'Updating...' while saving, then toasts and hands the guards the new session", async () => {
    const answer = deferred<Response>();
    const signedIn = makeUser({ email: 'tom@example.com' });
    const fetchMock = mockFetch(() => answer.promise, jsonResponse(200, signedIn));
    const { user, queryClient } = renderForm();
    queryClient.setQueryData(sessionKey, null);

    await user.type(screen.getByLabelText('New Password'), 'a much better one');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(screen.getByRole('button', { name: 'Updating...' })).toBeDisabled();
    answer.resolve(jsonResponse(200, { token: 'session' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Password changed', {
        description: 'Your password has been updated successfully.',
      }),
    );
    expect(sentRequest(fetchMock)).toEqual({
      url: '/api/auth/force-change-password',
      method: 'PATCH',
      body: { temp_token: 'temp-123', new_password: 'a much better one' },
    });
    expect(sentRequest(fetchMock, 1).url).toBe('/api/user/me');
    expect(queryClient.getQueryData(sessionKey)).toEqual(signedIn);
  });

  it('goes back to /auth when the change brought no session', async () => {
    mockFetch(
      jsonResponse(200, { token: 'session' }),
      apiError(401, 'UNAUTHORIZED', 'Please log in to continue.'),
    );
    const { user, queryClient } = renderForm();
    queryClient.setQueryData(sessionKey, null);

    await user.type(screen.getByLabelText('New Password'), 'a much better one');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(currentLocation()).toBe('/auth');
    expect(queryClient.getQueryData(sessionKey)).toBeNull();
  });

  it("toasts 'Password change failed' and gives up the expired temporary token", async () => {
    mockFetch(
      apiError(401, 'TOKEN_INVALID', 'Your password change session has expired. Please log in again.'),
    );
    const { user, onExpired } = renderForm();

    await user.type(screen.getByLabelText('New Password'), 'a much better one');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Password change failed', {
        description: 'Your password change session has expired. Please log in again.',
      }),
    );
    expect(onExpired).toHaveBeenCalled();
  });

  it('keeps the temporary token when the failure is not about it', async () => {
    mockFetch(apiError(429, 'RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.'));
    const { user, onExpired } = renderForm();

    await user.type(screen.getByLabelText('New Password'), 'a much better one');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Password change failed', expect.anything()),
    );
    expect(onExpired).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeEnabled();
  });
});
