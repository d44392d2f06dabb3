import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { flushSync } from 'react-dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RedirectIfSignedIn, RequireSession } from '../../../app/guards.tsx';
import { toast } from '../../../lib/toast.ts';
import { apiError, jsonResponse, mockFetch, sentRequest } from '../../../test/fetch-stubs.ts';
import {
  createTestQueryClient,
  currentLocation,
  makeUser,
  renderWithProviders,
} from '../../../test/render.tsx';
import { AuthPage } from './auth-page.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
// Which providers the server offers is SignInProviders' own call (provider-buttons.test.tsx); here it
// is answered without fetch, so each test's fetch stub sees only the calls of the forms.
const providers = vi.hoisted(() => ({ google: true, oidc: null as { label: string } | null }));
vi.mock('../api/get-providers.ts', () => ({ useAuthProviders: () => ({ data: providers }) }));

const heading = () => screen.getByRole('heading', { level: 1 });

describe('AuthPage', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    providers.google = true;
  });

  it("shows 'Welcome' with the Login tab selected, the Sign Up tab and Google sign-in", async () => {
    renderWithProviders(<AuthPage />, { route: '/auth' });

    expect(heading()).toHaveTextContent('Welcome');
    expect(screen.getByText('Sign in or create an account')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/api/auth/google',
    );
  });

  it('offers no Google sign-in when the server does not', () => {
    providers.google = false;
    renderWithProviders(<AuthPage />, { route: '/auth' });

    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it('switches to the Sign Up form', async () => {
    const { user } = renderWithProviders(<AuthPage />, { route: '/auth' });

    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));

    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
  });

  it('moves between Login and Sign Up with the arrow keys, as tabs do', async () => {
    const { user } = renderWithProviders(<AuthPage />, { route: '/auth' });

    await user.click(screen.getByRole('tab', { name: 'Login' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Sign Up');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  });

  it("shows 'Set New Password' when the address carries a reset token", async () => {
    renderWithProviders(<AuthPage />, { route: '/auth?reset_token=abc' });

    expect(heading()).toHaveTextContent('Set New Password');
    // The view's form is a chunk of its own, loaded when the view opens.
    await screen.findByLabelText('New Password');
    expect(screen.getByText('Enter your new password below')).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('keeps the reset view above the tabs and posts the token from the address', async () => {
    const fetchMock = mockFetch(jsonResponse(200, { message: 'ok' }));
    const { user } = renderWithProviders(<AuthPage />, { route: '/auth?reset_token=tok%2B1' });

    await user.type(await screen.findByLabelText('New Password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    // Done: the token leaves the address and the tabs come back.
    await waitFor(() => expect(heading()).toHaveTextContent('Welcome'));
    expect(currentLocation()).toBe('/auth');
    expect(sentRequest(fetchMock).body).toEqual({ token: 'tok+1', newPassword: 'correct horse' });
  });

  it("opens 'Reset Password' from 'Forgot password?' and returns to the tabs once the mail is sent", async () => {
    const fetchMock = mockFetch(jsonResponse(200, { message: 'ok' }));
    const { user } = renderWithProviders(<AuthPage />, { route: '/auth' });

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));

    expect(heading()).toHaveTextContent('Reset Password');
    await screen.findByRole('button', { name: 'Send Reset Link' });
    expect(screen.getByText('Enter your email to receive a reset link')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    await waitFor(() => expect(heading()).toHaveTextContent('Welcome'));
    expect(sentRequest(fetchMock).url).toBe('/api/auth/reset-password');
    expect(toast.success).toHaveBeenCalledWith('Email sent', expect.anything());
  });

  it('returns to the tabs after a failed send too', async () => {
    mockFetch(apiError(500, 'INTERNAL', 'An error occurred on the server.'));
    const { user } = renderWithProviders(<AuthPage />, { route: '/auth' });

    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    await waitFor(() => expect(heading()).toHaveTextContent('Welcome'));
    expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Failed to send reset email' });
  });

  it("leaves the forgot-password view with 'Back to Login'", async () => {
    const { user } = renderWithProviders(<AuthPage />, { route: '/auth' });

    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.click(screen.getByRole('link', { name: 'Back to Login' }));

    expect(heading()).toHaveTextContent('Welcome');
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  });

  it("opens 'Change Your Password' from a login error and changes it with the temporary token", async () => {
    const fetchMock = mockFetch(
      apiError(403, 'PASSWORD_CHANGE_REQUIRED', 'You must change your password before continuing', {
        temp_token: 'temp-123',
      }),
      jsonResponse(200, { token: 'session' }),
      // No session came with the answer here (the guards' own test covers the signed-in path).
      apiError(401, 'UNAUTHORIZED', 'Please log in to continue.'),
    );
    const { user } = renderWithProviders(<AuthPage />, { route: '/auth' });

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'temporary');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(heading()).toHaveTextContent('Change Your Password'));
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(await screen.findByLabelText('New Password')).toBeRequired();

    await user.type(screen.getByLabelText('New Password'), 'a much better one');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Password changed', expect.anything()));
    expect(sentRequest(fetchMock, 1)).toEqual({
      url: '/api/auth/force-change-password',
      method: 'PATCH',
      body: { temp_token: 'temp-123', new_password: 'a much better one' },
    });
    await waitFor(() => expect(heading()).toHaveTextContent('Welcome'));
    expect(currentLocation()).toBe('/auth');
  });

  it('returns to the tabs when the temporary token has expired', async () => {
    mockFetch(
      apiError(403, 'PASSWORD_CHANGE_REQUIRED', 'You must change your password before continuing', {
        temp_token: 'temp-123',
      }),
      apiError(401, 'TOKEN_INVALID', 'Your password change session has expired. Please log in again.'),
    );
    const { user } = renderWithProviders(<AuthPage />, { route: '/auth' });

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'temporary');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(heading()).toHaveTextContent('Change Your Password'));
    await user.type(screen.getByLabelText('New Password'), 'a much better one');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    await waitFor(() => expect(heading()).toHaveTextContent('Welcome'));
    expect(toast.error).toHaveBeenCalledWith('Password change failed', {
      description: 'Your password change session has expired. Please log in again.',
    });
  });

  it('after sign-up shows the Login tab with a prompt to verify the email, the address filled in', async () => {
    mockFetch(jsonResponse(201, { message: 'ok', user: makeUser({ email_verified: false }) }));
    const { user } = renderWithProviders(<AuthPage />, { route: '/auth' });

    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Check your inbox…');
    expect(within(notice).getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(currentLocation()).toBe('/auth');
  });

  it('sends a signed-in user on to the page the guard remembered', async () => {
    mockFetch(jsonResponse(200, { token: 't', user: makeUser() }));
    const { user } = renderWithProviders(<AuthPage />, {
      route: { pathname: '/auth', state: { from: '/products/42' } },
    });

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(currentLocation()).toBe('/products/42'));
  });

  it('ignores a remembered location outside the app', async () => {
    mockFetch(jsonResponse(200, { token: 't', user: makeUser() }));
    const { user } = renderWithProviders(<AuthPage />, {
      route: { pathname: '/auth', state: { from: '//evil.example/phish' } },
    });

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(currentLocation()).toBe('/d'));
  });

  it('with the real guards, lands on the page the visitor was turned away from, not on /d', async () => {
    const fetchMock = vi.fn<typeof fetch>(async (input) =>
      String(input) === '/api/auth/login'
        ? jsonResponse(200, { token: 't', user: makeUser() })
        : apiError(401, 'UNAUTHORIZED', 'Please log in to continue.'),
    );
    vi.stubGlobal('fetch', fetchMock);
    const router = createMemoryRouter(
      [
        { element: <RedirectIfSignedIn />, children: [{ path: '/auth', element: <AuthPage /> }] },
        {
          element: <RequireSession />,
          children: [
            { path: '/d', element: <h1>Dashboard</h1> },
            { path: '/products/:id', element: <h1>Product 42</h1> },
          ],
        },
      ],
      { initialEntries: ['/products/42'] },
    );
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        {/* As react-router/dom's RouterProvider, which the app uses, does. */}
        <RouterProvider router={router} flushSync={(fn) => void flushSync(fn)} />
      </QueryClientProvider>,
    );

    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Product 42' })).toBeInTheDocument();
    // Give the /auth guard every chance to redirect after the fact.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/products/42');
  });
});
