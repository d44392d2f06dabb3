import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useMemo, useRef } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { layOutScrollAreas } from '../test/virtual-layout.ts';
import { useInfiniteVirtualList } from './use-infinite-virtual-list.ts';

type Page = { items: string[]; next: number | null };

/** Pages of 50 items ("Item 0" …); `failAt` pages fail (once each, unless `failAlways`). */
function pagesServer({ pages = 3, failAt = [] as number[], failAlways = false } = {}) {
  const failed = new Set<number>();
  return vi.fn(async (page: number): Promise<Page> => {
    if (failAt.includes(page) && (failAlways || !failed.has(page))) {
      failed.add(page);
      throw new Error('Server down');
    }
    return {
      items: Array.from({ length: 50 }, (_, i) => `Item ${page * 50 + i}`),
      next: page + 1 < pages ? page + 1 : null,
    };
  });
}

function List({
  fetchPage,
  estimate = 20,
}: {
  fetchPage: (page: number) => Promise<Page>;
  estimate?: number;
}) {
  const query = useInfiniteQuery({
    queryKey: ['hook-test'],
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: Page) => last.next,
  });
  const items = useMemo(
    () => (query.data as InfiniteData<Page> | undefined)?.pages.flatMap((p) => p.items) ?? [],
    [query.data],
  );
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const { rows, totalSize, measureRow, loadMore, loadingMore, nextPageFailed } = useInfiniteVirtualList({
    items,
    getKey: (item) => item,
    pages: query,
    estimateSize: estimate,
    overscan: 2,
    loadMoreWithin: 10,
    scroll: { element: () => scrollRef.current },
  });
  return (
    <div ref={scrollRef} data-scroll-area="">
      <ul data-testid="list" style={{ height: totalSize }}>
        {rows.map((row) => (
          <li key={row.key} ref={measureRow} data-index={row.index}>
            {items[row.index]}
          </li>
        ))}
      </ul>
      {loadingMore ? <p>Loading more</p> : null}
      {nextPageFailed ? (
        <button type="button" onClick={loadMore}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

async function scrollTo(top: number) {
  const area = document.querySelector<HTMLElement>('[data-scroll-area]');
  if (!area) throw new Error('no scroll area');
  await act(async () => {
    area.scrollTop = top;
    fireEvent.scroll(area);
  });
}

describe('useInfiniteVirtualList', () => {
  beforeEach(() => {
    // 400 px of 20 px rows: twenty rows in view.
    layOutScrollAreas({ viewport: 400, row: 20 });
  });

  it('renders only the rows in view and a few beyond, and counts their measured height', async () => {
    renderWithProviders(<List fetchPage={pagesServer()} estimate={40} />);

    expect(await screen.findByText('Item 0')).toBeInTheDocument();
    expect(screen.getByText('Item 21')).toBeInTheDocument();
    expect(screen.queryByText('Item 23')).not.toBeInTheDocument();
    // Twenty-two rows measured at 20 px, the other twenty-eight still estimated at 40 px.
    expect(screen.getByTestId('list').style.height).toBe(`${22 * 20 + 28 * 40}px`);
  });

  it('asks for the next page only once the end of the loaded rows comes near', async () => {
    const fetchPage = pagesServer();
    renderWithProviders(<List fetchPage={fetchPage} />);
    await screen.findByText('Item 0');
    expect(fetchPage).toHaveBeenCalledTimes(1);

    // Rows 10 to 29 in view: the last is 20 rows from the end of 50.
    await scrollTo(10 * 20);
    expect(fetchPage).toHaveBeenCalledTimes(1);

    // Rows 25 to 44 in view: within ten rows of the end.
    await scrollTo(25 * 20);
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
    expect(fetchPage).toHaveBeenLastCalledWith(1);
    expect(await screen.findByText('Item 46')).toBeInTheDocument();
  });

  it('asks for nothing more once the last page is loaded', async () => {
    const fetchPage = pagesServer({ pages: 1 });
    renderWithProviders(<List fetchPage={fetchPage} />);
    await screen.findByText('Item 0');

    await scrollTo(30 * 20);
    expect(await screen.findByText('Item 49')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('does not ask again for a next page that failed until it is told to try again', async () => {
    const fetchPage = pagesServer({ failAt: [1] });
    renderWithProviders(<List fetchPage={fetchPage} />);
    await screen.findByText('Item 0');

    await scrollTo(30 * 20);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(fetchPage).toHaveBeenCalledTimes(2);

    // Scrolling on, or waiting, does not ask the failing server again and again.
    await scrollTo(29 * 20);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchPage).toHaveBeenCalledTimes(2);

    await act(async () => retry.click());
    await scrollTo(60 * 20);
    expect(await screen.findByText('Item 60')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
