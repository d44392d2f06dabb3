import type { ExternalToast } from 'sonner';
import { t } from './i18n/index.ts';

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
/**
 * A toast's title and text description in the reader's language: callers pass their own texts
 * through t() already; a message from the server or a shared schema (English) is translated here
 * (issue 33: the shared messages are keys, locales/<code>/messages.json). t() of a translated text answers it unchanged.
 */
const show =
  (kind: 'success' | 'error' | 'info' | 'message'): Show =>
  (title, options) => {
    const description = options?.description;
    const translated =
      typeof description === 'string' ? { ...options, description: t(description) } : options;
    void ready().then(({ toast }) => toast[kind](t(title), translated));
  };

/** How long a toast offers Undo (issue 28). */
const UNDO_TOAST_MS = 10_000;

type Undoable = ExternalToast & {
  /** Takes the change back; a failure shows `undoFailed` (or a generic text) as an error toast. */
  undo: () => Promise<unknown> | unknown;
  undoFailed?: string;
};

export const toast = {
  success: show('success'),
  /**
   * A success toast with an Undo action for 10 s (status moves, drags, bulk changes, deletes):
   * one way to offer taking a change back, the same everywhere.
   */
  undoable: (title: string, { undo, undoFailed, ...options }: Undoable) =>
    show('success')(title, {
      duration: UNDO_TOAST_MS,
      ...options,
      action: {
        label: t('Undo'),
        onClick: () => {
          void Promise.resolve()
            .then(undo)
            .catch(() => toast.error(undoFailed ?? t('Could not undo the change.')));
        },
      },
    }),
  error: show('error'),
  info: show('info'),
  message: show('message'),
  /** Clears every toast (nothing to clear before sonner was ever loaded). */
  dismiss: () => {
    void sonner?.then(({ toast }) => toast.dismiss());
  },
};
