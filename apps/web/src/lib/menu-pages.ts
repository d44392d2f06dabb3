import type { MenuItem } from '@shipyard/shared';
import { useEffect } from 'react';
import { whenIdle } from './when-idle.ts';

/** A page's code, as the router loads it. */
type PageLoader = () => Promise<unknown>;

let pages: Partial<Record<MenuItem, PageLoader>> = {};

/** The router hands over the loaders of the menu's pages (its lazy imports: the same chunks). */
export function setMenuPages(loaders: Record<MenuItem, PageLoader>) {
  pages = loaders;
}

type Connection = { saveData?: boolean; effectiveType?: string };

/**
 * The code of the pages the menu links to is fetched while the browser is idle, one page at a
 * time in the menu's order, as a site prefetches the links in view: a click on the menu then
 * waits only for the page's data (issue 31: the month calendar within 300 ms of the click). Not
 * when the connection asks to save data or is a slow one; a page whose code fails to load is left
 * to the click, which loads it again.
 */
export function usePrefetchMenuPages(items: readonly MenuItem[]) {
  const key = items.join(',');
  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: Connection }).connection;
    if (connection?.saveData || /(^|-)2g$/.test(connection?.effectiveType ?? '')) return;
    const queue = key.split(',') as MenuItem[];
    let stopped = false;
    let cancel = () => {};
    const next = () => {
      const item = queue.shift();
      const load = item && pages[item];
      if (stopped || !load) return;
      cancel = whenIdle(() => {
        void load()
          .catch(() => {})
          .then(next);
      });
    };
    next();
    return () => {
      stopped = true;
      cancel();
    };
  }, [key]);
}
