import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';
import { formatNumber } from '../../lib/format.ts';

/** What a board's cards are called: 'task' and 'tasks'. Every text of the board is made from it. */
export type KanbanNoun = { one: string; other: string };

/** '1 task', '2,000 tasks'. */
export const kanbanCount = (noun: KanbanNoun, n: number) =>
  `${formatNumber(n)} ${n === 1 ? noun.one : noun.other}`;

/** What a dragged card carries: its item (dnd-kit's `data`). */
export type KanbanCardData<T> = { item: T };

export const itemOf = <T>(data: unknown): T | undefined => (data as KanbanCardData<T> | undefined)?.item;

/** How the announcements name a card and a column. */
export type KanbanSpeech<T> = {
  noun: KanbanNoun;
  nameOf: (item: T) => string;
  columnOf: (item: T) => string;
  /** The column's title, or undefined for an id that is not a column. */
  titleOf: (columnId: unknown) => string | undefined;
};

export const kanbanInstructions = (noun: KanbanNoun): ScreenReaderInstructions => ({
  draggable: `To move a ${noun.one} to another status, press space or enter to pick it up, use the left and right arrow keys to choose a column, then press space or enter to drop it, or escape to cancel.`,
});

/** The live region's sentences for each step of a drag, by pointer or keyboard (ARCHITECTURE §6). */
export function kanbanAnnouncements<T>(speech: () => KanbanSpeech<T>): Announcements {
  const card = (data: unknown) => {
    const item = itemOf<T>(data);
    if (item === undefined) return undefined;
    const { nameOf, columnOf, titleOf } = speech();
    return { name: nameOf(item), column: columnOf(item), from: titleOf(columnOf(item)), titleOf };
  };
  return {
    onDragStart({ active }) {
      const it = card(active.data.current);
      return it ? `Picked up ${it.name}, in the ${it.from} column.` : undefined;
    },
    onDragOver({ active, over }) {
      const it = card(active.data.current);
      if (!it) return undefined;
      const column = it.titleOf(over?.id);
      return column ? `${it.name} is over the ${column} column.` : `${it.name} is not over a column.`;
    },
    onDragEnd({ active, over }) {
      const it = card(active.data.current);
      if (!it) return undefined;
      const column = it.titleOf(over?.id);
      if (!column) return `${it.name} was dropped outside the columns. Its status is unchanged.`;
      if (over?.id === it.column) return `${it.name} was dropped back in ${column}. Its status is unchanged.`;
      return `${it.name} was moved to ${column}.`;
    },
    onDragCancel({ active }) {
      const it = card(active.data.current);
      return it ? `Moving ${it.name} was cancelled. It stays in ${it.from}.` : undefined;
    },
  };
}
