import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, deferred, jsonResponse } from '../../../test/fetch-stubs.ts';
import { createTestQueryClient, renderWithProviders } from '../../../test/render.tsx';
import { NotificationsPage } from './notifications-page.tsx';
import {
  findItem,
  invite,
  itemOf,
  LIST,
  listOf,
  makeNotification,
  serve,
  stubViewport,
} from './test-notifications.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

describe('NotificationsPage invitations', () => {
  beforeEach(() => {
    // The list alone, as on a phone: the split view has tests of its own (inbox.test.tsx).
    stubViewport(390);
    vi.clearAllMocks();
  });

  it('accepts an invitation, marks it read, refreshes what it changes, then links to the product', async () => {
    const { fetchMock, state } = serve([invite], {
      'PATCH /api/team/t-1/accept': () => {
        state.items = state.items.map((n) => ({ ...n, read: true, invitationPending: false }));
        return jsonResponse(200, { _id: 'm-1', status: 'active' });
      },
      'PATCH /api/notifications/n-inv/read': () => jsonResponse(200, state.items[0]),
    });
    const queryClient = createTestQueryClient();
    for (const key of [
      ['products', 'recent'],
      ['teams', 'p-1'],
      ['dashboard', 'summary'],
      ['tasks', 'list'],
    ]) {
      queryClient.setQueryData(key, { cached: true });
    }
    const { user } = renderWithProviders(<NotificationsPage />, { queryClient });

    const item = await findItem(/invited you to join/);
    await user.click(within(item).getByRole('button', { name: 'Accept' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Success', {
        description: 'Invitation accepted successfully.',
      }),
    );
    const paths = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'PATCH')
      .map(([input]) => String(input));
    expect(paths).toEqual(['/api/team/t-1/accept', '/api/notifications/n-inv/read']);

    const after = itemOf(/invited you to join/);
    expect(after).toHaveAttribute('data-read', 'true');
    expect(within(after).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(within(after).getByRole('link', { name: 'Open product' })).toHaveAttribute(
      'href',
      '/products/p-1',
    );
    for (const key of [
      ['products', 'recent'],
      ['teams', 'p-1'],
      ['dashboard', 'summary'],
      ['tasks', 'list'],
    ]) {
      expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    }
    // Accepting is not also a click on the item: one read call, the one that follows the accept.
    expect(callsTo(fetchMock, 'PATCH', '/api/notifications/n-inv/read')).toHaveLength(1);
  });

  it('declines an invitation: removes the caller from the team, and offers neither Accept nor Decline again', async () => {
    const { fetchMock, state } = serve([invite], {
      'DELETE /api/team/t-1/remove/u-me': () => {
        state.items = state.items.map((n) => ({ ...n, read: true, invitationPending: false }));
        return jsonResponse(200, { message: 'Member removed successfully' });
      },
    });
    const { user } = renderWithProviders(<NotificationsPage userId="u-me" />);

    const item = await findItem(/invited you to join/);
    await user.click(within(item).getByRole('button', { name: 'Decline' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Success', { description: 'Invitation declined.' }),
    );
    expect(callsTo(fetchMock, 'DELETE', '/api/team/t-1/remove/u-me')).toHaveLength(1);
    expect(callsTo(fetchMock, 'PATCH', '/api/team/t-1/accept')).toHaveLength(0);
    const after = itemOf(/invited you to join/);
    expect(after).toHaveAttribute('data-read', 'true');
    expect(within(after).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(within(after).queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
    expect(within(after).queryByRole('link', { name: 'Open product' })).not.toBeInTheDocument();
  });

  it('says why an invitation could not be declined, and keeps it open', async () => {
    serve([invite], {
      'DELETE /api/team/t-1/remove/u-me': apiError(404, 'NOT_FOUND', 'Team not found'),
    });
    const { user } = renderWithProviders(<NotificationsPage userId="u-me" />);

    await user.click(await screen.findByRole('button', { name: 'Decline' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to decline invitation.', {
        description: 'Team not found',
      }),
    );
    expect(screen.getByRole('button', { name: 'Decline' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  it('says why an invitation could not be accepted, and keeps it open', async () => {
    const { fetchMock } = serve([invite], {
      'PATCH /api/team/t-1/accept': apiError(
        404,
        'NOT_FOUND',
        'There is no invitation to this team for you.',
      ),
    });
    const { user } = renderWithProviders(<NotificationsPage />);

    await user.click(await screen.findByRole('button', { name: 'Accept' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to accept invitation.', {
        description: 'There is no invitation to this team for you.',
      }),
    );
    expect(callsTo(fetchMock, 'PATCH', '/api/notifications/n-inv/read')).toHaveLength(0);
    expect(itemOf(/invited you to join/)).toHaveAttribute('data-read', 'false');
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  it('does not offer Accept again on an accepted invitation while its list is being fetched again', async () => {
    let listAnswer: Promise<Response> | undefined;
    const { state } = serve([invite], {
      [LIST]: () =>
        listAnswer ??
        jsonResponse(200, { ...listOf(state.items), unread: state.items.filter((n) => !n.read).length }),
      'PATCH /api/team/t-1/accept': () => {
        state.items = state.items.map((n) => ({ ...n, read: true, invitationPending: false }));
        return jsonResponse(200, { _id: 'm-1', status: 'active' });
      },
      'PATCH /api/notifications/n-inv/read': () => jsonResponse(200, state.items[0]),
    });
    const queryClient = createTestQueryClient();
    const first = renderWithProviders(<NotificationsPage />, { queryClient });
    await first.user.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    first.unmount();

    // Back on the page: the cached list shows until the server answers again.
    listAnswer = deferred<Response>().promise;
    renderWithProviders(<NotificationsPage />, { queryClient });
    const item = await findItem(/invited you to join/);
    expect(within(item).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('offers Accept on an invitation that still waits, even once it is read', async () => {
    serve([{ ...invite, read: true }, makeNotification()]);
    renderWithProviders(<NotificationsPage />);

    const item = await findItem(/invited you to join/);
    expect(item).toHaveAttribute('data-read', 'true');
    expect(within(item).getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Open product' })).not.toBeInTheDocument();
  });

  it('offers nothing on an invitation that waits no more, read or not', async () => {
    serve([
      { ...invite, invitationPending: false },
      {
        ...invite,
        id: 'n-inv-2',
        _id: 'n-inv-2',
        message: 'Grace Hopper invited you to join "Ops".',
        read: true,
        invitationPending: false,
      },
      makeNotification(),
    ]);
    renderWithProviders(<NotificationsPage />);

    await screen.findByText(/invited you to join the team "Core"/);
    await screen.findByText('Grace Hopper invited you to join "Ops".');
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open product' })).not.toBeInTheDocument();
  });

  it('keeps Accept on an invitation marked read, by a click or with the others', async () => {
    const { state } = serve([invite, makeNotification()], {
      'PATCH /api/notifications/n-inv/read': () => {
        state.items = state.items.map((n) => (n.id === 'n-inv' ? { ...n, read: true } : n));
        return jsonResponse(200, state.items[0]);
      },
      'PATCH /api/notifications/read-all': () => {
        state.items = state.items.map((n) => ({ ...n, read: true }));
        return jsonResponse(200, { updated: 1 });
      },
    });
    const { user } = renderWithProviders(<NotificationsPage />);

    await user.click(await screen.findByText(/invited you to join/));
    await waitFor(() => expect(itemOf(/invited you to join/)).toHaveAttribute('data-read', 'true'));
    expect(within(itemOf(/invited you to join/)).getByRole('button', { name: 'Accept' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Success', {
        description: 'All notifications marked as read.',
      }),
    );
    expect(within(itemOf(/invited you to join/)).getByRole('button', { name: 'Accept' })).toBeEnabled();
  });
});
