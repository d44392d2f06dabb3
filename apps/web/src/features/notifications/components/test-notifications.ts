import type { Notification, NotificationList } from '@shipyard/shared';
import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import { jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';

// The notifications page's tests: notifications as the API answers them, and a server holding them.

export const LIST = 'GET /api/notifications';
export const COUNT = 'GET /api/notifications/unread-count';
export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  const id = overrides.id ?? 'n-1';
  return {
    _id: id,
    id,
    type: 'INVITE_ACCEPTED',
    message: 'Grace Hopper accepted your invitation to join the team "Core" on "Apollo".',
    read: false,
    sender: { _id: 'u-2', name: 'Grace Hopper', avatar: null },
    metadata: {},
    invitationPending: false,
    createdAt: minutesAgo(5),
    ...overrides,
  };
}

export const invite = makeNotification({
  id: 'n-inv',
  type: 'INVITE',
  message: 'Grace Hopper invited you to join the team "Core" on "Apollo" as developer.',
  metadata: { teamId: 't-1', productId: 'p-1', teamName: 'Core', productName: 'Apollo', role: 'developer' },
  invitationPending: true,
});

export const listOf = (data: Notification[], nextCursor: string | null = null): NotificationList => ({
  data,
  unread: data.filter((n) => !n.read).length,
  nextCursor,
});

/** The list and the count answered from one mutable set of notifications. */
export function serve(initial: Notification[], extra: Parameters<typeof routeFetch>[0] = {}) {
  const state = { items: initial };
  const fetchMock = routeFetch({
    [LIST]: ({ url }) => {
      const filter = url.searchParams.get('filter');
      const inInbox = state.items.filter((n) => !n.doneAt && !n.snoozedUntil);
      const data =
        filter === 'unread'
          ? inInbox.filter((n) => !n.read)
          : filter === 'done'
            ? state.items.filter((n) => n.doneAt)
            : filter === 'mentions'
              ? inInbox.filter((n) => n.type === 'TASK_MENTION')
              : filter === 'assigned'
                ? inInbox.filter((n) => n.type === 'TASK_ASSIGNED')
                : inInbox;
      return jsonResponse(200, { ...listOf(data), unread: state.items.filter((n) => !n.read).length });
    },
    [COUNT]: () => jsonResponse(200, { unread: state.items.filter((n) => !n.read).length }),
    ...extra,
  });
  return { fetchMock, state };
}

export const itemOf = (text: string | RegExp) => {
  const item = screen.getByText(text).closest('li');
  if (!item) throw new Error(`no item for ${text}`);
  return item;
};

/** The list item holding `text`, once the list has loaded. */
export const findItem = async (text: string | RegExp) => {
  await screen.findByText(text);
  return itemOf(text);
};

/** The viewport's width, as `matchMedia` answers min-width and max-width queries. */
export function stubViewport(width: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const min = /min-width:\s*(\d+)px/.exec(query)?.[1];
      const max = /max-width:\s*(\d+)px/.exec(query)?.[1];
      return {
        matches: (min === undefined || width >= Number(min)) && (max === undefined || width <= Number(max)),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      };
    }),
  );
}
