import type { User } from '@shipyard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { type InitialEntry, MemoryRouter, useLocation } from 'react-router';

/** A fresh client per test: no retries, so a failing call fails at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

type RenderOptions = {
  /** The initial entry of the memory router: a path or a location with state. */
  route?: InitialEntry;
  queryClient?: QueryClient;
};

/**
 * Renders `ui` inside a QueryClientProvider and a MemoryRouter, with a hidden probe of the current
 * location (read it with `currentLocation()`), and a userEvent instance to drive it.
 */
export function renderWithProviders(ui: ReactElement, { route = '/', queryClient }: RenderOptions = {}) {
  const client = queryClient ?? createTestQueryClient();
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient: client };
}

/** The router's current path and query, as rendered by the probe. */
export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}

/** A signed-in user as GET /api/user/me and POST /api/auth/login answer it. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u-1',
    _id: 'u-1',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    full_name: 'Ada Lovelace',
    username: null,
    avatar_url: null,
    position: null,
    department: null,
    skills: [],
    role: 'member',
    email_verified: true,
    disabled: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
