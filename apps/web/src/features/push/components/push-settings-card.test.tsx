import { pushMessages } from '@shipyard/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PushSettingsCard } from './push-settings-card.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// The browser's push APIs are stubbed: a service worker registration whose PushManager hands out
// a subscription, and Notification's permission.

const KEY = `B${'A'.repeat(86)}`;
const ENDPOINT = 'https://push.example.com/this-browser';
const bodyOf = (call: { init: RequestInit | undefined } | undefined) => JSON.parse(String(call?.init?.body));

function fakeSubscription(endpoint = ENDPOINT) {
  return {
    endpoint,
    expirationTime: null,
    options: { applicationServerKey: null },
    toJSON: () => ({ endpoint, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } }),
    unsubscribe: vi.fn(async () => true),
  };
}

type Browser = {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  current?: ReturnType<typeof fakeSubscription> | null;
  /** The service worker never becomes ready. */
  noWorker?: boolean;
};

function stubBrowser({
  permission = 'default',
  answer = 'granted',
  current = null,
  noWorker = false,
}: Browser = {}) {
  let subscription = current;
  const pushManager = {
    getSubscription: vi.fn(async () => subscription),
    subscribe: vi.fn(async () => {
      subscription = fakeSubscription();
      return subscription;
    }),
  };
  const ready = noWorker ? new Promise(() => {}) : Promise.resolve({ pushManager });
  Object.defineProperty(navigator, 'serviceWorker', { value: { ready }, configurable: true });
  vi.stubGlobal('PushManager', class {});
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', Object.assign(class {}, { permission, requestPermission }));
  return { pushManager, requestPermission };
}

const device = (id: string, endpoint: string, label = 'Firefox on Linux') => ({
  _id: id,
  label,
  endpoint,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastPushAt: null,
});

function server(devices: ReturnType<typeof device>[] = [], quietHours: object | null = null) {
  return routeFetch({
    'GET /api/push/subscriptions': jsonResponse(200, { devices }),
    'GET /api/push/settings': jsonResponse(200, { quietHours }),
    'GET /api/push/public-key': jsonResponse(200, { publicKey: KEY }),
    'POST /api/push/subscriptions': jsonResponse(201, device('d-new', ENDPOINT)),
    'DELETE /api/push/subscriptions': new Response(null, { status: 204 }),
    'DELETE /api/push/subscriptions/d-2': new Response(null, { status: 204 }),
    'PUT /api/push/settings': ({ init }) => jsonResponse(200, JSON.parse(String(init?.body))),
  });
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.useRealTimers();
});

describe('PushSettingsCard', () => {
  it('turns push on for this browser: permission, a subscription with the server’s key, posted to the server', async () => {
    const { pushManager, requestPermission } = stubBrowser();
    const fetchMock = server();
    const { user } = renderWithProviders(<PushSettingsCard />);
    expect(await screen.findByText('Off for this device.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Turn on for this device' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/push/subscriptions')).toHaveLength(1));
    expect(requestPermission).toHaveBeenCalled();
    const options = pushManager.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options[0].userVisibleOnly).toBe(true);
    expect(Array.from(options[0].applicationServerKey as Uint8Array).slice(0, 2)).toEqual([0x04, 0x00]);
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/push/subscriptions')[0])).toEqual({
      endpoint: ENDPOINT,
      keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
      expirationTime: null,
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(pushMessages.enabled));
  });

  it('says so and posts nothing when the person blocks notifications', async () => {
    stubBrowser({ answer: 'denied' });
    const fetchMock = server();
    const { user } = renderWithProviders(<PushSettingsCard />);
    await user.click(await screen.findByRole('button', { name: 'Turn on for this device' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(pushMessages.failed, { description: pushMessages.denied }),
    );
    expect(callsTo(fetchMock, 'POST', '/api/push/subscriptions')).toHaveLength(0);
  });

  it('shows this device among the devices, turns it off here, and removes another one', async () => {
    const current = fakeSubscription();
    stubBrowser({ permission: 'granted', current });
    const fetchMock = server([
      device('d-1', ENDPOINT),
      device('d-2', 'https://fcm.example.com/x', 'Chrome on Android'),
    ]);
    const { user } = renderWithProviders(<PushSettingsCard />);
    expect(await screen.findByText('On for this device.')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Devices with push' });
    expect(list).toHaveTextContent('Firefox on Linux');
    expect(list).toHaveTextContent('This device');
    expect(list).toHaveTextContent('Chrome on Android');

    await user.click(screen.getByRole('button', { name: 'Remove Chrome on Android' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/push/subscriptions/d-2')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Turn off on this device' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/push/subscriptions')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'DELETE', '/api/push/subscriptions')[0])).toEqual({
      endpoint: ENDPOINT,
    });
    expect(current.unsubscribe).toHaveBeenCalled();
    expect(await screen.findByText('Off for this device.')).toBeInTheDocument();
  });

  it('says push needs the installed app when no service worker answers, instead of waiting for ever', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubBrowser({ noWorker: true });
    server();
    renderWithProviders(<PushSettingsCard />);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await screen.findByText(pushMessages.noServiceWorker)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on for this device' })).not.toBeInTheDocument();
  });

  it('says the browser cannot do push when it has no PushManager', async () => {
    server();
    renderWithProviders(<PushSettingsCard />);
    expect(await screen.findByText(pushMessages.unsupported)).toBeInTheDocument();
  });

  it('saves quiet hours in this browser’s time zone, refuses the same start and end, and turns them off', async () => {
    stubBrowser();
    const fetchMock = server([], null);
    const { user } = renderWithProviders(<PushSettingsCard />);
    await user.click(await screen.findByRole('checkbox', { name: 'Quiet hours' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '07:00');
    await user.click(screen.getByRole('button', { name: 'Save quiet hours' }));
    expect(await screen.findByText(pushMessages.quietSame)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/push/settings')).toHaveLength(0);

    await user.clear(to);
    await user.type(to, '06:30');
    await user.clear(from);
    await user.type(from, '22:15');
    await user.click(screen.getByRole('button', { name: 'Save quiet hours' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/push/settings')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'PUT', '/api/push/settings')[0])).toEqual({
      quietHours: {
        start: '22:15',
        end: '06:30',
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(pushMessages.saved));

    await user.click(screen.getByRole('checkbox', { name: 'Quiet hours' }));
    await user.click(screen.getByRole('button', { name: 'Save quiet hours' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/push/settings')).toHaveLength(2));
    expect(bodyOf(callsTo(fetchMock, 'PUT', '/api/push/settings')[1])).toEqual({ quietHours: null });
  });
});
