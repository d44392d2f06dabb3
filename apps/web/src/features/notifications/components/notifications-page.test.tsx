import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, deferred, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { currentLocation, renderWithProviders } from '../../../test/render.tsx';
import { NotificationsPage } from './notifications-page.tsx';
import {
  COUNT,
  findItem,
  itemOf,
  LIST,
  listOf,
  makeNotification,
  minutesAgo,
  serve,
  stubViewport,
} from './test-notifications.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

describe('NotificationsPage', () => {
  beforeEach(() => {
    // The list alone, as on a phone: the split view has tests of its own (inbox.test.tsx).
    stubViewport(390);
    vi.clearAllMocks();
  });

  it('shows a skeleton with "Loading notifications..." until the list arrives', async () => {
    const answer = deferred<Response>();
    routeFetch({ [LIST]: () => answer.promise, [COUNT]: jsonResponse(200, { unread: 0 }) });
    renderWithProviders(<NotificationsPage />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading notifications...');
    answer.resolve(jsonResponse(200, listOf([])));
    expect(await screen.findByText('No notifications')).toBeInTheDocument();
    expect(screen.queryByText('Loading notifications...')).not.toBeInTheDocument();
  });

  it('says there are no notifications yet, in the words of the spec', async () => {
    serve([]);
    renderWithProviders(<NotificationsPage />);

    expect(await screen.findByText('No notifications')).toBeInTheDocument();
    expect(screen.getByText("You'll see notifications here when you receive them.")).toBeInTheDocument();
    expect(await screen.findByText("You're all caught up.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('lists each notification with sender, message and time, unread ones highlighted', async () => {
    const { fetchMock } = serve([
      makeNotification({ id: 'n-1' }),
      makeNotification({
        id: 'n-2',
        read: true,
        type: 'REMOVED_FROM_TEAM',
        message: 'You were removed from the team "Ops".',
        sender: null,
        createdAt: minutesAgo(180),
      }),
    ]);
    renderWithProviders(<NotificationsPage />);

    const unread = await findItem(/accepted your invitation/);
    expect(unread).toHaveAttribute('data-read', 'false');
    expect(within(unread).getByText('Unread:')).toBeInTheDocument();
    expect(within(unread).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(unread).getByText('GH')).toBeInTheDocument();
    expect(within(unread).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(unread).getByRole('button', { name: 'Mark as read' })).toBeInTheDocument();

    const read = itemOf('You were removed from the team "Ops".');
    expect(read).toHaveAttribute('data-read', 'true');
    expect(within(read).queryByText('Unread:')).not.toBeInTheDocument();
    expect(within(read).getByText('System')).toBeInTheDocument();
    expect(within(read).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(read).queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument();
    expect(within(read).getByRole('button', { name: 'Delete notification' })).toBeInTheDocument();

    expect(await screen.findByText('You have 1 unread notification.')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'GET', '/api/notifications');
    expect(call?.url.search).toBe('?limit=20');
  });

  it('shows the error with a way to try again', async () => {
    let fail = true;
    routeFetch({
      [LIST]: () =>
        fail
          ? apiError(500, 'INTERNAL', 'An error occurred on the server.')
          : jsonResponse(200, listOf([makeNotification()])),
      [COUNT]: jsonResponse(200, { unread: 1 }),
    });
    const { user } = renderWithProviders(<NotificationsPage />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load notifications');
    expect(alert).toHaveTextContent('An error occurred on the server.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/accepted your invitation/)).toBeInTheDocument();
  });

  it('marks an unread item read when it is clicked', async () => {
    const { fetchMock, state } = serve([makeNotification()], {
      'PATCH /api/notifications/n-1/read': () => {
        state.items = state.items.map((n) => ({ ...n, read: true }));
        return jsonResponse(200, state.items[0]);
      },
    });
    const { user } = renderWithProviders(<NotificationsPage />);
    await screen.findByText('You have 1 unread notification.');
    const countCalls = () => callsTo(fetchMock, 'GET', '/api/notifications/unread-count').length;
    const countsBefore = countCalls();

    await user.click(screen.getByText(/accepted your invitation/));

    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/notifications/n-1/read')).toHaveLength(1));
    await waitFor(() => expect(itemOf(/accepted your invitation/)).toHaveAttribute('data-read', 'true'));
    // Marking read is quiet: the item itself shows it, no toast says so.
    expect(toast.success).not.toHaveBeenCalled();
    // The badge's count is asked for again (another tab or device may have changed it too).
    await waitFor(() => expect(countCalls()).toBeGreaterThan(countsBefore));
    expect(itemOf(/accepted your invitation/)).toHaveAttribute('data-read', 'true');
    expect(await screen.findByText("You're all caught up.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('marks an item read from its check button, from the keyboard', async () => {
    const { fetchMock, state } = serve([makeNotification()], {
      'PATCH /api/notifications/n-1/read': () => {
        state.items = state.items.map((n) => ({ ...n, read: true }));
        return jsonResponse(200, state.items[0]);
      },
    });
    const { user } = renderWithProviders(<NotificationsPage />);
    const button = await screen.findByRole('button', { name: 'Mark as read' });

    button.focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/notifications/n-1/read')).toHaveLength(1));
    await waitFor(() => expect(itemOf(/accepted your invitation/)).toHaveAttribute('data-read', 'true'));
    // Marking read is quiet: the item itself shows it, no toast says so.
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument();
  });

  it('does not mark a read item again when it is clicked', async () => {
    const { fetchMock } = serve([makeNotification({ read: true })]);
    const { user } = renderWithProviders(<NotificationsPage />);

    await user.click(await screen.findByText(/accepted your invitation/));

    expect(callsTo(fetchMock, 'PATCH', '/api/notifications/n-1/read')).toHaveLength(0);
  });

  it('puts the item back unread and says so when marking it read fails', async () => {
    serve([makeNotification()], {
      'PATCH /api/notifications/n-1/read': apiError(404, 'NOT_FOUND', 'Notification not found'),
    });
    const { user } = renderWithProviders(<NotificationsPage />);

    await user.click(await screen.findByRole('button', { name: 'Mark as read' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to mark notification as read.', {
        description: 'Notification not found',
      }),
    );
    expect(itemOf(/accepted your invitation/)).toHaveAttribute('data-read', 'false');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('deletes a notification without marking it read', async () => {
    const { fetchMock, state } = serve(
      [makeNotification(), makeNotification({ id: 'n-2', message: 'Second' })],
      {
        'DELETE /api/notifications/n-1/delete': () => {
          state.items = state.items.filter((n) => n.id !== 'n-1');
          return jsonResponse(200, { message: 'Notification deleted.' });
        },
      },
    );
    const { user } = renderWithProviders(<NotificationsPage />);

    const item = await findItem(/accepted your invitation/);
    await user.click(within(item).getByRole('button', { name: 'Delete notification' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Success', { description: 'Notification deleted.' }),
    );
    expect(screen.queryByText(/accepted your invitation/)).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/notifications/n-1/delete')).toHaveLength(1);
    expect(callsTo(fetchMock, 'PATCH', '/api/notifications/n-1/read')).toHaveLength(0);
  });

  it('brings a notification back and says so when deleting fails', async () => {
    serve([makeNotification()], {
      'DELETE /api/notifications/n-1/delete': apiError(500, 'INTERNAL', 'An error occurred on the server.'),
    });
    const { user } = renderWithProviders(<NotificationsPage />);

    await user.click(await screen.findByRole('button', { name: 'Delete notification' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to delete notification.', {
        description: 'An error occurred on the server.',
      }),
    );
    expect(screen.getByText(/accepted your invitation/)).toBeInTheDocument();
  });

  it('links an assigned task to its page, and reading it there marks it read', async () => {
    const { fetchMock } = serve(
      [
        makeNotification({
          id: 'n-task',
          type: 'TASK_ASSIGNED',
          message: 'Grace Hopper assigned you the task "Ship it" in "Apollo".',
          metadata: { taskId: 'k-1', productId: 'p-1' },
        }),
      ],
      {
        'PATCH /api/notifications/n-task/read': jsonResponse(
          200,
          makeNotification({ id: 'n-task', read: true }),
        ),
      },
    );
    const { user } = renderWithProviders(<NotificationsPage />);

    const link = await screen.findByRole('link', { name: 'View task' });
    expect(link).toHaveAttribute('href', '/tasks/k-1');
    await user.click(link);

    expect(currentLocation()).toBe('/tasks/k-1');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH', '/api/notifications/n-task/read')).toHaveLength(1),
    );
  });

  it('marks everything read at once', async () => {
    const { fetchMock, state } = serve(
      [makeNotification({ id: 'n-1' }), makeNotification({ id: 'n-2', message: 'Second' })],
      {
        'PATCH /api/notifications/read-all': () => {
          state.items = state.items.map((n) => ({ ...n, read: true }));
          return jsonResponse(200, { updated: 2 });
        },
      },
    );
    const { user } = renderWithProviders(<NotificationsPage />);
    expect(await screen.findByText('You have 2 unread notifications.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Success', {
        description: 'All notifications marked as read.',
      }),
    );
    expect(callsTo(fetchMock, 'PATCH', '/api/notifications/read-all')).toHaveLength(1);
    for (const item of screen.getAllByRole('listitem')) expect(item).toHaveAttribute('data-read', 'true');
    expect(await screen.findByText("You're all caught up.")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument(),
    );
  });

  it("keeps 'Mark all as read' in place, busy, until the server has answered", async () => {
    const answer = deferred<Response>();
    const { state } = serve([makeNotification()], {
      'PATCH /api/notifications/read-all': () => {
        state.items = state.items.map((n) => ({ ...n, read: true }));
        return answer.promise;
      },
    });
    const { user } = renderWithProviders(<NotificationsPage />);
    await screen.findByText('You have 1 unread notification.');

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));

    expect(await screen.findByText("You're all caught up.")).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Mark all as read' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    answer.resolve(jsonResponse(200, { updated: 1 }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument(),
    );
  });

  it('puts everything back and says so when marking all read fails', async () => {
    serve([makeNotification()], {
      'PATCH /api/notifications/read-all': apiError(500, 'INTERNAL', 'An error occurred on the server.'),
    });
    const { user } = renderWithProviders(<NotificationsPage />);
    const button = await screen.findByRole('button', { name: 'Mark all as read' });
    await waitFor(() => expect(button).toBeEnabled());

    await user.click(button);

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to mark notifications as read.', {
        description: 'An error occurred on the server.',
      }),
    );
    expect(itemOf(/accepted your invitation/)).toHaveAttribute('data-read', 'false');
  });

  it('shows only unread notifications on the Unread tab, asking the server for them', async () => {
    const { fetchMock } = serve([
      makeNotification({ id: 'n-1', message: 'Fresh news' }),
      makeNotification({ id: 'n-2', message: 'Old news', read: true }),
    ]);
    const { user } = renderWithProviders(<NotificationsPage />);
    await screen.findByText('Old news');

    await user.click(screen.getByRole('tab', { name: 'Unread' }));

    expect(await screen.findByText('Fresh news')).toBeInTheDocument();
    expect(screen.queryByText('Old news')).not.toBeInTheDocument();
    expect(currentLocation()).toBe('/?filter=unread');
    const last = callsTo(fetchMock, 'GET', '/api/notifications').at(-1);
    expect(last?.url.searchParams.get('filter')).toBe('unread');
    expect(last?.url.searchParams.get('limit')).toBe('20');
  });

  it('opens on the Unread tab from the URL, and says when nothing is unread', async () => {
    serve([makeNotification({ read: true })]);
    renderWithProviders(<NotificationsPage />, { route: '/notifications?filter=unread' });

    expect(await screen.findByText('No unread notifications')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Unread' })).toHaveAttribute('aria-selected', 'true');
  });

  it('loads the next page with the cursor', async () => {
    const fetchMock = routeFetch({
      [LIST]: ({ url }) =>
        url.searchParams.get('cursor') === 'c-2'
          ? jsonResponse(200, listOf([makeNotification({ id: 'n-2', message: 'Older one', read: true })]))
          : jsonResponse(
              200,
              listOf([makeNotification({ id: 'n-1', message: 'Newer one', read: true })], 'c-2'),
            ),
      [COUNT]: jsonResponse(200, { unread: 0 }),
    });
    const { user } = renderWithProviders(<NotificationsPage />);
    await screen.findByText('Newer one');

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('Older one')).toBeInTheDocument();
    expect(screen.getByText('Newer one')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/notifications').at(-1)?.url.searchParams.get('cursor')).toBe(
      'c-2',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
