import { securityMessages } from '@shipyard/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, api } from '../lib/api-client.ts';
import { apiError, callsTo, jsonResponse, routeFetch } from '../test/fetch-stubs.ts';
import { renderWithProviders } from '../test/render.tsx';
import { ReauthDialogHost } from './reauth-dialog.tsx';

afterEach(() => vi.unstubAllGlobals());

/** PATCH /api/user/u1/role: refused until the session re-authenticated. */
function server({ hasPassword = true } = {}) {
  let confirmed = false;
  const fetchMock = routeFetch({
    'PATCH /api/user/u1/role': () =>
      confirmed
        ? jsonResponse(200, { id: 'u1', role: 'admin' })
        : apiError(403, 'REAUTH_REQUIRED', securityMessages.reauthRequired, { password: hasPassword }),
    'POST /api/auth/reauthenticate': ({ init }) => {
      const body = JSON.parse(String(init?.body));
      if (body.password === 'right-password' || body.code === '123456') {
        confirmed = true;
        return jsonResponse(200, { message: 'Confirmed.' });
      }
      return apiError(400, 'CURRENT_PASSWORD_WRONG', 'Current password is incorrect');
    },
  });
  return fetchMock;
}

describe('ReauthDialogHost (issue 27 #2)', () => {
  it('asks for the password when a call needs a recent sign-in, then the call goes through', async () => {
    const fetchMock = server();
    const { user } = renderWithProviders(<ReauthDialogHost />);
    const call = api.patch('/user/u1/role', { role: 'admin' });

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Current password is incorrect');

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'right-password');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(call).resolves.toEqual({ id: 'u1', role: 'admin' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', '/api/user/u1/role')).toHaveLength(2);
  });

  it('takes a two-factor code instead, and only a code for an account without a password', async () => {
    server({ hasPassword: false });
    const { user } = renderWithProviders(<ReauthDialogHost />);
    const call = api.patch('/user/u1/role', { role: 'admin' });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    expect(within(dialog).getByText(securityMessages.reauthNoPassword)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Authentication code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(call).resolves.toMatchObject({ role: 'admin' });
  });

  it('answers the refusal to the call when the person cancels', async () => {
    server();
    const { user } = renderWithProviders(<ReauthDialogHost />);
    const call = api.patch('/user/u1/role', { role: 'admin' }).catch((e: unknown) => e);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(within(dialog).getByRole('button', { name: 'Use a two-factor code instead' }));
    expect(within(dialog).getByLabelText('Authentication code')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    const error = await call;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).code).toBe('REAUTH_REQUIRED');
  });
});
