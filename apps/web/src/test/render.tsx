import type { User } from '@shipyard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { type InitialEntry, MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';

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

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The error shape our server answers (ARCHITECTURE §3.3). */
export function apiError(status: number, code: string, message: string, details?: unknown) {
  return jsonResponse(status, { error: 'Error', message, code, details, requestId: 'req-test' });
}

/**
 * Stubs `fetch` with answers given in call order (the last one repeats). Read what was sent with
 * `sentBody(fetchMock, n)` and `fetchMock.mock.calls[n]`.
 */
export function mockFetch(...responses: Array<Response | (() => Response | Promise<Response>)>) {
  let call = 0;
  const fetchMock = vi.fn<typeof fetch>(async () => {
    const next = responses[Math.min(call, responses.length - 1)];
    call += 1;
    if (next === undefined) throw new TypeError('Failed to fetch');
    const response = typeof next === 'function' ? await next() : next;
    return response.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The method, URL and parsed JSON body of the n-th fetch call. */
export function sentRequest(fetchMock: ReturnType<typeof mockFetch>, n = 0) {
  const [url, init] = fetchMock.mock.calls[n] ?? [];
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  return { url: String(url), method: init?.method, body };
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

/** A promise to settle by hand, for asserting loading states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}
