import { describe, expect, it } from 'vitest';
import { type BoardLanes, boardStep } from './task-key-moves.ts';

// Where the keyboard's focus goes on a board (issue 30).

const cards = (...ids: string[]) => ids.map((id) => ({ id }));
/** One lane: a (three cards), an empty column, b (two cards). */
const board: BoardLanes<{ id: string }> = [[cards('a1', 'a2', 'a3'), [], cards('b1', 'b2')]];

describe('boardStep', () => {
  it('starts at the first card, and stays where there is nowhere to go', () => {
    expect(boardStep(board, undefined, 'down')).toBe('a1');
    expect(boardStep(board, 'gone', 'up')).toBe('a1');
    expect(boardStep([[[], []]], undefined, 'down')).toBeUndefined();
    expect(boardStep(board, 'a1', 'up')).toBe('a1');
    expect(boardStep(board, 'a3', 'down')).toBe('a3');
    expect(boardStep(board, 'a2', 'left')).toBe('a2');
    expect(boardStep(board, 'b1', 'right')).toBe('b1');
  });

  it('skips an empty column, to the card at the same place when none is on screen', () => {
    expect(boardStep(board, 'a2', 'right')).toBe('b2');
    expect(boardStep(board, 'a3', 'right')).toBe('b2');
    expect(boardStep(board, 'b1', 'left')).toBe('a1');
  });

  it('goes to the card nearest on screen when the columns scroll apart', () => {
    // Column b is scrolled: b2 sits level with a1.
    const y: Record<string, number> = { a1: 100, a2: 200, a3: 300, b1: 20, b2: 110 };
    expect(boardStep(board, 'a1', 'right', (id) => y[id])).toBe('b2');
    expect(boardStep(board, 'b1', 'left', (id) => y[id])).toBe('a1');
    // Only rendered cards have a position: the nearest of those.
    expect(boardStep(board, 'b2', 'left', (id) => (id === 'a1' ? undefined : y[id]))).toBe('a2');
  });

  it('goes on from a lane to the same column of the next lane that has cards, and back', () => {
    const lanes: BoardLanes<{ id: string }> = [
      [cards('h1'), cards('h2')],
      [[], cards('m1')],
      [cards('l1', 'l2'), []],
    ];
    expect(boardStep(lanes, 'h1', 'down')).toBe('l1');
    expect(boardStep(lanes, 'l1', 'up')).toBe('h1');
    expect(boardStep(lanes, 'h2', 'down')).toBe('m1');
    expect(boardStep(lanes, 'm1', 'down')).toBe('m1');
    // h/l stay in their lane.
    expect(boardStep(lanes, 'm1', 'left')).toBe('m1');
    expect(boardStep(lanes, 'l2', 'right')).toBe('l2');
  });
});
