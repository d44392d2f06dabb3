import { securityMessages } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { currentLocation, renderWithProviders } from '../../../test/render.tsx';
import { SignInProvidersCard } from './sign-in-providers-card.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

const LINKS = {
  data: [
    { kind: 'google', label: 'Google', linked: true },
    { kind: 'oidc', label: 'Acme SSO', linked: false },
  ],
};

describe('SignInProvidersCard (issue 27 #13)', () => {
  it('lists the providers, and Link sends the browser to the provider the server names', async () => {
    const fetchMock = routeFetch({
      'GET /api/auth/links': jsonResponse(200, LINKS),
      'POST /api/auth/oidc/link': jsonResponse(200, { url: 'https://sso.example/auth?state=s' }),
    });
    const redirect = vi.fn();
    const { user } = renderWithProviders(<SignInProvidersCard redirect={redirect} />);
    const list = await screen.findByRole('list', { name: 'Sign-in providers' });
    const [google, sso] = within(list).getAllByRole('listitem');
    expect(google).toHaveTextContent('GoogleLinked');
    expect(sso).toHaveTextContent('Acme SSONot linked');

    await user.click(within(sso as HTMLElement).getByRole('button', { name: 'Link Acme SSO' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://sso.example/auth?state=s'));
    expect(callsTo(fetchMock, 'POST', '/api/auth/oidc/link')).toHaveLength(1);
  });

  it('tells the outcome of a link it came back from, once, in its own words, and clears it from the address', async () => {
    routeFetch({ 'GET /api/auth/links': jsonResponse(200, LINKS) });
    renderWithProviders(<SignInProvidersCard redirect={vi.fn()} />, {
      route: '/settings?tab=account&link_error=OIDC_SUBJECT_TAKEN',
    });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Could not link the sign-in', {
        description: securityMessages.identityTaken,
      }),
    );
    await waitFor(() => expect(currentLocation()).toBe('/settings?tab=account'));
    expect(toast.error).toHaveBeenCalledTimes(1);
  });

  it('unlinks after a confirmation, and says why when it is the last way to sign in', async () => {
    const fetchMock = routeFetch({
      'GET /api/auth/links': jsonResponse(200, LINKS),
      'DELETE /api/auth/google/link': apiError(409, 'LAST_SIGN_IN_METHOD', securityMessages.lastSignInMethod),
    });
    const { user } = renderWithProviders(<SignInProvidersCard redirect={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Unlink' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unlink Google?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Could not unlink', {
        description: securityMessages.lastSignInMethod,
      }),
    );
    expect(callsTo(fetchMock, 'DELETE', '/api/auth/google/link')).toHaveLength(1);
  });

  it('shows nothing when the instance offers no provider', async () => {
    const fetchMock = routeFetch({ 'GET /api/auth/links': jsonResponse(200, { data: [] }) });
    renderWithProviders(<SignInProvidersCard redirect={vi.fn()} />);
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/auth/links')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Sign-in providers')).not.toBeInTheDocument());
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
