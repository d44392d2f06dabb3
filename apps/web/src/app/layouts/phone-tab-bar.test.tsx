import type { User } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../../components/theme-provider.tsx';
import { sessionKey } from '../../features/auth/api/get-session.ts';
import { jsonResponse } from '../../test/fetch-stubs.ts';
import { createTestQueryClient, currentLocation, makeUser, renderWithProviders } from '../../test/render.tsx';
import { Component as AppShell } from './app-shell.tsx';

// Issue 33: the phone's tab bar, below 768 px only.

/** Answers the shell's own reads: the unread count and the recent products. */
function answerShell(unread: number) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/notifications/unread-count') return jsonResponse(200, { unread });
    if (url.pathname === '/api/projects') return jsonResponse(200, { data: [], total: 0, page: 1, limit: 5 });
    throw new Error(`unexpected call ${url.pathname}${url.search}`);
  });
  vi.stubGlobal('fetch', fetchMock);
}

/** The viewport's width as the media queries see it (below 768 px is a phone, spec §9). */
function stubViewport(width: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const max = /max-width:\s*(\d+)px/.exec(query)?.[1];
      return {
        matches: max !== undefined && width <= Number(max),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      };
    }),
  );
}

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

const tabBar = () => screen.getByRole('navigation', { name: 'Tabs' });

describe('the phone tab bar', () => {
  it('shows Home, Tasks, Inbox with its unread count, Search and More, the current page marked', async () => {
    stubViewport(390);
    answerShell(3);
    renderShell(makeUser({ role: 'member' }), '/tasks/42');

    const bar = tabBar();
    expect(
      within(bar)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'Tasks', 'Inbox', 'Search', 'More']);
    expect(within(bar).getByRole('link', { name: 'Tasks' })).toHaveAttribute('aria-current', 'page');
    expect(within(bar).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    const inbox = await within(bar).findByRole('link', { name: 'Inbox, 3 unread' });
    expect(inbox).toHaveAttribute('href', '/notifications');
    expect(within(inbox).getByText('3')).toHaveAttribute('aria-hidden', 'true');
  });

  it('goes to the inbox, which it then marks as the current page', async () => {
    stubViewport(390);
    answerShell(0);
    const { user } = renderShell(makeUser({ role: 'member' }));

    // No unread: the link is named by its label, and no badge shows.
    const inbox = within(tabBar()).getByRole('link', { name: 'Inbox' });
    expect(inbox.querySelector('[data-slot="unread-badge"]')).toBeNull();
    await user.click(inbox);
    expect(currentLocation()).toBe('/notifications');
    expect(within(tabBar()).getByRole('link', { name: 'Inbox' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens the sidebar navigation as a sheet from More, and the command palette from Search', async () => {
    stubViewport(390);
    answerShell(0);
    const { user } = renderShell(makeUser({ role: 'member' }));

    await user.click(within(tabBar()).getByRole('button', { name: 'More' }));
    const sheet = await screen.findByRole('dialog');
    expect(within(sheet).getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(tabBar()).getByRole('button', { name: 'Search' }));
    const palette = await screen.findByRole('dialog');
    expect(within(palette).getByRole('combobox')).toBeInTheDocument();
  });

  it('is reached by the keyboard: each tab in turn', async () => {
    stubViewport(390);
    answerShell(0);
    const { user } = renderShell(makeUser({ role: 'member' }));
    within(tabBar()).getByRole('link', { name: 'Home' }).focus();
    await user.tab();
    expect(within(tabBar()).getByRole('link', { name: 'Tasks' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(within(tabBar()).getByRole('button', { name: 'Search' })).toHaveFocus();
  });

  it('has no Inbox for a guest, who has no notifications (spec §6)', () => {
    stubViewport(390);
    answerShell(0);
    renderShell(makeUser({ role: 'guest' }));
    expect(
      within(tabBar())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'Tasks', 'Search', 'More']);
  });

  it('is not on the page at all from 768 px up', () => {
    stubViewport(1440);
    answerShell(0);
    renderShell(makeUser({ role: 'member' }));
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Tabs' })).not.toBeInTheDocument();
    expect(document.documentElement).not.toHaveAttribute('data-tab-bar-shown');
  });

  it('marks the root while it is shown, so what sits above it adds its height', () => {
    stubViewport(390);
    answerShell(0);
    const { unmount } = renderShell(makeUser({ role: 'member' }));
    expect(document.documentElement).toHaveAttribute('data-tab-bar-shown');
    unmount();
    expect(document.documentElement).not.toHaveAttribute('data-tab-bar-shown');
  });
});
