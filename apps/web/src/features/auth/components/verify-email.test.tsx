import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { VerifyEmail } from './verify-email.tsx';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function mockFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(response.clone()));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

// StrictMode mounts, unmounts and remounts effects: the screen must still call the server once.
function renderAt(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 2 } } });
  return render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <VerifyEmail />
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}

describe('VerifyEmail', () => {
  it('shows the loading state, then success, after exactly one verify call', async () => {
    const fetchMock = mockFetch(jsonResponse(200, { message: 'Email verified. You can now log in.' }));

    renderAt('/verify?token=abc%2B123');

    expect(screen.getByRole('heading', { name: 'Verifying your email...' })).toBeInTheDocument();
    expect(screen.getByText('Please wait while we verify your account')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to Login' })).not.toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'Email Verified Successfully!' })).toBeInTheDocument();
    expect(screen.getByText('Thank you for verifying your email. You can now log in.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/auth');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/verify?token=abc%2B123');
  });

  it("shows the server's message when verification fails, without retrying", async () => {
    const fetchMock = mockFetch(
      jsonResponse(400, {
        error: 'Bad Request',
        message: 'This verification link is invalid or has expired.',
        code: 'VERIFY_TOKEN_INVALID',
        requestId: 'req-1',
      }),
    );

    renderAt('/verify?token=used');

    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByText('This verification link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/auth');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback failure without calling the server when the token is missing', () => {
    const fetchMock = mockFetch(jsonResponse(200, { message: 'unexpected' }));

    renderAt('/verify');

    expect(screen.getByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByText('An error occurred during verification.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/auth');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
