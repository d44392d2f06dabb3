import type { TaskCursor } from './tasks.cursor.ts';

// The first pages of task lists kept per product version (docs/decisions/041-task-list-tallies.md,
// "First pages repaired"). A list over a hundred products picked its first page from every one of
// them after any write to any of them: with writes beside the reads, most first pages were picked
// anew over a member's 25,000 tasks. A first page is now kept as the ids of its rows, with each
// product's version at the time; after a write to some products, the page
// is picked from the kept rows of the others and the matching tasks of those written to alone,
// which is exact up to the last kept row (a row of another product past it was never kept); when
// rows left and fewer than a page remain exact, the page is picked whole.

/** A row a first page picked: its id, product and ORDER BY values (as its cursor carries them). */
export type PickedRow = { id: string; productId: string; cursorValues: string[] };

type Kept = {
  /** The products listed, joined: a list over other products starts anew. */
  products: string;
  /** Each product's version read before the rows were picked (tasks.tallies.ts, `versions`). */
  versions: Map<string, string>;
  /** The leading rows of the list, in its order. */
  rows: PickedRow[];
  /** Whether `rows` are all the list's rows. */
  complete: boolean;
  /** How long the last whole pick and the last repair took (ms): the cheaper one is used. */
  took: Took;
};

type Took = { whole?: number; repaired?: number };

/** What a first page can be picked from: the rows kept of the products unchanged, and those changed. */
export type Repair = {
  kept: PickedRow[];
  changed: string[];
  /** The last row kept: rows past it are not known exactly (none when every row was kept). */
  bound: TaskCursor | undefined;
  complete: boolean;
};

export function createFirstPages({ maxEntries }: { maxEntries: number }) {
  const pages = new Map<string, Kept>();

  return {
    /**
     * How `key`'s first page over `products` can be repaired with their versions `now`; undefined
     * when nothing is kept for these products, when more than a quarter of them changed (a pick
     * over all of them costs no more then), or when the list's last repair took longer than its
     * last whole pick (a sort that walks an index picks 51 rows of 25,000 in a fraction of a
     * millisecond: fewer than a repair reads).
     */
    repair(key: string, products: string[], now: Map<string, string>): Repair | undefined {
      const kept = pages.get(key);
      if (!kept || kept.products !== products.join(',')) return undefined;
      const { whole, repaired } = kept.took;
      if (whole !== undefined && repaired !== undefined && repaired > whole) return undefined;
      const changed = products.filter((id) => kept.versions.get(id) !== now.get(id));
      if (changed.length * 4 > products.length) return undefined;
      const moved = new Set(changed);
      const last = kept.rows.at(-1);
      return {
        kept: kept.rows.filter((row) => !moved.has(row.productId)),
        changed,
        bound: kept.complete || !last ? undefined : { values: last.cursorValues, id: last.id },
        complete: kept.complete,
      };
    },

    /**
     * Keeps `rows`, the leading rows of `key`'s list over `products` at the versions `now`, read by
     * a whole pick or a repair that took `ms`.
     */
    keep(
      key: string,
      kept: { products: string[]; now: Map<string, string>; rows: PickedRow[]; complete: boolean },
      how: keyof Took,
      ms: number,
    ) {
      const took = { ...pages.get(key)?.took, [how]: ms };
      pages.delete(key);
      pages.set(key, { ...kept, products: kept.products.join(','), versions: kept.now, took });
      for (const oldest of pages.keys()) {
        if (pages.size <= maxEntries) break;
        pages.delete(oldest);
      }
    },
  };
}
