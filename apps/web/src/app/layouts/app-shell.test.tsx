import type { Role, User } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../../components/theme-provider.tsx';
import { SIDEBAR_COOKIE_NAME } from '../../components/ui/sidebar.tsx';
import { sessionKey } from '../../features/auth/api/get-session.ts';
import { toast } from '../../lib/toast.ts';
import {
  apiError,
  createTestQueryClient,
  deferred,
  jsonResponse,
  makeUser,
  renderWithProviders,
} from '../../test/render.tsx';
import { Component as AppShell } from './app-shell.tsx';

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

type Handler = Response | (() => Response | Promise<Response>);

/** Answers fetch by method and path; anything else fails the test loudly. */
function routeFetch(routes: Record<string, Handler>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
    const handler = routes[key];
    if (!handler) throw new Error(`unexpected call ${key}`);
    const response = typeof handler === 'function' ? await handler() : handler;
    return response.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const RECENT = 'GET /api/projects?limit=5';
const page = (data: unknown[]) => jsonResponse(200, { data, total: data.length, page: 1, limit: 5 });

function renderShell(user: User, route = '/d') {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKey, user);
  return renderWithProviders(
    <ThemeProvider>
      <Routes>
        <Route element={<AppShell />}>
          <Route path="*" element={<h1>Page</h1>} />
        </Route>
      </Routes>
    </ThemeProvider>,
    { route, queryClient },
  );
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const menuLabels = () =>
  within(mainNav())
    .getAllByRole('link')
    .map((link) => link.textContent);

// Spec §6, with Settings shown to everyone (ARCHITECTURE §5); super admin outranks admin.
const expectedMenu: Record<Role, string[]> = {
  guest: ['Dashboard', 'Products', 'Tasks', 'Settings'],
  member: ['Dashboard', 'Products', 'Calendar', 'Tasks', 'Settings', 'Notifications'],
  admin: ['Dashboard', 'Products', 'Team', 'Calendar', 'Tasks', 'Settings', 'Notifications'],
  'super admin': [
    'Dashboard',
    'Products',
    'Team',
    'Calendar',
    'Reports',
    'Tasks',
    'Analytics',
    'Settings',
    'Notifications',
  ],
};

describe('AppShell', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    // biome-ignore lint/suspicious/noDocumentCookie: each test starts with no saved sidebar state.
    document.cookie = `${SIDEBAR_COOKIE_NAME}=; path=/; max-age=0`;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each(Object.entries(expectedMenu))(
    'shows a %s exactly the menu of the role table',
    async (role, labels) => {
      routeFetch({ [RECENT]: page([]) });
      renderShell(makeUser({ role: role as Role }));

      expect(menuLabels()).toEqual(labels);
      await screen.findByText('No products yet');
    },
  );

  it('links each entry to its path and marks the current area, also on a page under it', async () => {
    routeFetch({ [RECENT]: page([]) });
    renderShell(makeUser({ role: 'super admin' }), '/products/p-9');

    const hrefs = within(mainNav())
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/d',
      '/products',
      '/team',
      '/calendar',
      '/reports',
      '/tasks',
      '/analytics',
      '/settings',
      '/notifications',
    ]);
    expect(within(mainNav()).getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
    expect(within(mainNav()).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    await screen.findByText('No products yet');
  });

  it('shows Recent Products loading, then each product linking to its page', async () => {
    const answer = deferred<Response>();
    const fetchMock = routeFetch({ [RECENT]: () => answer.promise });
    renderShell(makeUser());

    expect(screen.getByText('Loading...')).toBeInTheDocument();
    answer.resolve(
      page([
        { id: 'p-1', _id: 'p-1', name: 'Apollo', status: 'planning' },
        { id: 'p-2', _id: 'p-2', name: 'Gemini', status: 'production' },
      ]),
    );

    expect(await screen.findByRole('link', { name: 'Apollo' })).toHaveAttribute('href', '/products/p-1');
    expect(screen.getByRole('link', { name: 'Gemini' })).toHaveAttribute('href', '/products/p-2');
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("shows 'Error: …' with the server's message when Recent Products fails", async () => {
    routeFetch({ [RECENT]: apiError(404, 'NOT_FOUND', 'Not found') });
    renderShell(makeUser());

    expect(await screen.findByText('Error: Not found')).toBeInTheDocument();
  });

  it('shows the user block: initial, name, position and role', async () => {
    routeFetch({ [RECENT]: page([]) });
    renderShell(makeUser({ full_name: 'ada Lovelace', position: 'Engineer', role: 'admin' }));

    const profileLink = screen.getByRole('link', { name: /ada Lovelace/ });
    expect(profileLink).toHaveAttribute('href', '/profile');
    expect(within(profileLink).getByText('A')).toBeInTheDocument();
    expect(within(profileLink).getByText('Engineer · Admin')).toBeInTheDocument();
    await screen.findByText('No products yet');
  });

  it('falls back to the initial of the email when there is no name', async () => {
    routeFetch({ [RECENT]: page([]) });
    renderShell(makeUser({ full_name: '', email: 'zed@example.com' }));
    expect(within(screen.getByRole('link', { name: /zed@example.com/ })).getByText('Z')).toBeInTheDocument();
    await screen.findByText('No products yet');
  });

  it.each([
    ['guest', false],
    ['member', true],
    ['admin', true],
    ['super admin', true],
  ] as const)('shows New Product to a %s: %s', async (role, shown) => {
    routeFetch({ [RECENT]: page([]) });
    renderShell(makeUser({ role }));

    const button = screen.queryByRole('link', { name: 'New Product' });
    if (shown) expect(button).toHaveAttribute('href', '/new-product');
    else expect(button).not.toBeInTheDocument();
    await screen.findByText('No products yet');
  });

  it('logs out: ends the session on the server, then a full navigation to /', async () => {
    const fetchMock = routeFetch({
      [RECENT]: page([]),
      'POST /api/auth/signout': jsonResponse(200, { message: "You've been signed out." }),
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { user, queryClient } = renderShell(makeUser());
    await screen.findByText('No products yet');

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === '/api/auth/signout' && init?.method === 'POST'),
    ).toBe(true);
    expect(queryClient.getQueryData(sessionKey)).toBeUndefined();
  });

  it("says 'Sign out failed' and stays when the server refuses", async () => {
    routeFetch({
      [RECENT]: page([]),
      'POST /api/auth/signout': apiError(500, 'INTERNAL', 'An error occurred on the server.'),
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { user } = renderShell(makeUser());
    await screen.findByText('No products yet');

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Sign out failed'));
    expect(assign).not.toHaveBeenCalled();
  });
});
