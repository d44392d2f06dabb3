import {
  observeWindowOffset,
  observeWindowRect,
  type Range,
  useVirtualizer,
  type VirtualizerOptions,
  windowScroll,
} from '@tanstack/react-virtual';
import { useCallback, useEffect } from 'react';

/** The part of a `useInfiniteQuery` result that pages a list. */
export type NextPages = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
};

export type InfiniteVirtualListOptions<TItem> = {
  /** The loaded items, in order. */
  items: readonly TItem[];
  /** A stable key per item, so a row keeps its measured height when items are added above it. */
  getKey: (item: TItem) => string;
  /** The infinite query the items come from. */
  pages: NextPages;
  /** A row's height before it is measured, in px. */
  estimateSize: number;
  /** Rows rendered beyond each edge of the view. */
  overscan: number;
  /** The next page is asked for once the last row in view is this close to the last loaded one. */
  loadMoreWithin: number;
  /** Which rows render (for rows that must stay mounted out of view, such as a dragged card). */
  rangeExtractor?: (range: Range) => number[];
  /**
   * What scrolls: an element (`element` returns it), or the page itself (`window`, with `margin`
   * the list's distance from the top of the document).
   */
  scroll: { element: () => HTMLElement | null } | { window: true; margin: number };
};

// The page as the scroll element: what `useWindowVirtualizer` passes, through `useVirtualizer`,
// so that one hook call serves both kinds of list. The virtualizer itself accepts a window; only
// `useVirtualizer`'s type narrows it to an element.
const windowScrolling = {
  getScrollElement: () => (typeof document !== 'undefined' ? window : null),
  observeElementRect: observeWindowRect,
  observeElementOffset: observeWindowOffset,
  scrollToFn: windowScroll,
  initialOffset: () => (typeof document !== 'undefined' ? window.scrollY : 0),
} as unknown as Pick<
  VirtualizerOptions<HTMLElement, HTMLElement>,
  'getScrollElement' | 'observeElementRect' | 'observeElementOffset' | 'scrollToFn' | 'initialOffset'
>;

/**
 * A list loaded page by page (`useInfiniteQuery`) and virtualized (`@tanstack/react-virtual`):
 * renders only the rows in view, measures each rendered row (`measureElement` as its ref, with
 * `data-index`), and asks for the next page as the end of the loaded rows comes into view.
 * A next page that failed is not asked for again by scrolling: `loadMore` (a "Try again") does.
 */
export function useInfiniteVirtualList<TItem>({
  items,
  getKey,
  pages: { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage },
  estimateSize,
  overscan,
  loadMoreWithin,
  rangeExtractor,
  scroll,
}: InfiniteVirtualListOptions<TItem>) {
  const inWindow = 'window' in scroll;
  const virtualizer = useVirtualizer<HTMLElement, HTMLElement>({
    count: items.length,
    estimateSize: () => estimateSize,
    overscan,
    // A scroll renders the rows with React's next batch, not synchronously inside the scroll event
    // (the default's flushSync): one render a frame however many scroll events it has, and the
    // overscan rows cover the distance meanwhile (issue 28's scroll measure).
    useFlushSync: false,
    getItemKey: (index) => {
      const item = items[index];
      return item === undefined ? index : getKey(item);
    },
    ...(rangeExtractor ? { rangeExtractor } : {}),
    ...(inWindow
      ? { ...windowScrolling, scrollMargin: scroll.margin }
      : { getScrollElement: scroll.element }),
  });

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // The last row in view, not the last one rendered: a range extractor may keep a far row mounted.
  const lastInView = virtualizer.range?.endIndex ?? -1;
  const nearEnd = lastInView >= items.length - loadMoreWithin;
  useEffect(() => {
    if (nearEnd && !isFetchNextPageError) loadMore();
  }, [nearEnd, isFetchNextPageError, loadMore]);

  return {
    virtualizer,
    /** The rows to render now. */
    rows: virtualizer.getVirtualItems(),
    /** The height of every row, measured or estimated: the list's full height. */
    totalSize: virtualizer.getTotalSize(),
    /** The ref each rendered row takes (with `data-index={row.index}`), so its real height counts. */
    measureRow: virtualizer.measureElement,
    loadMore,
    loadingMore: isFetchingNextPage,
    nextPageFailed: isFetchNextPageError && !isFetchingNextPage,
  };
}
