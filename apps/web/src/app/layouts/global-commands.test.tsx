import type { Role } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../../components/theme-provider.tsx';
import { sessionKey } from '../../features/auth/api/get-session.ts';
import { jsonResponse, routeFetch } from '../../test/fetch-stubs.ts';
import { createTestQueryClient, currentLocation, makeUser, renderWithProviders } from '../../test/render.tsx';
import { Component as AppShell } from './app-shell.tsx';

// The command palette and the keyboard shortcuts as the signed-in shell wires them (issue 16).

afterEach(() => {
  vi.unstubAllGlobals();
});

const APOLLO = '11111111-1111-4111-8111-111111111111';

function renderShell(role: Role = 'member', route = '/d') {
  routeFetch({
    'GET /api/notifications/unread-count': jsonResponse(200, { unread: 0 }),
    'GET /api/projects': jsonResponse(200, {
      data: [{ id: APOLLO, name: 'Apollo', status: 'planning' }],
      total: 1,
      page: 1,
      limit: 5,
    }),
    [`GET /api/tasks/${APOLLO}/options`]: jsonResponse(200, { teams: [], assignees: [] }),
    [`GET /api/projects/${APOLLO}/labels`]: jsonResponse(200, { data: [], canManage: false }),
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKey, makeUser({ role }));
  return renderWithProviders(
    <ThemeProvider>
      <Routes>
        <Route element={<AppShell />}>
          <Route path="*" element={<input aria-label="A field" />} />
        </Route>
      </Routes>
    </ThemeProvider>,
    { route, queryClient },
  );
}

const palette = () => screen.findByRole('dialog', { name: 'Command palette' });

describe('the command palette in the shell', () => {
  it('opens with Ctrl+K, even from a field, and closes with Escape', async () => {
    const { user } = renderShell();
    await user.click(screen.getByRole('textbox', { name: 'A field' }));
    await user.keyboard('{Control>}k{/Control}');
    expect(within(await palette()).getByRole('combobox')).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens with ⌘+K and with /, and from the top bar, giving focus back to the button on close', async () => {
    const { user } = renderShell();
    await user.keyboard('{Meta>}k{/Meta}');
    await palette();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.keyboard('/');
    await palette();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const button = screen.getByRole('button', { name: /Search/ });
    await user.click(button);
    await palette();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('goes to a page chosen under "Go to"', async () => {
    const { user } = renderShell();
    await user.keyboard('{Control>}k{/Control}');
    await user.type(within(await palette()).getByRole('combobox'), 'Produ');
    await user.keyboard('{Enter}');
    expect(currentLocation()).toBe('/products');
  });
});

describe('keyboard shortcuts', () => {
  it('g t, g p, g n and g d go to their pages', async () => {
    const { user } = renderShell();
    await user.keyboard('gt');
    expect(currentLocation()).toBe('/tasks');
    await user.keyboard('gp');
    expect(currentLocation()).toBe('/products');
    await user.keyboard('gn');
    expect(currentLocation()).toBe('/notifications');
    await user.keyboard('gd');
    expect(currentLocation()).toBe('/d');
  });

  it('do nothing while typing in a field or with a modifier', async () => {
    const { user } = renderShell();
    const field = screen.getByRole('textbox', { name: 'A field' });
    await user.type(field, 'gt/c?');
    expect(field).toHaveValue('gt/c?');
    expect(currentLocation()).toBe('/d');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(document.body);
    await user.keyboard('{Alt>}g{/Alt}t');
    expect(currentLocation()).toBe('/d');
  });

  it('? lists every shortcut, and no shortcut fires while that dialog is open', async () => {
    const { user } = renderShell();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const label of [
      'Open the command palette',
      'Search',
      'New task',
      'Go to the dashboard',
      'Go to products',
      'Go to tasks',
      'Go to notifications',
      'Show keyboard shortcuts',
    ]) {
      expect(within(dialog).getByText(label)).toBeInTheDocument();
    }
    await user.keyboard('gt');
    expect(currentLocation()).toBe('/d');
  });

  it('c opens the new-task form for a member', async () => {
    const { user } = renderShell();
    await user.keyboard('c');
    expect(await screen.findByRole('dialog', { name: 'Create New Task' })).toBeInTheDocument();
  });

  it('c on a product’s page (any tab) creates in that product (issue 28)', async () => {
    const { user } = renderShell('member', `/products/${APOLLO}?tab=tasks`);
    await user.keyboard('c');
    const dialog = await screen.findByRole('dialog', { name: 'Create New Task' });
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Product' })).toHaveTextContent('Apollo'),
    );
  });

  it('c on /tasks starts from its filters: the status filter gives the status', async () => {
    const { user } = renderShell('member', '/tasks?status=in-progress');
    await user.keyboard('c');
    const dialog = await screen.findByRole('dialog', { name: 'Create New Task' });
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('In Progress');
    expect(within(dialog).getByRole('combobox', { name: 'Product' })).toHaveTextContent('Select a product');
  });

  it('c does nothing for a guest, nor g n (no notifications page)', async () => {
    const { user } = renderShell('guest');
    await user.keyboard('c');
    await user.keyboard('gn');
    expect(currentLocation()).toBe('/d');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
