import { orderMessages, type Placement } from '@shipyard/shared';
import { and, asc, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, type PgTable, unionAll } from 'drizzle-orm/pg-core';
import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';
import type { Db } from '../db/client.ts';
import { BadRequest } from './errors.ts';

// Manual order (issue 28, docs/decisions/033-manual-order.md): a card's rank is a fractional
// index key (the `fractional-indexing` library), ascending = top to bottom, ties by id. A move
// computes the key between the cards it landed between, under the column's lock, so two drops
// into one gap get two keys one after the other. A column whose keys grow long (many drops into
// the same gap) or that holds equal keys is renumbered.

/** A key longer than this makes the column be renumbered before the move. */
export const RANK_MAX_LENGTH = 40;

/** A board column as the rank helpers see it. */
export type RankColumn = {
  table: PgTable;
  id: PgColumn;
  rank: PgColumn;
  /** The rows of the column (a product's status, a stage). */
  where: SQL;
  /**
   * The column's lock, as its table's insert trigger takes it (migration 0024): the table's lock
   * space and the key hashed to one of its 1,024 locks.
   */
  lock: { space: number; key: string };
  /** What a neighbour named by the caller must also be (e.g. visible to them). */
  neighbour?: SQL | undefined;
};

/**
 * The key between two others, or undefined when one of them is no key the library made (a row
 * written with triggers off, by hand or by an older tool): the column is renumbered then, not
 * refused.
 */
function keyBetween(above: string | null, below: string | null): string | undefined {
  try {
    return generateKeyBetween(above, below);
  } catch {
    return undefined;
  }
}

/** Whether a move names where it landed (else it goes on top, or stays where it is). */
export const isPlaced = (place: Placement) => place.afterId !== undefined || place.beforeId !== undefined;

/** Holds the column's order for this transaction (creates and other moves into it wait). */
async function lockColumn(tx: Db, { space, key }: RankColumn['lock']) {
  await tx.execute(sql`select pg_advisory_xact_lock(${space}::int, hashtext(${key}) & 1023)`);
}

type Key = { rank: string; id: string };

const notInColumn = () =>
  BadRequest(orderMessages.neighbourNotInColumn, 'VALIDATION_ERROR', {
    fields: { afterId: [orderMessages.neighbourNotInColumn] },
  });

async function neighbour(tx: Db, column: RankColumn, self: string, id: string): Promise<Key> {
  const [row] = await tx
    .select({ rank: column.rank, id: column.id })
    .from(column.table)
    .where(and(column.where, column.neighbour, eq(column.id, id), ne(column.id, self)))
    .limit(1);
  if (!row) throw notInColumn();
  return row as Key;
}

/**
 * The statement of the card right below `from` (the first one without it), or right above it;
 * not `self`: a limited walk of the column's index. `way` comes along as a column.
 */
function adjacentQuery(tx: Db, column: RankColumn, self: string, from: Key | null, way: 'below' | 'above') {
  const past =
    from === null
      ? undefined
      : way === 'below'
        ? sql`(${column.rank}, ${column.id}) > (${from.rank} collate "C", ${from.id}::uuid)`
        : sql`(${column.rank}, ${column.id}) < (${from.rank} collate "C", ${from.id}::uuid)`;
  const order = way === 'below' ? [asc(column.rank), asc(column.id)] : [desc(column.rank), desc(column.id)];
  return tx
    .select({ way: sql<string>`${way}::text`.as('way'), rank: column.rank, id: column.id })
    .from(column.table)
    .where(and(column.where, past, ne(column.id, self)))
    .orderBy(...order)
    .limit(1);
}

/** The card right below `from` (the first one without it), or right above it; not `self`. */
async function adjacent(
  tx: Db,
  column: RankColumn,
  self: string,
  from: Key | null,
  way: 'below' | 'above',
): Promise<Key | null> {
  const [row] = await adjacentQuery(tx, column, self, from, way);
  return row ? ({ rank: row.rank, id: row.id } as Key) : null;
}

/**
 * The cards now right above and right below `self` in its column (what puts it back there), in
 * one statement: each side is its own limited walk of the column's index.
 */
export async function neighboursOf(tx: Db, column: RankColumn, self: Key) {
  const rows = (await unionAll(
    adjacentQuery(tx, column, self.id, self, 'above'),
    adjacentQuery(tx, column, self.id, self, 'below'),
  )) as { way: string; id: string }[];
  const idOf = (way: string) => rows.find((row) => row.way === way)?.id ?? null;
  return { afterId: idOf('above'), beforeId: idOf('below') };
}

/** Every card of the column but `self` gets a fresh short key, in the same order. */
async function renumber(tx: Db, column: RankColumn, self: string) {
  const rows = await tx
    .select({ id: column.id })
    .from(column.table)
    .where(and(column.where, ne(column.id, self)))
    .orderBy(asc(column.rank), asc(column.id));
  if (rows.length === 0) return;
  const keys = generateNKeysBetween(null, null, rows.length);
  // Array literals: the ids are uuids and the keys base 62, nothing to escape.
  const ids = `{${rows.map((row) => row.id as string).join(',')}}`;
  await tx.execute(sql`update ${column.table} set rank = v.rank
    from unnest(${ids}::uuid[], ${`{${keys.join(',')}}`}::text[]) as v(id, rank)
    where ${column.id} = v.id`);
}

/**
 * The rank of `self` dropped at `place` in the column, computed under the column's lock (taken
 * here, held until commit): after `afterId` (and before the card now below it), else before
 * `beforeId` (and after the card now above it), else on top. A neighbour not in the column (or
 * not the caller's to see) is a 400. `renumbered`: the column's other cards got new keys.
 */
export async function rankForPlacement(
  tx: Db,
  column: RankColumn,
  self: string,
  place: Placement,
): Promise<{ rank: string; renumbered: boolean }> {
  if (place.afterId === self || place.beforeId === self) {
    throw BadRequest(orderMessages.neighbourIsItself, 'VALIDATION_ERROR', {
      fields: { afterId: [orderMessages.neighbourIsItself] },
    });
  }
  await lockColumn(tx, column.lock);
  const between = async (): Promise<string | undefined> => {
    let above: Key | null;
    let below: Key | null;
    if (place.afterId) {
      above = await neighbour(tx, column, self, place.afterId);
      if (place.beforeId) await neighbour(tx, column, self, place.beforeId);
      below = await adjacent(tx, column, self, above, 'below');
    } else if (place.beforeId) {
      below = await neighbour(tx, column, self, place.beforeId);
      above = await adjacent(tx, column, self, below, 'above');
    } else {
      above = null;
      below = await adjacent(tx, column, self, null, 'below');
    }
    if (above && below && above.rank >= below.rank) return undefined;
    const key = keyBetween(above?.rank ?? null, below?.rank ?? null);
    return key === undefined || key.length > RANK_MAX_LENGTH ? undefined : key;
  };
  const rank = await between();
  if (rank !== undefined) return { rank, renumbered: false };
  await renumber(tx, column, self);
  const again = await between();
  if (again === undefined) throw new Error('rank: no key between two renumbered cards');
  return { rank: again, renumbered: true };
}
