// How the keyboard's focus walks a board (issue 30): j/k down and up a column, h/l to the
// neighbouring column that has cards, and in swimlanes from a lane's last card on to the next
// lane's. Pure: where the cards sit on screen comes from `positionOf`.

/** A board as the keys walk it: its lanes (one when not grouped), each its columns' cards in order. */
export type BoardLanes<T extends { id: string }> = readonly (readonly (readonly T[])[])[];

export type BoardStep = 'up' | 'down' | 'left' | 'right';

type Place = { lane: number; column: number; index: number };

function placeOf<T extends { id: string }>(lanes: BoardLanes<T>, id: string): Place | undefined {
  for (const [lane, columns] of lanes.entries()) {
    for (const [column, cards] of columns.entries()) {
      const index = cards.findIndex((card) => card.id === id);
      if (index >= 0) return { lane, column, index };
    }
  }
  return undefined;
}

/**
 * The card of `cards` nearest to the focused one: by their vertical position on screen when the
 * board shows them (a column scrolls on its own), else the one at the same place in its column.
 */
function nearest<T extends { id: string }>(
  cards: readonly T[],
  from: { id: string; index: number },
  positionOf: (id: string) => number | undefined,
): T | undefined {
  const at = positionOf(from.id);
  if (at !== undefined) {
    let best: { card: T; distance: number } | undefined;
    for (const card of cards) {
      const position = positionOf(card.id);
      if (position === undefined) continue;
      const distance = Math.abs(position - at);
      if (!best || distance < best.distance) best = { card, distance };
    }
    if (best) return best.card;
  }
  return cards[Math.min(from.index, cards.length - 1)];
}

/**
 * Where the focus goes from `focusedId` by `step`: the id of the card, or `focusedId` itself when
 * there is nowhere to go (the end of a column in the last lane, no column with cards beside).
 * Without a focus (or one that left the board), the first card.
 */
export function boardStep<T extends { id: string }>(
  lanes: BoardLanes<T>,
  focusedId: string | undefined,
  step: BoardStep,
  positionOf: (id: string) => number | undefined = () => undefined,
): string | undefined {
  const from = focusedId === undefined ? undefined : placeOf(lanes, focusedId);
  if (!from || focusedId === undefined) return lanes.flat(2)[0]?.id;
  const column = (lane: number, index: number) => lanes[lane]?.[index] ?? [];
  const here = column(from.lane, from.column);

  if (step === 'down' || step === 'up') {
    const next = here[from.index + (step === 'down' ? 1 : -1)];
    if (next) return next.id;
    // Past the column's end: on in the same column of the next (or previous) lane that has cards.
    const dir = step === 'down' ? 1 : -1;
    for (let lane = from.lane + dir; lane >= 0 && lane < lanes.length; lane += dir) {
      const cards = column(lane, from.column);
      const card = step === 'down' ? cards[0] : cards[cards.length - 1];
      if (card) return card.id;
    }
    return focusedId;
  }

  const dir = step === 'right' ? 1 : -1;
  const columns = lanes[from.lane] ?? [];
  for (let index = from.column + dir; index >= 0 && index < columns.length; index += dir) {
    const cards = columns[index] ?? [];
    if (cards.length === 0) continue;
    return nearest(cards, { id: focusedId, index: from.index }, positionOf)?.id ?? focusedId;
  }
  return focusedId;
}
