import type { Notification } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, sentJson } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { RenderTask } from './inbox.tsx';
import { NotificationsPage } from './notifications-page.tsx';
import { makeNotification, serve, stubViewport } from './test-notifications.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// Issue 30: the inbox. The split view at 1024 px and wider, its keys, the snooze picker.

const task = (n: number, overrides: Partial<Notification> = {}) =>
  makeNotification({
    id: `n-${n}`,
    type: 'TASK_ASSIGNED',
    message: `Grace Hopper assigned you the task "Task ${n}" in "Apollo".`,
    metadata: { taskId: `k-${n}`, productId: 'p-1' },
    ...overrides,
  });

/** The server answers each triage call with the notification changed as asked. */
function serveInbox(items: Notification[]) {
  const changes: Record<string, Partial<Notification>> = {
    done: { read: true, doneAt: new Date().toISOString() },
    snooze: { snoozedUntil: new Date().toISOString() },
    unread: { read: false },
    read: { read: true },
  };
  const routes = Object.fromEntries(
    items.flatMap((item) =>
      Object.entries(changes).map(([action, change]) => [
        `PATCH /api/notifications/${item.id}/${action}`,
        () => jsonResponse(200, { ...item, ...change }),
      ]),
    ),
  );
  return serve(items, routes);
}

const renderTask = (taskId: string) => <p>Task page of {taskId}</p>;
const current = () => document.querySelector('li[aria-current="true"]');

describe('the inbox on a wide screen', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    stubViewport(1440);
  });

  it('shows the selected notification’s task beside the list, and j/k move the selection', async () => {
    serveInbox([task(1), task(2), task(3)]);
    const { user } = renderWithProviders(<NotificationsPage renderTask={renderTask} />);
    const preview = await screen.findByRole('region', { name: 'Selected notification' });
    expect(within(preview).getByText('Task page of k-1')).toBeInTheDocument();

    await user.keyboard('j');
    expect(await within(preview).findByText('Task page of k-2')).toBeInTheDocument();
    expect(current()).toHaveTextContent('Task 2');
    await user.keyboard('{ArrowDown}');
    expect(await within(preview).findByText('Task page of k-3')).toBeInTheDocument();
    await user.keyboard('k');
    expect(await within(preview).findByText('Task page of k-2')).toBeInTheDocument();
  });

  it('e marks done, moves to the next and says so; u toggles read', async () => {
    const { fetchMock } = serveInbox([task(1), task(2, { read: true }), task(3)]);
    const { user } = renderWithProviders(<NotificationsPage renderTask={renderTask} />);
    await screen.findByText(/"Task 1"/);

    await user.keyboard('e');
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/notifications/n-1/done')).toHaveLength(1));
    expect(screen.queryByText(/"Task 1"/)).not.toBeInTheDocument();
    expect(screen.getByText('Marked done.')).toBeInTheDocument();
    expect(current()).toHaveTextContent('Task 2');

    await user.keyboard('u');
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/notifications/n-2/unread')).toHaveLength(1));
    expect(screen.getByText('Marked as unread.')).toBeInTheDocument();
  });

  it('h opens the snooze picker; Tomorrow snoozes until 9:00 tomorrow and moves on', async () => {
    const { fetchMock } = serveInbox([task(1), task(2)]);
    const { user } = renderWithProviders(<NotificationsPage renderTask={renderTask} />);
    await screen.findByText(/"Task 1"/);

    await user.keyboard('h');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.firstElementChild?.textContent),
    ).toEqual(['Later today', 'Tomorrow', 'Next week']);
    await user.click(within(menu).getByRole('menuitem', { name: /Tomorrow/ }));

    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/notifications/n-1/snooze')).toHaveLength(1));
    const [call] = callsTo(fetchMock, 'PATCH', '/api/notifications/n-1/snooze');
    const until = new Date((sentJson(call?.init) as { until: string }).until);
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    tomorrow.setHours(9, 0, 0, 0);
    expect(until.getTime()).toBe(tomorrow.getTime());
    expect(screen.queryByText(/"Task 1"/)).not.toBeInTheDocument();
    expect(screen.getByText(/^Snoozed until /)).toBeInTheDocument();
    expect(current()).toHaveTextContent('Task 2');
  });

  it('moves on when the task beside the list goes to the trash, as after e, and shows the empty state after the last', async () => {
    // Two notifications about k-1, one about k-2; the task page's trash (its menu, the palette) says so.
    const { fetchMock, state } = serveInbox([
      task(1),
      task(2, { metadata: { taskId: 'k-1', productId: 'p-1' } }),
      task(3, { metadata: { taskId: 'k-2', productId: 'p-1' } }),
    ]);
    const trashable: RenderTask = (taskId, pane) => (
      <button type="button" onClick={pane.onDeleted}>
        Trash {taskId}
      </button>
    );
    const { user } = renderWithProviders(<NotificationsPage renderTask={trashable} />);
    const preview = await screen.findByRole('region', { name: 'Selected notification' });
    // The server hides what is about a task in the trash.
    state.items = state.items.filter((n) => n.metadata.taskId !== 'k-1');
    await user.click(within(preview).getByRole('button', { name: 'Trash k-1' }));

    // Both of k-1's leave the list; the next one about another task is shown.
    expect(await within(preview).findByRole('button', { name: 'Trash k-2' })).toBeInTheDocument();
    expect(current()).toHaveTextContent('Task 3');
    expect(screen.queryByText(/"Task 1"/)).not.toBeInTheDocument();
    expect(screen.queryByText(/"Task 2"/)).not.toBeInTheDocument();
    // Not marked done: the notifications come back with their task (the toast's Undo).
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/done'))).toBe(false);

    state.items = [];
    await user.click(within(preview).getByRole('button', { name: 'Trash k-2' }));
    expect(await screen.findByText('No notifications')).toBeInTheDocument();
  });

  it('reads no key while typing in a field, or with a modifier', async () => {
    const { fetchMock } = serveInbox([task(1), task(2)]);
    const { user } = renderWithProviders(
      <>
        <input aria-label="Note" />
        <NotificationsPage renderTask={renderTask} />
      </>,
    );
    await screen.findByText(/"Task 1"/);
    await user.click(screen.getByRole('textbox', { name: 'Note' }));
    await user.keyboard('ejh');
    await user.click(document.body);
    await user.keyboard('{Control>}e{/Control}');
    expect(callsTo(fetchMock, 'PATCH', '/api/notifications/n-1/done')).toHaveLength(0);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(current()).toHaveTextContent('Task 1');
  });
});

describe('the inbox on a phone', () => {
  it('shows the list alone', async () => {
    stubViewport(390);
    serveInbox([task(1)]);
    renderWithProviders(<NotificationsPage renderTask={renderTask} />);
    await screen.findByText(/"Task 1"/);
    expect(screen.queryByRole('region', { name: 'Selected notification' })).not.toBeInTheDocument();
    expect(screen.queryByText('Task page of k-1')).not.toBeInTheDocument();
  });
});
