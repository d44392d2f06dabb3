import type { PushSubscriptionBody } from '@shipyard/shared';
import { applicationServerKey } from './api/push-key.ts';

// The browser's side of web push (issue 33): permission, the service worker's registration and
// its PushManager. The service worker itself is the app's (src/sw.ts), which calls
// registerPushHandlers (sw-push.ts); on a page where it is not running, push cannot work.

/** How long to wait for the service worker before saying push needs the installed app. */
const SERVICE_WORKER_WAIT_MS = 4000;

export type PushSupport = 'supported' | 'unsupported';

export function pushSupport(): PushSupport {
  return typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
    ? 'supported'
    : 'unsupported';
}

class NoServiceWorkerError extends Error {}
export class PermissionDeniedError extends Error {}

/** The page's service worker registration, or NoServiceWorkerError once `ms` have passed without one. */
async function serviceWorkerRegistration(ms = SERVICE_WORKER_WAIT_MS): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoServiceWorkerError('no service worker')), ms);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** What the server stores of a subscription. */
export function subscriptionBody(subscription: PushSubscription): PushSubscriptionBody {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    expirationTime: subscription.expirationTime ?? null,
  };
}

/** This browser's current subscription, or null (also without a service worker). */
export async function currentSubscription(ms?: number): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const registration = await serviceWorkerRegistration(ms);
  return registration.pushManager.getSubscription();
}

/** Asks for permission (once), then subscribes this browser with the server's key. */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscription> {
  const registration = await serviceWorkerRegistration();
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PermissionDeniedError(permission);
  const key = applicationServerKey(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing) {
    const made = existing.options.applicationServerKey;
    if (made && sameBytes(new Uint8Array(made), key)) return existing;
    // Made with another key (the server's pair changed): it cannot be reused.
    await existing.unsubscribe();
  }
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);
