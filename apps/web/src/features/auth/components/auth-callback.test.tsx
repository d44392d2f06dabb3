import { securityMessages } from '@shipyard/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, jsonResponse, mockFetch } from '../../../test/fetch-stubs.ts';
import { createTestQueryClient, makeUser } from '../../../test/render.tsx';
import { sessionKey } from '../api/get-session.ts';
import { AuthCallback } from './auth-callback.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// StrictMode runs the effect twice: the outcome must still be reported once.
function renderCallback(url: string) {
  const queryClient = createTestQueryClient();
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/auth/callback" element={<AuthCallback />} />
            <Route path="/auth" element={<h1>Auth screen</h1>} />
            <Route path="/" element={<h1>Home screen</h1>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  return { queryClient };
}

describe('AuthCallback', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it("shows 'Authenticating...', then toasts success and goes to /", async () => {
    const ada = makeUser();
    const fetchMock = mockFetch(jsonResponse(200, ada));
    const { queryClient } = renderCallback('/auth/callback');

    expect(screen.getByRole('status')).toHaveTextContent('Authenticating...');

    expect(await screen.findByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith('Authentication successful', {
      description: 'You have been successfully logged in',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user/me');
    expect(queryClient.getQueryData(sessionKey)).toEqual(ada);
  });

  it("toasts 'Authentication failed' with the text of the server's error code and goes to /auth, asking nothing", async () => {
    const fetchMock = mockFetch(jsonResponse(200, makeUser()));
    renderCallback('/auth/callback?error=ACCOUNT_DISABLED');

    expect(await screen.findByRole('heading', { name: 'Auth screen' })).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith('Authentication failed', {
      description: 'This account has been disabled. Contact your administrator.',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['a sentence someone wrote into the link', 'Your account is locked. Call +1 555 0100 now.'],
    ['an unknown code', 'SOMETHING_ELSE'],
    ['an inherited property name', 'constructor'],
    ['an empty value', ''],
  ])('shows the generic text, never the URL, for %s', async (_what, error) => {
    mockFetch(jsonResponse(200, makeUser()));
    renderCallback(`/auth/callback?error=${encodeURIComponent(error)}`);

    expect(await screen.findByRole('heading', { name: 'Auth screen' })).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith('Authentication failed', {
      description: 'Google sign-in failed. Please try again.',
    });
  });

  it.each([
    ['GOOGLE_NOT_CONFIGURED', 'Google sign-in is not configured on this server.'],
    ['GOOGLE_STATE', 'Google sign-in failed. Please try again.'],
    ['GOOGLE_DENIED', 'Google sign-in failed. Please try again.'],
    ['OIDC_FAILED', 'Single sign-on failed. Please try again.'],
    [
      'OIDC_EMAIL_UNVERIFIED',
      'Your email address is not verified at the sign-in provider, so it cannot be linked to an existing account.',
    ],
    // Issue 27 #13: an existing account is linked from Settings, and a linked one never re-linked.
    ['OIDC_LINK_REQUIRED', securityMessages.ssoLinkRequired],
    ['OIDC_ALREADY_LINKED', securityMessages.ssoAlreadyLinked],
    ['GOOGLE_ALREADY_LINKED', securityMessages.googleAlreadyLinked],
  ])('maps %s to its text', async (code, text) => {
    mockFetch(jsonResponse(200, makeUser()));
    renderCallback(`/auth/callback?error=${code}`);
    expect(await screen.findByRole('heading', { name: 'Auth screen' })).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Authentication failed', { description: text });
  });

  it("toasts 'Authentication failed' when the round trip left no session", async () => {
    mockFetch(apiError(401, 'UNAUTHORIZED', 'Please log in to continue.'));
    renderCallback('/auth/callback');

    expect(await screen.findByRole('heading', { name: 'Auth screen' })).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Authentication failed', {
      description: 'Google sign-in failed. Please try again.',
    });
  });

  it("toasts 'Authentication failed' with the message of any other refusal", async () => {
    mockFetch(
      apiError(403, 'ACCOUNT_DISABLED', 'This account has been disabled. Contact your administrator.'),
    );
    renderCallback('/auth/callback');

    expect(await screen.findByRole('heading', { name: 'Auth screen' })).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Authentication failed', {
      description: 'This account has been disabled. Contact your administrator.',
    });
  });

  it("toasts 'Authentication error' for a server failure and goes to /auth", async () => {
    mockFetch(apiError(500, 'INTERNAL', 'An error occurred on the server.'));
    renderCallback('/auth/callback');

    expect(await screen.findByRole('heading', { name: 'Auth screen' })).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith('Authentication error', {
      description: 'An unexpected error occurred during login',
    });
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("toasts 'Authentication error' when no answer arrives", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderCallback('/auth/callback');

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Authentication error', {
        description: 'An unexpected error occurred during login',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Auth screen' })).toBeInTheDocument();
  });
});
