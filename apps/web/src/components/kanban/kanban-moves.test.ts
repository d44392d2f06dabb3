import { describe, expect, it } from 'vitest';
import { type KanbanColumnData, withPendingMoves } from './kanban-moves.ts';

type Card = { id: string; at: number };

const id = (card: Card) => card.id;
const byAt = (a: Card, b: Card) => a.at - b.at;
const ids = (column: KanbanColumnData<Card> | undefined) => column?.items.map(id);

const columns = (): KanbanColumnData<Card>[] => [
  {
    id: 'todo',
    title: 'To do',
    items: [
      { id: 'a', at: 1 },
      { id: 'b', at: 4 },
    ],
    total: 2,
  },
  {
    id: 'done',
    title: 'Done',
    items: [
      { id: 'c', at: 2 },
      { id: 'd', at: 5 },
    ],
    total: 7,
  },
];

describe('withPendingMoves', () => {
  it('leaves the columns alone when nothing is moving', () => {
    const before = columns();
    expect(withPendingMoves(before, [], id, byAt)).toBe(before);
  });

  it('shows a card its column still holds in the column it was dropped on, in order, counted there', () => {
    const [todo, done] = withPendingMoves(columns(), [{ id: 'b', from: 'todo', to: 'done' }], id, byAt);

    expect(ids(todo)).toEqual(['a']);
    expect(todo?.total).toBe(1);
    expect(ids(done)).toEqual(['c', 'b', 'd']);
    expect(done?.total).toBe(8);
  });

  it('puts the card at the top of its new column without an order', () => {
    const [, done] = withPendingMoves(columns(), [{ id: 'a', from: 'todo', to: 'done' }], id);
    expect(ids(done)).toEqual(['a', 'c', 'd']);
  });

  it('leaves the data as it is once the data shows the move itself', () => {
    const moved: KanbanColumnData<Card>[] = [
      { id: 'todo', title: 'To do', items: [{ id: 'a', at: 1 }], total: 1 },
      { id: 'done', title: 'Done', items: [{ id: 'b', at: 4 }], total: 1 },
    ];
    const [todo, done] = withPendingMoves(moved, [{ id: 'b', from: 'todo', to: 'done' }], id, byAt);
    expect(ids(todo)).toEqual(['a']);
    expect(ids(done)).toEqual(['b']);
    expect(done?.total).toBe(1);
  });

  it('keeps out of a column with more pages a card that sorts past its loaded cards, counting it', () => {
    const pages = {
      hasNextPage: true,
      isFetchingNextPage: false,
      isFetchNextPageError: false,
      fetchNextPage: async () => {},
    };
    const paged: KanbanColumnData<Card>[] = [
      { id: 'todo', title: 'To do', items: [{ id: 'z', at: 9 }], total: 1 },
      {
        id: 'done',
        title: 'Done',
        items: [
          { id: 'c', at: 2 },
          { id: 'd', at: 5 },
        ],
        total: 7,
        pages,
      },
    ];
    const [todo, done] = withPendingMoves(paged, [{ id: 'z', from: 'todo', to: 'done' }], id, byAt);
    expect(ids(todo)).toEqual([]);
    expect(ids(done)).toEqual(['c', 'd']);
    expect(done?.total).toBe(8);
  });

  it('puts no card in a column that shows a placeholder, nor counts it there', () => {
    const hidden = columns().map((column) =>
      column.id === 'done' ? { ...column, placeholder: 'Hidden', total: 0 } : column,
    );
    const [todo, done] = withPendingMoves(hidden, [{ id: 'a', from: 'todo', to: 'done' }], id, byAt);
    expect(ids(todo)).toEqual(['b']);
    expect(done?.total).toBe(0);
    expect(ids(done)).toEqual(['c', 'd']);
  });
});
