import type { ReactNode } from 'react';
import type { NextPages } from '../../hooks/use-infinite-virtual-list.ts';

/** One column of a board, as its user hands it over. */
export type KanbanColumnData<T> = {
  /** The drop target's id: what a card dropped here is moved to. */
  id: string;
  /** The heading ('In Progress'); the announcements name the column by it too. */
  title: string;
  /** Before the title: the status's dot or icon. */
  icon?: ReactNode;
  /** The loaded cards, in their order. */
  items: readonly T[];
  /** How many cards the column holds in all (its count), loaded or not. */
  total: number;
  /** Stands in for the cards: a note ('Hidden by the status filter'), a skeleton, an error. */
  placeholder?: ReactNode;
  /** Dimmed: it still shows the cards of the previous filters. */
  stale?: boolean;
  /** Its next pages, in a board of scrolling columns (loaded as the column scrolls). */
  pages?: NextPages;
};

/** A card dropped on another column, until its move settles. */
export type PendingMove = { id: string; from: string; to: string };

/**
 * The columns as the pending moves make them look: while a column's data still holds a moved
 * card, the card shows in the column it was dropped on instead (where `compare` puts it, else at
 * the top) and both counts follow. Once the data shows the move itself, the data is left as it
 * is. A card that sorts past the loaded cards of a column with more pages stays out (it shows
 * when its page loads, counted meanwhile); a column that shows a placeholder takes no card.
 */
export function withPendingMoves<T>(
  columns: readonly KanbanColumnData<T>[],
  moves: readonly PendingMove[],
  getId: (item: T) => string,
  compare?: (a: T, b: T) => number,
): readonly KanbanColumnData<T>[] {
  if (moves.length === 0) return columns;
  const next = columns.map((column) => ({ ...column }));
  for (const move of moves) {
    const from = next.find((column) => column.id === move.from);
    const to = next.find((column) => column.id === move.to);
    const item = from?.items.find((candidate) => getId(candidate) === move.id);
    if (!from || !to || item === undefined) continue;
    from.items = from.items.filter((candidate) => getId(candidate) !== move.id);
    from.total = Math.max(0, from.total - 1);
    if (to.placeholder !== undefined) continue;
    to.total += 1;
    const at = compare ? to.items.findIndex((candidate) => compare(item, candidate) < 0) : 0;
    if (at < 0 && to.pages?.hasNextPage) continue;
    to.items = at < 0 ? [...to.items, item] : [...to.items.slice(0, at), item, ...to.items.slice(at)];
  }
  return next;
}
