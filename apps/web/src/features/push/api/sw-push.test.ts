import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { type PushWorkerScope, registerPushHandlers } from './sw-push.ts';

// The service worker's handlers, on a stand-in for its global scope: what each event shows,
// opens or tells the server.

const ORIGIN = 'https://shipyard.example.com';

function fakeWorker(
  windows: { url: string; focus: () => Promise<unknown>; navigate: (url: string) => Promise<unknown> }[] = [],
) {
  const listeners = new Map<string, (event: Event) => void>();
  const newSubscription = {
    endpoint: 'https://push.example.com/renewed',
    toJSON: () => ({ endpoint: 'https://push.example.com/renewed', keys: { p256dh: 'p', auth: 'a' } }),
  };
  const scope = {
    location: { origin: ORIGIN },
    registration: {
      showNotification: vi.fn(async () => undefined),
      pushManager: { subscribe: vi.fn(async () => newSubscription) } as unknown as PushManager,
    },
    clients: {
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
    },
    addEventListener: (type: string, listener: (event: Event) => void) => void listeners.set(type, listener),
  } satisfies PushWorkerScope;
  registerPushHandlers(scope);
  /** Dispatches an event with `fields`; resolves when what it asked to wait for is done. */
  const fire = async (type: string, fields: object) => {
    const waits: Promise<unknown>[] = [];
    const event = Object.assign(new Event(type), fields, {
      waitUntil: (p: Promise<unknown>) => void waits.push(p),
    });
    listeners.get(type)?.(event);
    await Promise.all(waits);
  };
  return { scope, fire };
}

const pushOf = (payload: unknown) => ({
  data: { json: () => payload, text: () => JSON.stringify(payload) },
});

afterEach(() => vi.unstubAllGlobals());

describe('registerPushHandlers', () => {
  it('shows a push: its title, plain body, tag, and the page to open on this origin', async () => {
    const { scope, fire } = fakeWorker();
    await fire(
      'push',
      pushOf({
        title: 'You were mentioned',
        body: 'Ann mentioned you',
        url: '/tasks/t-1#comment-c-1',
        tag: 'TASK_MENTION:t-1',
      }),
    );
    expect(scope.registration.showNotification).toHaveBeenCalledWith('You were mentioned', {
      body: 'Ann mentioned you',
      icon: '/pwa-192.png',
      badge: '/pwa-192.png',
      tag: 'TASK_MENTION:t-1',
      data: { url: `${ORIGIN}/tasks/t-1#comment-c-1` },
    });
  });

  it('never opens another origin from a push, and shows even a push it cannot read', async () => {
    const { scope, fire } = fakeWorker();
    await fire('push', pushOf({ title: 'Hi', body: '', url: 'https://evil.example.net/phish', tag: 't' }));
    expect(scope.registration.showNotification).toHaveBeenLastCalledWith(
      'Hi',
      expect.objectContaining({ data: { url: `${ORIGIN}/notifications` } }),
    );
    await fire('push', { data: { json: () => JSON.parse('not json'), text: () => 'plain words' } });
    expect(scope.registration.showNotification).toHaveBeenLastCalledWith(
      'Shipyard',
      expect.objectContaining({ body: 'plain words', data: { url: `${ORIGIN}/notifications` } }),
    );
  });

  it('on a click, focuses an open window of the app and shows the page there', async () => {
    const open = {
      url: `${ORIGIN}/dashboard`,
      focus: vi.fn(async () => undefined),
      navigate: vi.fn(async () => null),
    };
    const { scope, fire } = fakeWorker([open]);
    const close = vi.fn();
    await fire('notificationclick', { notification: { data: { url: `${ORIGIN}/tasks/t-1` }, close } });
    expect(close).toHaveBeenCalled();
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/tasks/t-1`);
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('on a click with no window of the app, opens one', async () => {
    const { scope, fire } = fakeWorker([
      { url: 'https://other.example.org/', focus: vi.fn(), navigate: vi.fn() },
    ]);
    await fire('notificationclick', {
      notification: { data: { url: `${ORIGIN}/tasks/t-2` }, close: vi.fn() },
    });
    expect(scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/tasks/t-2`);
  });

  it('tells the server of a renewed subscription and forgets the old one', async () => {
    const fetchMock = routeFetch({
      'GET /api/push/public-key': jsonResponse(200, { publicKey: `B${'A'.repeat(86)}` }),
      'POST /api/push/subscriptions': jsonResponse(201, {}),
      'DELETE /api/push/subscriptions': new Response(null, { status: 204 }),
    });
    const { scope, fire } = fakeWorker();
    await fire('pushsubscriptionchange', {
      oldSubscription: { endpoint: 'https://push.example.com/old', options: { applicationServerKey: null } },
      newSubscription: null,
    });
    expect(scope.registration.pushManager.subscribe).toHaveBeenCalled();
    const posted = callsTo(fetchMock, 'POST', '/api/push/subscriptions');
    expect(JSON.parse(String(posted[0]?.init?.body))).toEqual({
      endpoint: 'https://push.example.com/renewed',
      keys: { p256dh: 'p', auth: 'a' },
    });
    const removed = callsTo(fetchMock, 'DELETE', '/api/push/subscriptions');
    expect(JSON.parse(String(removed[0]?.init?.body))).toEqual({ endpoint: 'https://push.example.com/old' });
  });
});
