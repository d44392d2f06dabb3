import { authMessages } from '@shipyard/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, deferred, jsonResponse, mockFetch, sentRequest } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SignUpForm } from './sign-up-form.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function renderSignUpForm() {
  const onSignedUp = vi.fn();
  return { ...renderWithProviders(<SignUpForm onSignedUp={onSignedUp} />, { route: '/auth' }), onSignedUp };
}

type User = ReturnType<typeof renderSignUpForm>['user'];

async function fill(
  user: User,
  { name, email, password }: { name: string; email: string; password: string },
) {
  if (name) await user.type(screen.getByLabelText('Name'), name);
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
}

describe('SignUpForm', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('labels its fields and sets the autocomplete hints', () => {
    renderSignUpForm();

    expect(screen.getByLabelText('Name')).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
  });

  it('shows the spec messages for a short name, an invalid email and a short password, and sends nothing', async () => {
    const fetchMock = mockFetch(jsonResponse(201, {}));
    const { user } = renderSignUpForm();

    await fill(user, { name: 'A', email: 'ada@', password: 'abc' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not count surrounding spaces towards the name', async () => {
    const fetchMock = mockFetch(jsonResponse(201, {}));
    const { user } = renderSignUpForm();

    await fill(user, { name: ' A  ', email: 'ada@example.com', password: 'secret1' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates the account, toasts and hands the address on', async () => {
    // The server answers a new and a taken address alike (issue 13 #15): the screen cannot tell.
    const fetchMock = mockFetch(jsonResponse(201, { message: authMessages.registered }));
    const { user, onSignedUp } = renderSignUpForm();

    await fill(user, { name: 'Ada Lovelace', email: 'Ada@Example.com', password: 'secret1' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() => expect(onSignedUp).toHaveBeenCalledWith('ada@example.com'));
    expect(sentRequest(fetchMock)).toEqual({
      url: '/api/auth/register',
      method: 'POST',
      body: { name: 'Ada Lovelace', email: 'ada@example.com', password: 'secret1' },
    });
    expect(toast.success).toHaveBeenCalledWith('Account created!', {
      description: 'Verify your email to proceed.',
    });
  });

  it("toasts 'Sign Up Failed' with the server's message", async () => {
    mockFetch(apiError(429, 'RATE_LIMITED', authMessages.rateLimited));
    const { user, onSignedUp } = renderSignUpForm();

    await fill(user, { name: 'Ada Lovelace', email: 'ada@example.com', password: 'secret1' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Sign Up Failed', {
        description: authMessages.rateLimited,
      }),
    );
    expect(onSignedUp).not.toHaveBeenCalled();
  });

  it('disables the Sign Up button while the account is created', async () => {
    const answer = deferred<Response>();
    mockFetch(() => answer.promise);
    const { user, onSignedUp } = renderSignUpForm();

    await fill(user, { name: 'Ada Lovelace', email: 'ada@example.com', password: 'secret1' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeDisabled();
    answer.resolve(jsonResponse(201, { message: authMessages.registered }));
    await waitFor(() => expect(onSignedUp).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
  });
});
