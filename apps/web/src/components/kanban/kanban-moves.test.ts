import { describe, expect, it } from 'vitest';
import {
  isCurrentPlace,
  type KanbanColumnData,
  type KanbanPlace,
  placeAt,
  withPendingMoves,
} from './kanban-moves.ts';

type Card = { id: string; at: number };

const id = (card: Card) => card.id;
const byAt = (a: Card, b: Card) => a.at - b.at;
const ids = (column: KanbanColumnData<Card> | undefined) => column?.items.map(id);

/** A column of cards 'id:at', counting `total` (its cards unless told). */
const column = (
  columnId: string,
  cards: string[],
  more: Partial<KanbanColumnData<Card>> = {},
): KanbanColumnData<Card> => {
  const items = cards.map((card) => {
    const [cardId = '', at = '0'] = card.split(':');
    return { id: cardId, at: Number(at) };
  });
  return { id: columnId, title: columnId, items, total: items.length, ...more };
};
const columns = () => [column('todo', ['a:1', 'b:4']), column('done', ['c:2', 'd:5'], { total: 7 })];
const move = (cardId: string, from = 'todo', to = 'done', place: KanbanPlace = {}) => [
  { id: cardId, from, to, place },
];
const morePages = {
  hasNextPage: true,
  isFetchingNextPage: false,
  isFetchNextPageError: false,
  fetchNextPage: async () => {},
};

describe('withPendingMoves', () => {
  it('leaves the columns alone when nothing is moving', () => {
    const before = columns();
    expect(withPendingMoves(before, [], id, byAt)).toBe(before);
  });

  it('shows a card its column still holds in the column it was dropped on, in order, counted there', () => {
    const [todo, done] = withPendingMoves(columns(), move('b'), id, byAt);

    expect(ids(todo)).toEqual(['a']);
    expect(todo?.total).toBe(1);
    expect(ids(done)).toEqual(['c', 'b', 'd']);
    expect(done?.total).toBe(8);
  });

  it('puts the card at the top of its new column without an order', () => {
    const [, done] = withPendingMoves(columns(), move('a'), id);
    expect(ids(done)).toEqual(['a', 'c', 'd']);
  });

  it('leaves the data as it is once the data shows the move itself', () => {
    const moved = [column('todo', ['a:1']), column('done', ['b:4'])];
    const [todo, done] = withPendingMoves(moved, move('b'), id, byAt);
    expect(ids(todo)).toEqual(['a']);
    expect(ids(done)).toEqual(['b']);
    expect(done?.total).toBe(1);
  });

  it('keeps out of a column with more pages a card that sorts past its loaded cards, counting it', () => {
    const paged = [column('todo', ['z:9']), column('done', ['c:2', 'd:5'], { total: 7, pages: morePages })];
    const [todo, done] = withPendingMoves(paged, move('z'), id, byAt);
    expect(ids(todo)).toEqual([]);
    expect(ids(done)).toEqual(['c', 'd']);
    expect(done?.total).toBe(8);
  });

  it('puts no card in a column that shows a placeholder, nor counts it there', () => {
    const hidden = [column('todo', ['a:1', 'b:4']), column('done', [], { placeholder: 'Hidden' })];
    const [todo, done] = withPendingMoves(hidden, move('a'), id, byAt);
    expect(ids(todo)).toEqual(['b']);
    expect(ids(done)).toEqual([]);
    expect(done?.total).toBe(0);
  });
});

describe('withPendingMoves with a place (manual order, issue 28)', () => {
  it('shows the card right where it was dropped in another column, whatever the order says', () => {
    const [todo, done] = withPendingMoves(
      columns(),
      move('a', 'todo', 'done', { afterId: 'c', beforeId: 'd' }),
      id,
      byAt,
    );
    expect(ids(todo)).toEqual(['b']);
    expect(ids(done)).toEqual(['c', 'a', 'd']);
    expect(done?.total).toBe(8);
    const [, top] = withPendingMoves(columns(), move('b', 'todo', 'done', { beforeId: 'c' }), id, byAt);
    expect(ids(top)).toEqual(['b', 'c', 'd']);
  });

  it('moves a card within its own column, counting it once', () => {
    const [todo] = withPendingMoves(columns(), move('a', 'todo', 'todo', { afterId: 'b' }), id, byAt);
    expect(ids(todo)).toEqual(['b', 'a']);
    expect(todo?.total).toBe(2);
  });
});

describe('placeAt: where among the drawn cards a card was let go', () => {
  // Cards 100 px tall with 10 px between them: a 0–100, b 110–210, c 220–320.
  const drawn = [
    { id: 'c', top: 220, bottom: 320 },
    { id: 'a', top: 0, bottom: 100 },
    { id: 'b', top: 110, bottom: 210 },
  ];
  const order = ['a', 'b', 'c', 'd'];

  it('goes between the cards around the point, before the first, or after the last drawn', () => {
    expect(placeAt(order, 'x', drawn, 120)).toEqual({ afterId: 'a', beforeId: 'b' });
    expect(placeAt(order, 'x', drawn, 10)).toEqual({ beforeId: 'a' });
    // Below c, the last drawn: after it and before d, which is loaded but not drawn (out of view).
    expect(placeAt(order, 'x', drawn, 400)).toEqual({ afterId: 'c', beforeId: 'd' });
    expect(placeAt(['a', 'b'], 'x', drawn.slice(1), 400)).toEqual({ afterId: 'b' });
    expect(placeAt([], 'x', [], 50)).toEqual({});
  });

  it('does not count the dragged card itself', () => {
    expect(placeAt(order, 'b', drawn, 150)).toEqual({ afterId: 'a', beforeId: 'c' });
    expect(isCurrentPlace(order, 'b', { afterId: 'a', beforeId: 'c' })).toBe(true);
    expect(isCurrentPlace(order, 'b', { afterId: 'c', beforeId: 'd' })).toBe(false);
    expect(isCurrentPlace(order, 'a', { beforeId: 'b' })).toBe(true);
  });
});
