import { defaultRangeExtractor, type Range } from '@tanstack/react-virtual';
import { memo, type ReactNode, useCallback, useEffect, useMemo, useRef } from 'react';
import { type NextPages, useInfiniteVirtualList } from '../../hooks/use-infinite-virtual-list.ts';
import { LoadMore } from '../load-more.tsx';
import { KanbanCard, type KanbanCardProps } from './kanban-card.tsx';
import type { KanbanNoun } from './kanban-texts.ts';

const CARD_ESTIMATE_PX = 132;
/** How close to a column's last loaded card its next page is asked for. */
const LOAD_MORE_WITHIN_CARDS = 10;

/** What a column's cards need from the board: how to name, draw and move each card. */
export type KanbanCardsProps<T> = {
  items: readonly T[];
  noun: KanbanNoun;
  getId: (item: T) => string;
  getName: (item: T) => string;
  canMove: (item: T) => boolean;
  renderCard: (item: T, overlay: boolean) => ReactNode;
  /** The dragged card: it stays mounted however far its column scrolls. */
  activeId: string | undefined;
  /** The card whose handle takes the focus once it shows in this column. */
  refocus: string | undefined;
  onRefocused: () => void;
  /** The card of this column the keyboard's focus ring is on: kept rendered, and scrolled into view. */
  focused?: string | undefined;
};

/** One card of a column, as the board names, draws and moves it; `place` puts a virtualized one. */
function cardOf<T>(
  { noun, getId, getName, canMove, renderCard, refocus, onRefocused }: KanbanCardsProps<T>,
  item: T,
  place?: Pick<KanbanCardProps<T>, 'measureRef' | 'index' | 'start' | 'className'>,
) {
  const id = getId(item);
  return (
    <KanbanCard
      key={id}
      item={item}
      id={id}
      name={getName(item)}
      noun={noun.one}
      canMove={canMove(item)}
      render={renderCard}
      takeFocus={refocus === id}
      onFocused={onRefocused}
      {...place}
    />
  );
}

const cardSelector = (id: string) => `[data-kanban-card="${CSS.escape(id)}"]`;

/**
 * Keeps the focused card in view: its column scrolls to it (rendered or not yet), then the page
 * and the board's row (a phone scrolls both) to where the column shows it.
 */
function useScrollToCard(
  index: number,
  how: { scrollToIndex: (index: number) => void; card: () => Element | null | undefined },
) {
  const latest = useRef(how);
  latest.current = how;
  useEffect(() => {
    if (index < 0) return;
    latest.current.scrollToIndex(index);
    const frame = requestAnimationFrame(() =>
      latest.current.card()?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [index]);
}

function CardList<T>(cards: KanbanCardsProps<T>) {
  const { items, getId, focused } = cards;
  const listRef = useRef<HTMLUListElement | null>(null);
  useScrollToCard(focused === undefined ? -1 : items.findIndex((item) => getId(item) === focused), {
    scrollToIndex: () => {},
    card: () => (focused === undefined ? null : listRef.current?.querySelector(cardSelector(focused))),
  });
  return (
    <ul ref={listRef} className="flex flex-1 flex-col gap-2 px-2 pb-2">
      {items.map((item) => cardOf(cards, item))}
    </ul>
  );
}

/** A column's cards as they come: for a board of a few dozen cards, the page scrolls. */
export const KanbanCardList = memo(CardList) as typeof CardList;

function VirtualCards<T>({
  hasNextPage,
  isFetchingNextPage,
  isFetchNextPageError,
  fetchNextPage,
  ...cards
}: KanbanCardsProps<T> & NextPages) {
  const { items, noun, getId, activeId, refocus, focused } = cards;
  const pages = { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage };
  const scrollRef = useRef<HTMLDivElement | null>(null);
  // The dragged card, the one about to take the focus and the focused one stay rendered even out of view.
  const pinned = useMemo(() => {
    const ids = [activeId, refocus, focused].filter((id): id is string => id !== undefined);
    return ids.map((id) => items.findIndex((item) => getId(item) === id)).filter((index) => index >= 0);
  }, [items, getId, activeId, refocus, focused]);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      const extra = pinned.filter((index) => !indexes.includes(index));
      return extra.length > 0 ? [...indexes, ...extra].sort((a, b) => a - b) : indexes;
    },
    [pinned],
  );
  const { virtualizer, rows, totalSize, measureRow, loadMore, loadingMore, nextPageFailed } =
    useInfiniteVirtualList({
      items,
      getKey: getId,
      pages,
      estimateSize: CARD_ESTIMATE_PX,
      overscan: 4,
      loadMoreWithin: LOAD_MORE_WITHIN_CARDS,
      rangeExtractor,
      scroll: { element: () => scrollRef.current },
    });
  useScrollToCard(focused === undefined ? -1 : items.findIndex((item) => getId(item) === focused), {
    scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }),
    card: () => (focused === undefined ? null : scrollRef.current?.querySelector(cardSelector(focused))),
  });

  return (
    <div
      ref={scrollRef}
      data-scroll-area=""
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-2"
    >
      <ul className="relative" style={{ height: totalSize }}>
        {rows.map((row) => {
          const item = items[row.index];
          return item === undefined
            ? null
            : cardOf(cards, item, {
                measureRef: measureRow,
                index: row.index,
                start: row.start,
                className: 'absolute top-0 start-0 w-full pb-2',
              });
        })}
      </ul>
      <LoadMore
        noun={noun.other}
        loading={loadingMore}
        failed={nextPageFailed}
        onRetry={loadMore}
        className="py-2 text-xs"
      />
    </div>
  );
}

/**
 * A column's cards, virtualized in its own scroll area and loaded page by page: a column of
 * thousands renders only the cards in view. Memoized, so a card passing over the column (its
 * highlight) re-renders none of them.
 */
export const KanbanVirtualCards = memo(VirtualCards) as typeof VirtualCards;
