import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionKey } from '../../features/auth/api/get-session.ts';
import { createTestQueryClient, makeUser, renderWithProviders } from '../../test/render.tsx';
import { Component as NotFound } from './not-found.tsx';

describe('the not-found page', () => {
  it('leads a signed-in user back to the dashboard, not to the marketing page', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionKey, makeUser());
    renderWithProviders(<NotFound />, { route: '/no/such/page', queryClient });

    expect(screen.getByText('Oops! Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/d');
    // Inside the shell, whose <main> it sits in: not a second landmark of its own.
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
  });

  it('leads a visitor to the landing page', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionKey, null);
    renderWithProviders(<NotFound />, { route: '/no/such/page', queryClient });

    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('main')).toBeInTheDocument();
  });
});
