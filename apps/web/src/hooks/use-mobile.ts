import { useSyncExternalStore } from 'react';

/** Spec §9: below 768 px wide the sidebar becomes a slide-over panel. */
const MOBILE_BREAKPOINT = 768;

const mobileQuery = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

/**
 * One MediaQueryList per query (a list reads it on every render of a scroll, issue 28), for as long
 * as `window.matchMedia` is the same function (a test replaces it).
 */
const lists = new Map<string, MediaQueryList>();
let listsOf: typeof window.matchMedia | undefined;
const mediaList = (query: string) => {
  if (listsOf !== window.matchMedia) {
    lists.clear();
    listsOf = window.matchMedia;
  }
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
};

/** Whether the media query matches now; follows resizes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaList(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => mediaList(query).matches,
    () => false,
  );
}

/** True while the viewport is narrower than the mobile breakpoint; follows resizes. */
export function useIsMobile(): boolean {
  return useMediaQuery(mobileQuery);
}
