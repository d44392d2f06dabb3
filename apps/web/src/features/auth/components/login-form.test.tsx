import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, deferred, jsonResponse, mockFetch, sentRequest } from '../../../test/fetch-stubs.ts';
import { currentLocation, makeUser, renderWithProviders } from '../../../test/render.tsx';
import { sessionKey } from '../api/get-session.ts';
import { LoginForm } from './login-form.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function renderLoginForm(props: Partial<Parameters<typeof LoginForm>[0]> = {}) {
  const onForgotPassword = vi.fn();
  const onPasswordChangeRequired = vi.fn();
  const onTwoFactor = vi.fn();
  const rendered = renderWithProviders(
    <LoginForm
      onForgotPassword={onForgotPassword}
      onPasswordChangeRequired={onPasswordChangeRequired}
      onTwoFactor={onTwoFactor}
      {...props}
    />,
    { route: '/auth' },
  );
  return { ...rendered, onForgotPassword, onPasswordChangeRequired, onTwoFactor };
}

async function fillAndSubmit(
  user: ReturnType<typeof renderLoginForm>['user'],
  email: string,
  password: string,
) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginForm', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('labels its fields and sets the autocomplete hints', () => {
    renderLoginForm();

    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('shows the spec messages for an invalid email and a short password, and sends nothing', async () => {
    const fetchMock = mockFetch(jsonResponse(200, {}));
    const { user } = renderLoginForm();

    await fillAndSubmit(user, 'not-an-email', '12345');

    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('requires both fields when the form is submitted empty', async () => {
    const fetchMock = mockFetch(jsonResponse(200, {}));
    const { user } = renderLoginForm();

    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks nothing before the first submit', async () => {
    const { user } = renderLoginForm();

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.tab();

    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'false');
  });

  it('focuses the first field in error, then checks a field again as it is corrected', async () => {
    const fetchMock = mockFetch(jsonResponse(200, {}));
    const { user } = renderLoginForm();

    await fillAndSubmit(user, 'not-an-email', '12345');

    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-describedby', expect.stringContaining('form-item-message'));
    await user.clear(email);
    await user.type(email, 'ada@example.com');

    await waitFor(() => expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument());
    expect(email).toHaveAttribute('aria-invalid', 'false');
    // The other field keeps its message until it is corrected in turn.
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), '6');
    await waitFor(() =>
      expect(screen.queryByText('Password must be at least 6 characters')).not.toBeInTheDocument(),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs in: sends the credentials, caches the user, toasts and goes to /d', async () => {
    const ada = makeUser();
    const fetchMock = mockFetch(jsonResponse(200, { token: 't', user: ada }));
    const { user, queryClient } = renderLoginForm();

    await fillAndSubmit(user, '  Ada@Example.com ', 'secret1');

    await waitFor(() => expect(currentLocation()).toBe('/d'));
    expect(sentRequest(fetchMock)).toEqual({
      url: '/api/auth/login',
      method: 'POST',
      body: { email: 'ada@example.com', password: 'secret1' },
    });
    expect(queryClient.getQueryData(sessionKey)).toEqual(ada);
    expect(toast.success).toHaveBeenCalledWith('Welcome back!', {
      description: "You've been successfully signed in.",
    });
  });

  it('goes to the page the visitor was turned away from', async () => {
    mockFetch(jsonResponse(200, { token: 't', user: makeUser() }));
    const { user } = renderLoginForm({ redirectTo: '/products?status=planning' });

    await fillAndSubmit(user, 'ada@example.com', 'secret1');

    await waitFor(() => expect(currentLocation()).toBe('/products?status=planning'));
  });

  it('disables the Login button while signing in', async () => {
    const answer = deferred<Response>();
    mockFetch(() => answer.promise);
    const { user } = renderLoginForm();

    await fillAndSubmit(user, 'ada@example.com', 'secret1');

    const button = screen.getByRole('button', { name: 'Login' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    answer.resolve(jsonResponse(200, { token: 't', user: makeUser() }));
    await waitFor(() => expect(currentLocation()).toBe('/d'));
  });

  it('says why a login failed in the form, without a toast, and stays on the page', async () => {
    mockFetch(apiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password'));
    const { user } = renderLoginForm();

    await fillAndSubmit(user, 'ada@example.com', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
    expect(currentLocation()).toBe('/auth');
  });

  it('offers to resend the verification email when the address is not verified', async () => {
    const fetchMock = mockFetch(
      apiError(403, 'EMAIL_NOT_VERIFIED', 'Please verify your email before logging in.'),
      jsonResponse(200, { message: 'sent' }),
    );
    const { user } = renderLoginForm();

    await fillAndSubmit(user, 'Ada@example.com', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please verify your email before logging in.');
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'A new verification email is on its way to ada@example.com.',
    );
    expect(sentRequest(fetchMock, 1)).toEqual({
      url: '/api/auth/resend-verification',
      method: 'POST',
      body: { email: 'ada@example.com' },
    });
  });

  it('does not offer a resend for other failures', async () => {
    mockFetch(
      apiError(403, 'ACCOUNT_DISABLED', 'This account has been disabled. Contact your administrator.'),
    );
    const { user } = renderLoginForm();

    await fillAndSubmit(user, 'ada@example.com', 'secret1');

    expect(await screen.findByRole('alert')).toHaveTextContent('This account has been disabled.');
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).not.toBeInTheDocument();
  });

  it('hands the temporary token over when the password must be changed first', async () => {
    mockFetch(
      apiError(403, 'PASSWORD_CHANGE_REQUIRED', 'You must change your password before continuing', {
        temp_token: 'temp-123',
      }),
    );
    const { user, onPasswordChangeRequired } = renderLoginForm();

    await fillAndSubmit(user, 'ada@example.com', 'temporary');

    await waitFor(() => expect(onPasswordChangeRequired).toHaveBeenCalledWith('temp-123'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it.each([
    ['TWO_FACTOR_REQUIRED', 'code'],
    ['TWO_FACTOR_SETUP_REQUIRED', 'setup'],
  ])('hands the challenge over when the server answers %s', async (code, step) => {
    mockFetch(
      apiError(403, code, 'Enter the code from your authenticator app to finish signing in.', {
        challenge_token: 'ch-1',
      }),
    );
    const { user, onTwoFactor } = renderLoginForm();

    await fillAndSubmit(user, 'ada@example.com', 'secret1');

    await waitFor(() => expect(onTwoFactor).toHaveBeenCalledWith({ step, token: 'ch-1' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens the forgot-password view with the address typed so far', async () => {
    const { user, onForgotPassword } = renderLoginForm();

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));

    expect(onForgotPassword).toHaveBeenCalledWith('ada@example.com');
  });
});
