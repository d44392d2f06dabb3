import { render, screen, waitFor, within } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../test/fetch-stubs.ts';
import { boardColumn as column, dragWithKeyboard, layOutBoard } from '../../test/kanban.ts';
import { KanbanBoard } from './kanban-board.tsx';
import { KanbanHandle } from './kanban-card.tsx';
import { KanbanNote } from './kanban-column.tsx';

type Fruit = { id: string; name: string; column: string };

const COLUMNS = [
  { id: 'green', title: 'Green' },
  { id: 'ripe', title: 'Ripe' },
  { id: 'eaten', title: 'Eaten' },
];
const NOUN = { one: 'fruit', other: 'fruits' };
const FRUITS: Fruit[] = [
  { id: 'f-1', name: 'Apple', column: 'green' },
  { id: 'f-2', name: 'Banana', column: 'green' },
  { id: 'f-3', name: 'Cherry', column: 'ripe' },
];

const fruitId = (fruit: Fruit) => fruit.id;
const fruitName = (fruit: Fruit) => fruit.name;
const columnOf = (fruit: Fruit) => fruit.column;
const renderCard = (fruit: Fruit, overlay: boolean) => (
  <article data-card={fruit.id}>
    <h3>{fruit.name}</h3>
    {overlay ? null : <KanbanHandle />}
  </article>
);

/**
 * A board over fruits kept in state, as a feature's data would be: a move the rule accepts
 * changes the data before it answers (the contract of `onMove`); a refused one leaves it.
 */
function FruitBoard({
  rule,
  canMove = () => true,
  placeholder,
  unwrapped = false,
}: {
  rule: (fruit: Fruit, column: string) => Promise<boolean>;
  canMove?: (fruit: Fruit) => boolean;
  placeholder?: { column: string; text: string };
  /** The rule as the board's `onMove` itself, as it is (a throw stays a throw). */
  unwrapped?: boolean;
}) {
  const [fruits, setFruits] = useState(FRUITS);
  const onMove = useCallback(
    async (fruit: Fruit, to: string) => {
      const stuck = await rule(fruit, to);
      if (stuck) setFruits((all) => all.map((f) => (f.id === fruit.id ? { ...f, column: to } : f)));
      return stuck;
    },
    [rule],
  );
  const columns = COLUMNS.map(({ id, title }) => {
    const items = fruits.filter((fruit) => fruit.column === id);
    const note =
      placeholder?.column === id ? <KanbanNote key={id}>{placeholder.text}</KanbanNote> : undefined;
    return { id, title, items, total: items.length, placeholder: note };
  });
  return (
    <KanbanBoard
      columns={columns}
      noun={NOUN}
      getId={fruitId}
      getName={fruitName}
      columnOf={columnOf}
      canMove={canMove}
      onMove={unwrapped ? rule : onMove}
      renderCard={renderCard}
      height="fit"
      columnWidths="auto-cols-fr"
    />
  );
}

const cardIn = (name: string, fruit: string) => within(column(name)).queryByRole('heading', { name: fruit });

describe('KanbanBoard', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows each column under its heading with its count, and says so when one is empty', () => {
    render(<FruitBoard rule={async () => true} />);

    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Green',
      'Ripe',
      'Eaten',
    ]);
    expect(column('Green')).toHaveTextContent('2 fruits');
    expect(column('Ripe')).toHaveTextContent('1 fruit');
    expect(column('Eaten')).toHaveTextContent('0 fruits');
    expect(column('Eaten')).toHaveTextContent('No fruits');
    expect(screen.getByRole('button', { name: 'Move Apple' })).toHaveAttribute(
      'aria-roledescription',
      'draggable fruit',
    );
    expect(
      screen.getByText(/^To move a fruit to another status, press space or enter to pick it up/),
    ).toBeInTheDocument();
  });

  it('moves a card with the keyboard: announces each step, shows it in its new column at once, and calls the move rule', async () => {
    layOutBoard(
      COLUMNS.map((c) => c.id),
      'fruit',
    );
    const answer = deferred<boolean>();
    const rule = vi.fn(() => answer.promise);
    render(<FruitBoard rule={rule} />);

    await dragWithKeyboard('Apple', ['ArrowRight', 'ArrowRight']);

    expect(rule).toHaveBeenCalledTimes(1);
    expect(rule).toHaveBeenCalledWith(FRUITS[0], 'eaten');
    expect(screen.getByText('Apple was moved to Eaten.')).toBeInTheDocument();
    // Before the rule answers: in Eaten, counted there, and its handle keeps the focus.
    expect(cardIn('Eaten', 'Apple')).toBeInTheDocument();
    expect(cardIn('Green', 'Apple')).not.toBeInTheDocument();
    expect(column('Eaten')).toHaveTextContent('1 fruit');
    expect(column('Green')).toHaveTextContent('1 fruit');
    await waitFor(() =>
      expect(within(column('Eaten')).getByRole('button', { name: 'Move Apple' })).toHaveFocus(),
    );

    answer.resolve(true);

    await waitFor(() => expect(rule).toHaveBeenCalledTimes(1));
    expect(cardIn('Eaten', 'Apple')).toBeInTheDocument();
    expect(column('Eaten')).toHaveTextContent('1 fruit');
  });

  it('puts a refused card back in its column, counts and focus with it', async () => {
    layOutBoard(
      COLUMNS.map((c) => c.id),
      'fruit',
    );
    const answer = deferred<boolean>();
    render(<FruitBoard rule={() => answer.promise} />);

    await dragWithKeyboard('Banana', ['ArrowRight']);
    expect(cardIn('Ripe', 'Banana')).toBeInTheDocument();
    expect(column('Ripe')).toHaveTextContent('2 fruits');

    answer.resolve(false);

    await waitFor(() => expect(cardIn('Green', 'Banana')).toBeInTheDocument());
    expect(cardIn('Ripe', 'Banana')).not.toBeInTheDocument();
    expect(column('Ripe')).toHaveTextContent('1 fruit');
    expect(column('Green')).toHaveTextContent('2 fruits');
    await waitFor(() =>
      expect(within(column('Green')).getByRole('button', { name: 'Move Banana' })).toHaveFocus(),
    );
  });

  it('puts the card back when the move rule fails outright', async () => {
    layOutBoard(
      COLUMNS.map((c) => c.id),
      'fruit',
    );
    let fail: (error: Error) => void = () => {};
    const rule = () => new Promise<boolean>((_, reject) => (fail = reject));
    render(<FruitBoard rule={rule} />);

    await dragWithKeyboard('Cherry', ['ArrowRight']);
    expect(cardIn('Eaten', 'Cherry')).toBeInTheDocument();
    fail(new Error('offline'));

    await waitFor(() => expect(cardIn('Ripe', 'Cherry')).toBeInTheDocument());
    expect(cardIn('Eaten', 'Cherry')).not.toBeInTheDocument();
  });

  it('puts the card back when the move rule throws before it answers', async () => {
    layOutBoard(
      COLUMNS.map((c) => c.id),
      'fruit',
    );
    const rule = vi.fn((): Promise<boolean> => {
      throw new Error('no network');
    });
    render(<FruitBoard rule={rule} unwrapped />);

    await dragWithKeyboard('Cherry', ['ArrowRight']);

    expect(rule).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(cardIn('Ripe', 'Cherry')).toBeInTheDocument());
    expect(cardIn('Eaten', 'Cherry')).not.toBeInTheDocument();
  });

  it('calls nothing when a card is dropped back in its own column, and says its status is unchanged', async () => {
    layOutBoard(
      COLUMNS.map((c) => c.id),
      'fruit',
    );
    const rule = vi.fn(async () => true);
    render(<FruitBoard rule={rule} />);

    await dragWithKeyboard('Cherry', ['ArrowRight', 'ArrowLeft']);

    expect(screen.getByText('Cherry was dropped back in Ripe. Its status is unchanged.')).toBeInTheDocument();
    expect(rule).not.toHaveBeenCalled();
    expect(cardIn('Ripe', 'Cherry')).toBeInTheDocument();
  });

  it('gives no handle to a card its viewer may not move', () => {
    render(<FruitBoard rule={async () => true} canMove={(fruit) => fruit.id === 'f-3'} />);

    expect(screen.queryByRole('button', { name: 'Move Apple' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move Banana' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Cherry' })).toBeInTheDocument();
  });

  it('shows a column’s placeholder instead of its cards', () => {
    render(
      <FruitBoard rule={async () => true} placeholder={{ column: 'green', text: 'Hidden by a filter' }} />,
    );

    expect(column('Green')).toHaveTextContent('Hidden by a filter');
    expect(cardIn('Green', 'Apple')).not.toBeInTheDocument();
  });
});
