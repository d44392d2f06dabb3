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
  /** Beside the count: what else the column sums up (its tasks' estimates, issue 29). */
  meta?: ReactNode;
  /** Stands in for the cards: a note ('Hidden by the status filter'), a skeleton, an error. */
  placeholder?: ReactNode;
  /** Dimmed: it still shows the cards of the previous filters. */
  stale?: boolean;
  /** Its next pages, in a board of scrolling columns (loaded as the column scrolls). */
  pages?: NextPages;
};

/**
 * Where a card was dropped among a column's cards (issue 28, manual order): right below
 * `afterId` and above `beforeId`; neither: an empty column (or nothing known), on top.
 */
export type KanbanPlace = { afterId?: string; beforeId?: string };

/** A card dropped on a column (another one, or another place in its own), until its move settles. */
export type PendingMove = { id: string; from: string; to: string; place: KanbanPlace };

/** A card shown in a column: its id and where it is drawn, top and bottom (px, the viewport's). */
export type ShownCard = { id: string; top: number; bottom: number };

/**
 * The place of a card dropped at height `y` (px) in a column: above the first card drawn whose
 * middle is below `y` (and after the card before that one in the column's order), else below
 * the last card drawn (and before the one after it). The dragged card itself does not count.
 */
export function placeAt(
  order: readonly string[],
  movingId: string,
  shown: readonly ShownCard[],
  y: number,
): KanbanPlace {
  const ids = order.filter((id) => id !== movingId);
  const drawn = shown
    .filter((card) => card.id !== movingId && ids.includes(card.id))
    .sort((a, b) => a.top - b.top);
  const below = drawn.find((card) => (card.top + card.bottom) / 2 > y);
  if (below) {
    const above = ids[ids.indexOf(below.id) - 1];
    return above === undefined ? { beforeId: below.id } : { afterId: above, beforeId: below.id };
  }
  const last = drawn.at(-1);
  if (!last) return {};
  const next = ids[ids.indexOf(last.id) + 1];
  return next === undefined ? { afterId: last.id } : { afterId: last.id, beforeId: next };
}

/** Whether `place` is where the card already is in `order` (a drop that moves nothing). */
export function isCurrentPlace(order: readonly string[], id: string, place: KanbanPlace): boolean {
  const at = order.indexOf(id);
  if (at < 0) return false;
  return place.afterId === order[at - 1] && place.beforeId === order[at + 1];
}

/** Where the card goes among `items` (without it): after `afterId`, before `beforeId`, or -1. */
function indexOfPlace<T>(items: readonly T[], getId: (item: T) => string, place: KanbanPlace): number {
  if (place.afterId !== undefined) {
    const at = items.findIndex((candidate) => getId(candidate) === place.afterId);
    if (at >= 0) return at + 1;
  }
  if (place.beforeId !== undefined)
    return items.findIndex((candidate) => getId(candidate) === place.beforeId);
  return -1;
}

/**
 * The columns as the pending moves make them look: while a move is on its way, the card shows
 * where it was dropped (its place; without one, where `compare` puts it, else at the top) and
 * both counts follow. A card that sorts past the loaded cards of a column with more pages stays
 * out (it shows when its page loads, counted meanwhile); a column that shows a placeholder takes
 * no card.
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
    const placed = indexOfPlace(to.items, getId, move.place);
    const at =
      placed >= 0 ? placed : compare ? to.items.findIndex((candidate) => compare(item, candidate) < 0) : 0;
    if (at < 0 && to.pages?.hasNextPage) continue;
    to.items = at < 0 ? [...to.items, item] : [...to.items.slice(0, at), item, ...to.items.slice(at)];
  }
  return next;
}
