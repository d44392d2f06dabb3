import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, tasks, teams, users } from '../../db/schema/index.ts';
import type { PickedRow } from './tasks.first-pages.ts';
import type { TaskWithNames } from './tasks.mapper.ts';

// A task list's page read by the ids a pick chose (tasks.listing.ts): the pick is planned alone,
// being limited, and only its rows are joined to their names.

/** A page's row with its names and its ORDER BY values. */
export type PageRow = TaskWithNames & { cursorValues: string[] };

/**
 * The rows `picked` (ids, products and cursor values, limited: planned alone) in its order, with
 * their task and names, in one round trip. A row moved out of what is listed (`within`) since it
 * was picked is left out of `shown`.
 */
export async function readPage(db: Db, picked: SQL, within: SQL | undefined) {
  const rows = await db
    .select({
      id: sql<string>`page.id`,
      productId: sql<string>`page.product_id`,
      cursorValues: sql<string[]>`page.cursor_values`,
      exact: sql<boolean>`page.exact`,
      task: tasks,
      productName: products.name,
      team: { id: teams.id, name: teams.name },
      assignee: { id: users.id, name: users.name, avatarUrl: users.avatarUrl },
    })
    .from(sql`(select picked.*, row_number() over () as at from (${picked}) picked) page`)
    .leftJoin(tasks, and(eq(tasks.id, sql`page.id`), within))
    .leftJoin(products, eq(products.id, tasks.productId))
    .leftJoin(teams, eq(teams.id, tasks.teamId))
    .leftJoin(users, eq(users.id, tasks.assigneeId))
    .orderBy(sql`page.at`);
  const shown: PageRow[] = [];
  for (const { task, productName, team, assignee, cursorValues } of rows) {
    if (task && productName !== null) shown.push({ task, productName, team, assignee, cursorValues });
  }
  return { shown, picked: rows };
}

/** How many leading rows of a repaired pick are known exactly (none past the last row kept). */
export function leadingExact(rows: { exact: boolean }[]): number {
  const past = rows.findIndex((row) => !row.exact);
  return past === -1 ? rows.length : past;
}

export const pickedRow = ({ id, productId, cursorValues }: PickedRow): PickedRow => ({
  id,
  productId,
  cursorValues,
});
