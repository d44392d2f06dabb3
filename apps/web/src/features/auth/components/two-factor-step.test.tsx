import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { currentLocation, makeUser, renderWithProviders } from '../../../test/render.tsx';
import { sessionKey } from '../api/get-session.ts';
import { TwoFactorStep } from './two-factor-step.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const bodyOf = (call: { init: RequestInit | undefined } | undefined) => JSON.parse(String(call?.init?.body));

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('TwoFactorStep', () => {
  it('signs in with the code and the challenge, and goes on', async () => {
    const user = makeUser();
    const fetchMock = routeFetch({
      'POST /api/auth/login/two-factor': jsonResponse(200, { token: 't', user }),
    });
    const onExpired = vi.fn();
    const rendered = renderWithProviders(
      <TwoFactorStep challenge={{ step: 'code', token: 'ch-1' }} redirectTo="/tasks" onExpired={onExpired} />,
      { route: '/auth' },
    );
    await rendered.user.type(screen.getByLabelText('Authentication code'), '123456');
    await rendered.user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(currentLocation()).toBe('/tasks'));
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/auth/login/two-factor')[0])).toEqual({
      challenge_token: 'ch-1',
      code: '123456',
    });
    expect(rendered.queryClient.getQueryData(sessionKey)).toEqual(user);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('shows a wrong code under the field and keeps the step', async () => {
    routeFetch({
      'POST /api/auth/login/two-factor': apiError(
        400,
        'CODE_INVALID',
        'That code is not valid. Try the current code from your app, or a recovery code.',
      ),
    });
    const { user } = renderWithProviders(
      <TwoFactorStep challenge={{ step: 'code', token: 'ch-1' }} onExpired={vi.fn()} />,
    );
    await user.type(screen.getByLabelText('Authentication code'), '999999');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not valid');
  });

  it('goes back to the login form when the challenge lapsed', async () => {
    routeFetch({
      'POST /api/auth/login/two-factor': apiError(
        401,
        'CHALLENGE_EXPIRED',
        'Your sign-in took too long. Please log in again.',
      ),
    });
    const onExpired = vi.fn();
    const { user } = renderWithProviders(
      <TwoFactorStep challenge={{ step: 'code', token: 'old' }} onExpired={onExpired} />,
    );
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onExpired).toHaveBeenCalled());
    expect(toast.error).toHaveBeenCalledWith('Sign-in expired', {
      description: 'Your sign-in took too long. Please log in again.',
    });
  });

  it('enrols when required: QR code, first code, recovery codes, then signed in', async () => {
    const user = makeUser();
    routeFetch({
      'POST /api/auth/login/two-factor/setup': jsonResponse(200, {
        secret: 'JBSWY3DPEHPK3PXP',
        otpauth_url: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
      }),
      'POST /api/auth/login/two-factor/enable': jsonResponse(200, {
        token: 't',
        user,
        recovery_codes: ['aaaa-bbbb-cccc'],
      }),
    });
    const rendered = renderWithProviders(
      <TwoFactorStep challenge={{ step: 'setup', token: 'ch-2' }} onExpired={vi.fn()} />,
      {
        route: '/auth',
      },
    );
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();
    await rendered.user.type(screen.getByLabelText('Authentication code'), '123456');
    await rendered.user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getByText('aaaa-bbbb-cccc')).toBeInTheDocument();
    await rendered.user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentLocation()).toBe('/d'));
  });
});
