import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, jsonResponse, mockFetch } from '../../../test/fetch-stubs.ts';
import { makeUser, renderWithProviders } from '../../../test/render.tsx';
import { ProfilePage } from './profile-page.tsx';
import { userInitial } from './user-avatar.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function renderPage(user = makeUser()) {
  const onUserUpdated = vi.fn();
  const onSignedOut = vi.fn();
  const rendered = renderWithProviders(
    <ProfilePage user={user} onUserUpdated={onUserUpdated} onSignedOut={onSignedOut} />,
    { route: '/profile' },
  );
  return { ...rendered, onUserUpdated, onSignedOut };
}

describe('ProfilePage', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('shows a spinner while the profile loads', () => {
    renderWithProviders(<ProfilePage user={undefined} onUserUpdated={vi.fn()} onSignedOut={vi.fn()} />);

    expect(screen.getByRole('heading', { name: 'Profile Settings' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading profile' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  });

  it('shows the avatar, the Personal Information form and the Danger Zone', () => {
    renderPage();

    expect(screen.getByRole('heading', { name: 'Profile Settings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Avatar' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Personal Information' })).toBeInTheDocument();
    expect(screen.getByText('Your email cannot be changed.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Danger Zone' })).toBeInTheDocument();
  });

  it('signs out: ends the session, says so, and hands over to go to /auth', async () => {
    const fetchMock = mockFetch(jsonResponse(200, { message: "You've been signed out." }));
    const { user, onSignedOut } = renderPage();

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    await waitFor(() => expect(onSignedOut).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/signout');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(toast.success).toHaveBeenCalledWith('Signed out', { description: "You've been signed out." });
  });

  it("says 'Sign out failed' and stays when the server refuses", async () => {
    mockFetch(apiError(500, 'INTERNAL', 'An error occurred on the server.'));
    const { user, onSignedOut } = renderPage();

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Sign out failed'));
    expect(onSignedOut).not.toHaveBeenCalled();
  });
});

describe('userInitial', () => {
  it('takes the first letter of the full name, else of the email, else U', () => {
    expect(userInitial({ full_name: 'grace Hopper', email: 'g@example.com' })).toBe('G');
    expect(userInitial({ full_name: '  ', email: 'zed@example.com' })).toBe('Z');
    expect(userInitial({ full_name: '', email: '' })).toBe('U');
    expect(userInitial(undefined)).toBe('U');
  });
});
