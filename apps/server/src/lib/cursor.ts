import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { BadRequest } from './errors.ts';

// The keyset cursor of the newest-first lists (tasks, notifications): base64url of
// "<created_at to the microsecond, UTC>|<id>" of a page's last row (docs/data-model.md, Lists).

/** Where a list stands: the exact created_at of its last row (microseconds included) and its id. */
export type Cursor = { createdAt: string; id: string };

export const cursorMessages = {
  invalid: 'The cursor is not valid: pass the nextCursor of the previous page.',
};

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const encodeCursor = (c: Cursor) => Buffer.from(`${c.createdAt}|${c.id}`).toString('base64url');

/** The cursor, or undefined for anything `encodeCursor` did not make (PostgreSQL must never see it). */
function decodeCursor(value: string): Cursor | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return undefined;
  const [createdAt, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (rest.length || !createdAt || !id || !CURSOR_TIME.test(createdAt) || !UUID.test(id)) return undefined;
  // A real instant: '2026-02-30T…' matches the pattern but is no day.
  const millis = `${createdAt.slice(0, 23)}Z`;
  const day = new Date(millis);
  if (Number.isNaN(day.getTime()) || day.toISOString() !== millis) return undefined;
  return { createdAt, id };
}

/** The query's cursor decoded, undefined without one, or 400 VALIDATION_ERROR for a malformed one. */
export function readCursor(value: string | undefined): Cursor | undefined {
  if (value === undefined) return undefined;
  const cursor = decodeCursor(value);
  if (!cursor) {
    throw BadRequest(cursorMessages.invalid, 'VALIDATION_ERROR', {
      fields: { cursor: [cursorMessages.invalid] },
    });
  }
  return cursor;
}

/**
 * created_at as text, to the microsecond and in UTC whatever the session's settings: a JS Date
 * keeps milliseconds only, and a cursor rounded to them would skip or repeat rows.
 */
export const exactCreatedAt = (column: SQLWrapper) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The rows after the cursor in `created_at DESC, id DESC` order: an index condition of the list's index. */
export const olderThan = (createdAt: SQLWrapper, id: SQLWrapper, after: Cursor): SQL =>
  sql`(${createdAt}, ${id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`;
