import type { ExternalToast } from 'sonner';

// Toasts, with sonner and its Toaster loaded on the first toast rather than with every page:
// public pages (landing, /auth) stay within the bundle budget (bench/bundle-budget.mjs).
// A toast waits until the Toaster has mounted and subscribed, so none is ever dropped.

type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | undefined;
let mounted: Promise<void> | undefined;
let markMounted = () => {};
const listeners = new Set<() => void>();

function ready(): Promise<Sonner> {
  if (!mounted) {
    mounted = new Promise((resolve) => {
      markMounted = resolve;
    });
    for (const listener of listeners) listener();
  }
  sonner ??= import('sonner');
  return Promise.all([sonner, mounted]).then(([module]) => module);
}

/** What ToasterHost needs: whether a toast was asked for, and a way to say the Toaster is up. */
export const toasterHost = {
  wanted: () => mounted !== undefined,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  mounted: () => markMounted(),
};

type Show = (title: string, options?: ExternalToast) => void;
const show =
  (kind: 'success' | 'error' | 'info' | 'message'): Show =>
  (title, options) => {
    void ready().then(({ toast }) => toast[kind](title, options));
  };

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  message: show('message'),
  /** Clears every toast (nothing to clear before sonner was ever loaded). */
  dismiss: () => {
    void sonner?.then(({ toast }) => toast.dismiss());
  },
};
