import type { Role, User } from '@shipyard/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../../components/theme-provider.tsx';
import { SIDEBAR_COOKIE_NAME } from '../../components/ui/sidebar.tsx';
import { sessionKey } from '../../features/auth/api/get-session.ts';
import { toast } from '../../lib/toast.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { apiError, deferred, jsonResponse } from '../../test/fetch-stubs.ts';
import { createTestQueryClient, makeUser, renderWithProviders } from '../../test/render.tsx';
import { Component as AppShell } from './app-shell.tsx';

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

type Handler = Response | (() => Response | Promise<Response>);

const UNREAD = 'GET /api/notifications/unread-count';
const unreadCount = (unread: number) => jsonResponse(200, { unread });
// The sidebar's unread badge asks on every render of the shell for the roles that have Notifications.
const defaultRoutes: Record<string, Handler> = { [UNREAD]: () => unreadCount(0) };

/** Answers fetch by method and path; anything else fails the test loudly. */
function routeFetch(routes: Record<string, Handler>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
    const handler = routes[key] ?? defaultRoutes[key];
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
  // Roadmap (issue 31): for every role that sees products, after Calendar's place.
  guest: ['Dashboard', 'Products', 'Roadmap', 'Lifecycle', 'Tasks', 'Activity', 'Services', 'Settings'],
  member: [
    'Dashboard',
    'Products',
    'Calendar',
    'Roadmap',
    'Lifecycle',
    'Tasks',
    'Activity',
    'Services',
    'Settings',
    'Notifications',
  ],
  admin: [
    'Dashboard',
    'Products',
    'Team',
    'Calendar',
    'Roadmap',
    'Lifecycle',
    'Tasks',
    'Activity',
    'Services',
    'Settings',
    'Notifications',
  ],
  'super admin': [
    'Dashboard',
    'Products',
    'Team',
    'Calendar',
    'Roadmap',
    'Lifecycle',
    'Reports',
    'Tasks',
    'Analytics',
    'Activity',
    'Services',
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
      '/roadmap',
      '/lifecycle',
      '/reports',
      '/tasks',
      '/analytics',
      '/activity',
      '/services',
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
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/projects'))).toHaveLength(1);
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

  it.each([['guest'], ['member'], ['admin'], ['super admin']] as const)(
    'does not repeat New Product in the top bar for a %s (the pages carry their own)',
    async (role) => {
      routeFetch({ [RECENT]: page([]) });
      renderShell(makeUser({ role }));

      expect(screen.queryByRole('link', { name: 'New Product' })).not.toBeInTheDocument();
      await screen.findByText('No products yet');
    },
  );

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
  it("says 'Reconnecting...' in the top bar while the live updates are down", async () => {
    routeFetch({ [RECENT]: page([]) });
    const sockets: FakeSocket[] = [];
    vi.stubGlobal(
      'WebSocket',
      class extends FakeSocket {
        constructor(url: string) {
          super(url);
          sockets.push(this);
        }
      },
    );
    renderShell(makeUser());
    await screen.findByText('No products yet');
    const live = screen.getByRole('status');
    expect(live).toBeEmptyDOMElement();

    act(() => sockets[0]?.ready());
    expect(live).toBeEmptyDOMElement();
    act(() => sockets[0]?.serverClose(1006));
    expect(live).toHaveTextContent('Reconnecting...');
  });

  describe('the unread badge on Notifications', () => {
    const notificationsLink = () => within(mainNav()).getByRole('link', { name: /^Notifications/ });

    it("shows the unread count, also in the link's accessible name", async () => {
      routeFetch({ [RECENT]: page([]), [UNREAD]: unreadCount(3) });
      renderShell(makeUser({ role: 'member' }));

      expect(await within(mainNav()).findByRole('link', { name: 'Notifications, 3 unread' })).toHaveAttribute(
        'href',
        '/notifications',
      );
      const link = notificationsLink();
      expect(link.querySelector('[data-slot="unread-badge"]')).toHaveTextContent('3');
      // The dot that stands for it while the sidebar is collapsed to icons.
      expect(link.querySelector('[data-slot="unread-dot"]')).toBeInTheDocument();
    });

    it("says '99+' above 99", async () => {
      routeFetch({ [RECENT]: page([]), [UNREAD]: unreadCount(150) });
      renderShell(makeUser({ role: 'admin' }));

      expect(
        await within(mainNav()).findByRole('link', { name: 'Notifications, 99+ unread' }),
      ).toBeInTheDocument();
      expect(notificationsLink().querySelector('[data-slot="unread-badge"]')).toHaveTextContent(/^99\+$/);
    });

    it('is hidden when nothing is unread', async () => {
      const fetchMock = routeFetch({ [RECENT]: page([]), [UNREAD]: unreadCount(0) });
      renderShell(makeUser({ role: 'member' }));

      await waitFor(() =>
        expect(fetchMock.mock.calls.some(([url]) => url === '/api/notifications/unread-count')).toBe(true),
      );
      await screen.findByText('No products yet');
      expect(notificationsLink()).toHaveAccessibleName('Notifications');
      expect(notificationsLink().querySelector('[data-slot="unread-badge"]')).toBeNull();
      expect(notificationsLink().querySelector('[data-slot="unread-dot"]')).toBeNull();
    });

    it('is never asked for by a guest, who has no Notifications entry', async () => {
      const fetchMock = routeFetch({ [RECENT]: page([]) });
      renderShell(makeUser({ role: 'guest' }));

      await screen.findByText('No products yet');
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/notifications'))).toBe(false);
    });

    it('asks again every minute', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        let unread = 1;
        routeFetch({ [RECENT]: page([]), [UNREAD]: () => unreadCount(unread) });
        renderShell(makeUser({ role: 'member' }));
        expect(
          await within(mainNav()).findByRole('link', { name: 'Notifications, 1 unread' }),
        ).toBeInTheDocument();

        unread = 4;
        await vi.advanceTimersByTimeAsync(60_000);

        expect(
          await within(mainNav()).findByRole('link', { name: 'Notifications, 4 unread' }),
        ).toBeInTheDocument();
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
