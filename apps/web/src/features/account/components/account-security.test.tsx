import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ApiTokensCard } from './api-tokens-card.tsx';
import { SessionsCard } from './sessions-card.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const bodyOf = (call: { init: RequestInit | undefined } | undefined) => JSON.parse(String(call?.init?.body));
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/Shipyard:a%40b.c?secret=JBSWY3DPEHPK3PXP',
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jk${i}m`);

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('TwoFactorCard', () => {
  it('sets up with a QR code and the first code, then shows the recovery codes once', async () => {
    let enabled = false;
    const fetchMock = routeFetch({
      'GET /api/auth/two-factor': () =>
        jsonResponse(200, { enabled, required: false, recovery_codes_left: enabled ? 10 : 0 }),
      'POST /api/auth/two-factor/setup': jsonResponse(200, SETUP),
      'POST /api/auth/two-factor/enable': ({ init }) => {
        if (JSON.parse(String(init?.body)).code !== '123456')
          return apiError(
            400,
            'CODE_INVALID',
            'That code is not valid. Try the current code from your app, or a recovery code.',
          );
        enabled = true;
        return jsonResponse(200, { recovery_codes: CODES });
      },
    });
    const { user } = renderWithProviders(<TwoFactorCard />);
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));

    const dialog = await screen.findByRole('dialog', { name: 'Set up two-factor sign-in' });
    expect(
      await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(callsTo(fetchMock, 'POST', '/api/auth/two-factor/setup')).toHaveLength(1);

    await user.type(within(dialog).getByLabelText('Authentication code'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That code is not valid');

    await user.clear(within(dialog).getByLabelText('Authentication code'));
    await user.type(within(dialog).getByLabelText('Authentication code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on two-factor sign-in' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/auth/two-factor/enable').at(-1))).toEqual({
      code: '123456',
    });

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('10 of 10 recovery codes left.')).toBeInTheDocument();
  });

  it('turns off with a code', async () => {
    const fetchMock = routeFetch({
      'GET /api/auth/two-factor': jsonResponse(200, {
        enabled: true,
        required: false,
        recovery_codes_left: 7,
      }),
      'POST /api/auth/two-factor/disable': jsonResponse(200, { message: 'Two-factor sign-in is off.' }),
    });
    const { user } = renderWithProviders(<TwoFactorCard />);
    expect(await screen.findByText('7 of 10 recovery codes left.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await user.type(await screen.findByLabelText('Code or recovery code'), 'abcd-efgh-jkmn');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Two-factor sign-in is off'));
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/auth/two-factor/disable')[0])).toEqual({
      code: 'abcd-efgh-jkmn',
    });
  });

  it('says so when an admin requires it', async () => {
    routeFetch({
      'GET /api/auth/two-factor': jsonResponse(200, {
        enabled: false,
        required: true,
        recovery_codes_left: 0,
      }),
    });
    renderWithProviders(<TwoFactorCard />);
    expect(await screen.findByText(/Your organisation requires two-factor sign-in/)).toBeInTheDocument();
  });
});

describe('SessionsCard', () => {
  const sessions = [
    {
      id: 's1',
      browser: 'Chrome on Linux',
      ip: '10.0.0.1',
      created_at: '2026-03-01T10:00:00Z',
      last_seen_at: '2026-03-02T10:00:00Z',
      current: true,
    },
    {
      id: 's2',
      browser: 'Firefox on Windows',
      ip: '10.0.0.2',
      created_at: '2026-02-01T10:00:00Z',
      last_seen_at: '2026-02-02T10:00:00Z',
      current: false,
    },
  ];

  it('lists the sessions, marks this browser, and ends another one or all others', async () => {
    const fetchMock = routeFetch({
      'GET /api/auth/sessions': jsonResponse(200, { data: sessions }),
      'DELETE /api/auth/sessions/s2': jsonResponse(200, { message: 'Session ended.' }),
      'DELETE /api/auth/sessions': jsonResponse(200, { message: '1 other session ended.' }),
    });
    const { user } = renderWithProviders(<SessionsCard />);
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const [mine, other] = within(list).getAllByRole('listitem');
    expect(mine).toHaveTextContent('Chrome on Linux');
    expect(mine).toHaveTextContent('This browser');
    expect(within(mine as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(other).toHaveTextContent('10.0.0.2');

    await user.click(screen.getByRole('button', { name: 'Sign out Firefox on Windows' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/auth/sessions/s2')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Sign out other sessions' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('1 other session ended.'));
  });
});

describe('ApiTokensCard', () => {
  it('creates a token with a name, access and expiry, and shows it once', async () => {
    const fetchMock = routeFetch({
      'GET /api/auth/tokens': jsonResponse(200, { data: [] }),
      'POST /api/auth/tokens': jsonResponse(201, {
        token: 'sy_pat_secret-value',
        api_token: {
          id: 't1',
          name: 'CI',
          scope: 'write',
          created_at: '2026-03-01T00:00:00Z',
          expires_at: '2026-05-30T00:00:00Z',
          last_used_at: null,
          last_used_ip: null,
        },
      }),
    });
    const { user } = renderWithProviders(<ApiTokensCard />);
    expect(await screen.findByText('No API tokens')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API token' });
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Name is required');

    await user.type(within(dialog).getByLabelText('Name'), 'CI');
    await user.selectOptions(within(dialog).getByLabelText('Access'), 'write');
    await user.selectOptions(within(dialog).getByLabelText('Expires after'), '90');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await screen.findByTestId('new-api-token')).toHaveTextContent('sy_pat_secret-value');
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/auth/tokens')[0])).toEqual({
      name: 'CI',
      scope: 'write',
      expires_in_days: 90,
    });
  });

  it('lists tokens with their last use and revokes one once confirmed', async () => {
    const fetchMock = routeFetch({
      'GET /api/auth/tokens': jsonResponse(200, {
        data: [
          {
            id: 't1',
            name: 'Reporter',
            scope: 'read',
            created_at: '2026-03-01T00:00:00Z',
            expires_at: '2026-03-31T00:00:00Z',
            last_used_at: null,
            last_used_ip: null,
          },
        ],
      }),
      'DELETE /api/auth/tokens/t1': jsonResponse(200, { message: 'API token revoked.' }),
    });
    const { user } = renderWithProviders(<ApiTokensCard />);
    const list = await screen.findByRole('list', { name: 'API tokens' });
    expect(list).toHaveTextContent('Reporter');
    expect(list).toHaveTextContent('Read only');
    expect(list).toHaveTextContent('never used');
    await user.click(screen.getByRole('button', { name: 'Revoke Reporter' }));
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Token revoked'));
    expect(callsTo(fetchMock, 'DELETE', '/api/auth/tokens/t1')).toHaveLength(1);
  });
});
