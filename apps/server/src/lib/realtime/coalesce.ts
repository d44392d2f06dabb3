import type { Change } from './changes.ts';

// Bursts of one change, coalesced (issue 27 #6): a guest toggling watch 100 times in 1.4 s sent
// 100 messages to every browser on the product, each making it refetch. A change that arrives
// while the same one (same object, same op, same receivers) went out less than a window ago is
// held instead, the newest replacing the one held; at the window's end the held one goes out and
// a new window starts. So a lone change goes out at once, a burst as one message per window,
// and the last state always arrives (within one window). Clients only ever refetch on a change
// (decision 009), so the ones in between carry nothing the last does not.

/** The window of one burst: changes within it of one object go out as one. */
export const COALESCE_MS = 100;

/**
 * What makes two changes the same: object, op and who receives them (a task moved between
 * products is two changes, to two audiences). A change that re-checks access is never held.
 */
function coalesceKey(change: Change): string | undefined {
  if (change.access?.length) return undefined;
  const base = `${change.kind}|${change.op}|${change.id}|${change.productId}`;
  const { userIds, emailKeys, admins, everyone } = change;
  return userIds || emailKeys || admins || everyone
    ? `${base}|${JSON.stringify([userIds, emailKeys, admins, everyone])}`
    : base;
}

export type Coalescer = {
  /** True when the change goes out now; false when it is held for the end of its window. */
  admit: (change: Change) => boolean;
  /** Drops what is held and every timer (shutdown). */
  close: () => void;
};

/** `flush` receives each held change at the end of its window, in the order the windows end. */
export function createCoalescer(windowMs: number, flush: (change: Change) => void): Coalescer {
  const windows = new Map<string, { held?: Change; timer: NodeJS.Timeout }>();

  function open(key: string) {
    const timer = setTimeout(() => end(key), windowMs);
    timer.unref();
    windows.set(key, { timer });
  }

  function end(key: string) {
    const held = windows.get(key)?.held;
    windows.delete(key);
    if (!held) return;
    open(key); // what comes within a window of this one is held in turn
    flush(held);
  }

  return {
    admit(change) {
      if (windowMs <= 0) return true;
      const key = coalesceKey(change);
      if (key === undefined) return true;
      const window = windows.get(key);
      if (window) {
        window.held = change;
        return false;
      }
      open(key);
      return true;
    },
    close() {
      for (const { timer } of windows.values()) clearTimeout(timer);
      windows.clear();
    },
  };
}
