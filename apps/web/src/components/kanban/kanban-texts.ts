import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';
import { formatNumber } from '../../lib/format.ts';
import { t } from '../../lib/i18n/index.ts';

/** What a board's cards are called: 'task' and 'tasks'. Every text of the board is made from it. */
export type KanbanNoun = { one: string; other: string };

type NounTexts = {
  count: (n: number) => string;
  none: () => string;
  instructions: () => string;
};

// Issue 33: each board's sentences whole, in the reader's language (a noun glued into a sentence
// does not translate). A board of another noun (the tests' fruit) reads in English.
const nounTexts: Record<string, NounTexts> = {
  task: {
    count: (n) => t('{{number}} tasks', { count: n, number: formatNumber(n) }),
    none: () => t('No tasks'),
    instructions: () =>
      t(
        'To move a task to another status, press space or enter to pick it up, use the left and right arrow keys to choose a column, then press space or enter to drop it, or escape to cancel.',
      ),
  },
  product: {
    count: (n) => t('{{number}} products', { count: n, number: formatNumber(n) }),
    none: () => t('No products'),
    instructions: () =>
      t(
        'To move a product to another status, press space or enter to pick it up, use the left and right arrow keys to choose a column, then press space or enter to drop it, or escape to cancel.',
      ),
  },
};

const englishTexts = (noun: KanbanNoun): NounTexts => ({
  count: (n) => `${formatNumber(n)} ${n === 1 ? noun.one : noun.other}`,
  none: () => `No ${noun.other}`,
  instructions: () =>
    `To move a ${noun.one} to another status, press space or enter to pick it up, use the left and right arrow keys to choose a column, then press space or enter to drop it, or escape to cancel.`,
});

/** The board's texts for its noun. */
export const kanbanTexts = (noun: KanbanNoun): NounTexts => nounTexts[noun.one] ?? englishTexts(noun);

/** A card's role for screen readers: 'draggable task'. */
export const draggableLabel = (one: string) =>
  one === 'task' ? t('draggable task') : one === 'product' ? t('draggable product') : `draggable ${one}`;

/** '1 task', '2,000 tasks'. */
export const kanbanCount = (noun: KanbanNoun, n: number) => kanbanTexts(noun).count(n);

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
  draggable: kanbanTexts(noun).instructions(),
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
      return it
        ? t('Picked up {{name}}, in the {{column}} column.', { name: it.name, column: it.from })
        : undefined;
    },
    onDragOver({ active, over }) {
      const it = card(active.data.current);
      if (!it) return undefined;
      const column = it.titleOf(over?.id);
      return column
        ? t('{{name}} is over the {{column}} column.', { name: it.name, column })
        : t('{{name}} is not over a column.', { name: it.name });
    },
    onDragEnd({ active, over }) {
      const it = card(active.data.current);
      if (!it) return undefined;
      const column = it.titleOf(over?.id);
      if (!column)
        return t('{{name}} was dropped outside the columns. Its status is unchanged.', { name: it.name });
      if (over?.id === it.column)
        return t('{{name}} was dropped back in {{column}}. Its status is unchanged.', {
          name: it.name,
          column,
        });
      return t('{{name}} was moved to {{column}}.', { name: it.name, column });
    },
    onDragCancel({ active }) {
      const it = card(active.data.current);
      return it
        ? t('Moving {{name}} was cancelled. It stays in {{column}}.', { name: it.name, column: it.from })
        : undefined;
    },
  };
}
