import { asc, sql } from 'drizzle-orm';
import { tasks } from '../../db/schema/index.ts';
import { cursorMessages } from '../../lib/cursor.ts';
import { BadRequest } from '../../lib/errors.ts';
import type { RankColumn } from '../../lib/rank.ts';

// A board column's manual order (issue 28, docs/decisions/033-manual-order.md): by rank, ties by
// id, per product and workflow state (tasks_product_state_rank_idx; issue 29: a column is a state).

/**
 * The one ORDER BY of manual order, for every list that offers it (`.orderBy(...manualOrder)`;
 * a keyset page continues after `(rank, id)`, see `encodeRankCursor`).
 */
export const manualOrder = [asc(tasks.rank), asc(tasks.id)] as const;

/** A task board column, as lib/rank.ts moves cards in it; its lock is the insert trigger's. */
export const taskColumn = (productId: string, stateId: string | null): RankColumn => ({
  table: tasks,
  id: tasks.id,
  rank: tasks.rank,
  where: stateId
    ? sql`${tasks.productId} = ${productId} and ${tasks.stateId} = ${stateId}`
    : sql`${tasks.productId} = ${productId} and ${tasks.stateId} is null`,
  lock: { space: 28, key: `${productId}:${stateId ?? ''}` },
});

/** Where a column's page stands: the rank and id of its last card. */
export type RankCursor = { rank: string; id: string };

const RANK = /^[0-9A-Za-z]{1,200}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const encodeRankCursor = (c: RankCursor) => Buffer.from(`r|${c.rank}|${c.id}`).toString('base64url');

/** The column page's cursor, undefined without one, 400 for anything encodeRankCursor did not make. */
export function readRankCursor(value: string | undefined): RankCursor | undefined {
  if (value === undefined) return undefined;
  const [kind, rank, id, ...rest] = /^[A-Za-z0-9_-]+$/.test(value)
    ? Buffer.from(value, 'base64url').toString('utf8').split('|')
    : [];
  if (kind !== 'r' || rest.length > 0 || !rank || !id || !RANK.test(rank) || !UUID.test(id)) {
    throw BadRequest(cursorMessages.invalid, 'VALIDATION_ERROR', {
      fields: { cursor: [cursorMessages.invalid] },
    });
  }
  return { rank, id };
}
