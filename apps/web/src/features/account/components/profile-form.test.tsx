import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, deferred, jsonResponse, mockFetch, sentRequest } from '../../../test/fetch-stubs.ts';
import { makeUser, renderWithProviders } from '../../../test/render.tsx';
import { ProfileForm } from './profile-form.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function renderForm(overrides: Parameters<typeof makeUser>[0] = {}) {
  const onUpdated = vi.fn();
  const rendered = renderWithProviders(
    <ProfileForm user={makeUser({ username: 'ada', ...overrides })} onUpdated={onUpdated} />,
  );
  return { ...rendered, onUpdated };
}

describe('ProfileForm', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('shows the email read-only with its note, and the current username and full name', () => {
    renderForm();

    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('ada@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription('Your email cannot be changed.');
    expect(screen.getByLabelText('Username')).toHaveValue('ada');
    expect(screen.getByLabelText('Full Name')).toHaveValue('Ada Lovelace');
  });

  it('shows the validation messages and sends nothing', async () => {
    const fetchMock = mockFetch(jsonResponse(200, makeUser()));
    const { user } = renderForm();

    await user.clear(screen.getByLabelText('Full Name'));
    await user.type(screen.getByLabelText('Full Name'), 'A');
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'ada lovelace');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(
      screen.getByText('Username may contain letters, numbers, dots, dashes and underscores'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the trimmed username and full name, shows 'Saving...', then reports the update", async () => {
    const answer = deferred<Response>();
    const updated = makeUser({ username: 'countess', full_name: 'Ada King' });
    const fetchMock = mockFetch(() => answer.promise);
    const { user, onUpdated } = renderForm();

    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), ' countess ');
    await user.clear(screen.getByLabelText('Full Name'));
    await user.type(screen.getByLabelText('Full Name'), 'Ada King');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('button', { name: /Saving\.\.\./ })).toBeDisabled();
    expect(sentRequest(fetchMock)).toEqual({
      url: '/api/auth/profile',
      method: 'PATCH',
      body: { username: 'countess', full_name: 'Ada King' },
    });

    answer.resolve(jsonResponse(200, updated));

    await waitFor(() => expect(onUpdated).toHaveBeenCalledWith(updated));
    expect(toast.success).toHaveBeenCalledWith('Profile updated', {
      description: 'Your profile has been successfully updated.',
    });
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });

  it('clears the username when the field is emptied', async () => {
    const fetchMock = mockFetch(jsonResponse(200, makeUser()));
    const { user } = renderForm();

    await user.clear(screen.getByLabelText('Username'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentRequest(fetchMock).body).toEqual({ username: null, full_name: 'Ada Lovelace' });
  });

  it('puts a taken username back on the Username field, without a toast', async () => {
    mockFetch(apiError(409, 'USERNAME_TAKEN', 'That username is already taken'));
    const { user, onUpdated } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('That username is already taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(toast.error).not.toHaveBeenCalled();
    expect(onUpdated).not.toHaveBeenCalled();
  });

  it("puts the server's field errors on their fields", async () => {
    mockFetch(
      apiError(400, 'VALIDATION_ERROR', 'Name must be at least 2 characters', {
        fields: { full_name: ['Name must be at least 2 characters'] },
      }),
    );
    const { user } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toHaveAttribute('aria-invalid', 'true');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("says 'Update failed' with the server's message", async () => {
    mockFetch(apiError(500, 'INTERNAL', 'An error occurred on the server.'));
    const { user } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Update failed', {
        description: 'An error occurred on the server.',
      }),
    );
  });

  it("says 'Update failed' with the spec's fallback when the answer has no message", async () => {
    mockFetch(
      new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    );
    const { user } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Update failed', {
        description: 'There was an error updating your profile.',
      }),
    );
  });
});
