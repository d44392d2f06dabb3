import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { GoogleButton } from './provider-buttons.tsx';
import { SignInProviders as GoogleSignIn } from './sign-in-providers.tsx';

describe('GoogleButton', () => {
  it("is a link that takes the browser to the server's Google sign-in", () => {
    render(<GoogleButton />);

    const link = screen.getByRole('link', { name: 'Continue with Google' });
    // A plain anchor: a full navigation, not a client-side route change.
    expect(link).toHaveAttribute('href', '/api/auth/google');
    expect(link).not.toHaveAttribute('target');
  });
});

describe('SignInProviders', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers Google sign-in when the server says it is configured', async () => {
    routeFetch({ 'GET /api/auth/providers': jsonResponse(200, { google: true, oidc: null }) });
    renderWithProviders(<GoogleSignIn />);

    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByText('or')).toBeInTheDocument();
  });

  it('shows neither the button nor its divider when the server says Google is not configured', async () => {
    const fetchMock = routeFetch({
      'GET /api/auth/providers': jsonResponse(200, { google: false, oidc: null }),
    });
    const { queryClient } = renderWithProviders(<GoogleSignIn />);

    await waitFor(() =>
      expect(queryClient.getQueryData(['auth', 'providers'])).toEqual({ google: false, oidc: null }),
    );
    expect(callsTo(fetchMock, 'GET', '/api/auth/providers')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it('offers the generic provider with the label the server gives', async () => {
    routeFetch({
      'GET /api/auth/providers': jsonResponse(200, { google: false, oidc: { label: 'Acme SSO' } }),
    });
    renderWithProviders(<GoogleSignIn />);

    const link = await screen.findByRole('link', { name: 'Continue with Acme SSO' });
    expect(link).toHaveAttribute('href', '/api/auth/oidc');
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });

  it('shows no button while the answer is unknown or failed', async () => {
    routeFetch({ 'GET /api/auth/providers': jsonResponse(500, { message: 'x' }) });
    const { queryClient } = renderWithProviders(<GoogleSignIn />);

    expect(screen.queryByRole('link', { name: 'Continue with Google' })).not.toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryState(['auth', 'providers'])?.status).toBe('error'));
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });
});
