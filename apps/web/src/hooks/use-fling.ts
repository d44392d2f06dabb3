import { type RefObject, startTransition, useEffect, useMemo, useState } from 'react';

// Issue 28's scroll measure: a list flung faster than anyone reads mounts several rows a frame, and
// a full row (its links, badges, chips, avatar, checkbox and menu) costs more to mount than a
// frame has for them. While a list is flung, the rows it mounts draw light (their text, in the same
// places: a sketch); once it rests they fill in, in a transition that yields to input. Rows
// already drawn stay as they are. docs/decisions/062-light-rows-while-flung.md.

/** Faster than this, in px/s, a scroll is a fling: rows pass by faster than they can be read. */
const FLING_PX_PER_S = 1500;
/** The list rests once it has not scrolled for this long, in ms. */
export const REST_MS = 150;
/** Scroll events further apart than this are not one movement (a jump, then another). */
const SAME_MOVE_MS = 100;

/** A scrolling element's state for the rows inside it. */
export type Fling = {
  /** Whether the element is being flung now. */
  readonly flung: boolean;
  /** `listener` once the element rests (at once when it is resting); returns the unsubscribe. */
  onRest: (listener: () => void) => () => void;
};

/**
 * Follows how fast `element` scrolls: flung from the second of two scroll events close together
 * that moved faster than FLING_PX_PER_S, resting REST_MS after the last. `enabled` false: never
 * flung (rows whose light form would not keep their height, such as a phone's folded ones).
 */
export function useFling(element: RefObject<HTMLElement | null>, enabled = true): Fling {
  const fling = useMemo(() => {
    const listeners = new Set<() => void>();
    const state = {
      flung: false,
      onRest(listener: () => void) {
        if (!state.flung) {
          listener();
          return () => {};
        }
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    return { state, listeners };
  }, []);

  useEffect(() => {
    const node = element.current;
    if (!node || !enabled) return;
    let lastTop = node.scrollTop;
    let lastAt = -Infinity;
    let rest: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      fling.state.flung = false;
      const waiting = [...fling.listeners];
      fling.listeners.clear();
      for (const listener of waiting) listener();
    };
    const onScroll = () => {
      const top = node.scrollTop;
      const now = performance.now();
      const ms = now - lastAt;
      if (ms > 0 && ms < SAME_MOVE_MS && (Math.abs(top - lastTop) / ms) * 1000 > FLING_PX_PER_S) {
        fling.state.flung = true;
      }
      lastTop = top;
      lastAt = now;
      clearTimeout(rest);
      if (fling.state.flung) rest = setTimeout(settle, REST_MS);
    };
    node.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      node.removeEventListener('scroll', onScroll);
      clearTimeout(rest);
      settle();
    };
  }, [element, enabled, fling]);

  return fling.state;
}

/**
 * Whether a row mounted inside `fling` draws light: when it mounted during a fling, until the list
 * rests (then it fills in, in a transition). Never without a fling.
 */
export function useSketched(fling: Fling | undefined): boolean {
  const [sketched, setSketched] = useState(() => fling?.flung === true);
  useEffect(() => {
    if (!sketched || !fling) return;
    return fling.onRest(() => startTransition(() => setSketched(false)));
  }, [sketched, fling]);
  return sketched;
}
