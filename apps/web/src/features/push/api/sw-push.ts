import type { PushPayload } from '@shipyard/shared';
import { applicationServerKey } from './push-key.ts';

// The service worker's side of web push (issue 33). The app's service worker (src/sw.ts) calls
// registerPushHandlers(self). Typed with the little it uses, so that this file compiles both in
// the page's program (DOM types) and in the worker's (ServiceWorkerGlobalScope fits PushWorkerScope).

type WaitUntilEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type PushMessageEvent = WaitUntilEvent & { data: { json(): unknown; text(): string } | null };
type NotificationClickEvent = WaitUntilEvent & { notification: { data: unknown; close(): void } };
type SubscriptionChangeEvent = WaitUntilEvent & {
  oldSubscription?: PushSubscription | null;
  newSubscription?: PushSubscription | null;
};
type WindowClientLike = { url: string; focus(): Promise<unknown>; navigate(url: string): Promise<unknown> };

/** What registerPushHandlers needs of the worker's global scope (`self` in src/sw.ts). */
export type PushWorkerScope = {
  location: { origin: string };
  registration: {
    showNotification(title: string, options?: NotificationOptions): Promise<void>;
    pushManager: PushManager;
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: string, listener: (event: Event) => void): void;
};

const ICON = '/pwa-192.png';
const INBOX = '/notifications';

/** The payload's fields, or a plain notice for anything else (a push is shown whatever it holds). */
function readPayload(data: PushMessageEvent['data']): PushPayload {
  const fallback: PushPayload = { title: 'Shipyard', body: '', url: INBOX, tag: 'shipyard' };
  if (!data) return fallback;
  try {
    const value = data.json() as Partial<PushPayload> | null;
    return {
      title: typeof value?.title === 'string' && value.title ? value.title : fallback.title,
      body: typeof value?.body === 'string' ? value.body : '',
      url: typeof value?.url === 'string' ? value.url : INBOX,
      tag: typeof value?.tag === 'string' && value.tag ? value.tag : fallback.tag,
    };
  } catch {
    return { ...fallback, body: data.text().slice(0, 240) };
  }
}

/** A path of this app as an absolute URL; anything pointing elsewhere opens the inbox instead. */
function appUrl(origin: string, url: unknown): string {
  try {
    const target = new URL(typeof url === 'string' ? url : INBOX, origin);
    if (target.origin === origin) return target.href;
  } catch {
    // not a URL: the inbox
  }
  return new URL(INBOX, origin).href;
}

/** Focuses a window of the app and shows the page there, or opens a new window on it. */
async function openPage(sw: PushWorkerScope, url: string) {
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === sw.location.origin);
  if (open) {
    try {
      await open.focus();
      await open.navigate(url);
      return;
    } catch {
      // A window the worker does not control cannot be navigated: a new one instead.
    }
  }
  await sw.clients.openWindow(url);
}

/** A new subscription after the push service changed or expired the old one, told to the server. */
async function resubscribe(sw: PushWorkerScope, event: SubscriptionChangeEvent) {
  let subscription = event.newSubscription ?? null;
  if (!subscription) {
    let key: ArrayBuffer | Uint8Array<ArrayBuffer> | null =
      event.oldSubscription?.options.applicationServerKey ?? null;
    if (!key) {
      const response = await fetch('/api/push/public-key', { credentials: 'include' });
      if (!response.ok) return;
      const { publicKey } = (await response.json()) as { publicKey: string };
      key = applicationServerKey(publicKey);
    }
    subscription = await sw.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
  }
  const json = subscription.toJSON();
  await fetch('/api/push/subscriptions', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ endpoint: subscription.endpoint, keys: json.keys }),
  });
  const old = event.oldSubscription?.endpoint;
  if (old && old !== subscription.endpoint) {
    await fetch('/api/push/subscriptions', {
      method: 'DELETE',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint: old }),
    });
  }
}

/** Shows each push, opens its page on a click, and keeps the subscription when the push service renews it. */
export function registerPushHandlers(sw: PushWorkerScope) {
  sw.addEventListener('push', (e) => {
    const event = e as PushMessageEvent;
    const payload = readPayload(event.data);
    event.waitUntil(
      sw.registration.showNotification(payload.title, {
        body: payload.body,
        icon: ICON,
        badge: ICON,
        tag: payload.tag,
        data: { url: appUrl(sw.location.origin, payload.url) },
      }),
    );
  });

  sw.addEventListener('notificationclick', (e) => {
    const event = e as NotificationClickEvent;
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    event.waitUntil(openPage(sw, appUrl(sw.location.origin, data?.url)));
  });

  sw.addEventListener('pushsubscriptionchange', (e) => {
    const event = e as SubscriptionChangeEvent;
    event.waitUntil(resubscribe(sw, event).catch(() => undefined));
  });
}
