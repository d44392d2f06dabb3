import { type SQL, sql } from 'drizzle-orm';
import { type Cursor, cursorMessages, encodeCursor, exactCreatedAt, readCursor } from '../../lib/cursor.ts';
import { BadRequest } from '../../lib/errors.ts';
import { isSpecOrder, type TaskOrder } from './tasks.order.ts';
import type { OrderItem, OrderType } from './tasks.query.ts';

// The keyset cursor of a sorted or grouped task list (issue 28, docs/decisions/030-task-query.md):
// base64url of {t: the order's tag, v: the last row's order values as text, id}. The spec's order
// (newest first, no group) keeps the spec's cursor (lib/cursor.ts), which the board's columns hand
// out. A cursor of another sort or grouping is refused (400), never read as this one's.

export const taskCursorMessages = {
  otherOrder:
    'The cursor belongs to another sort or grouping: pass the nextCursor of this list’s previous page.',
};

/** Where a list stands: its last row's order values (the id excluded) and its id. */
export type TaskCursor = { values: string[]; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const DAY = /^(\d{4}-\d{2}-\d{2}|-?infinity)$/;

/** A real instant: '2026-02-30' matches the patterns but is no day (JavaScript would roll it over). */
const isInstant = (iso: string) => {
  const at = new Date(iso);
  return !Number.isNaN(at.getTime()) && at.toISOString() === iso;
};

/** Whether PostgreSQL can cast the text to the type (checked before it ever sees it). */
const VALID: Record<OrderType, (v: string) => boolean> = {
  timestamptz: (v) => INSTANT.test(v) && isInstant(`${v.slice(0, 23)}Z`),
  date: (v) => DAY.test(v) && (v.endsWith('infinity') || isInstant(`${v}T00:00:00.000Z`)),
  int: (v) => /^-?\d{1,9}$/.test(v),
  // A custom number field's value (issue 29): finite, as PostgreSQL prints a numeric.
  numeric: (v) => v.length <= 400 && /^-?\d+(\.\d+)?$/.test(v),
  text: (v) => v.length <= 1000,
  boolean: (v) => v === 'true' || v === 'false',
  uuid: (v) => UUID.test(v),
};

/** The text of an order item's value as the cursor carries it (instants to the microsecond, in UTC). */
const asText = (item: OrderItem): SQL =>
  item.type === 'timestamptz' ? exactCreatedAt(item.expr) : sql`(${item.expr})::text`;

/** The order values of a row (the id excluded), to select beside it. */
export const cursorValuesOf = (order: TaskOrder): SQL<string[]> =>
  sql<string[]>`array[${sql.join(order.items.slice(0, -1).map(asText), sql`, `)}]::text[]`;

export function encodeTaskCursor(order: TaskOrder, cursor: TaskCursor): string {
  if (isSpecOrder(order)) return encodeCursor({ createdAt: cursor.values[0] ?? '', id: cursor.id });
  return Buffer.from(JSON.stringify({ t: order.tag, v: cursor.values, id: cursor.id })).toString('base64url');
}

const invalid = (message = cursorMessages.invalid) =>
  BadRequest(message, 'VALIDATION_ERROR', { fields: { cursor: [message] } });

function parse(value: string): unknown {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return undefined;
  try {
    return JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The cursor for this order, undefined without one; 400 for a malformed one or another order's. */
export function readTaskCursor(order: TaskOrder, value: string | undefined): TaskCursor | undefined {
  if (value === undefined) return undefined;
  const parsed = parse(value);
  const isOurs = (v: unknown): v is { t: unknown; v: unknown; id: unknown } =>
    typeof v === 'object' && v !== null && 't' in v && 'v' in v && 'id' in v;
  if (isSpecOrder(order)) {
    if (isOurs(parsed)) throw invalid(taskCursorMessages.otherOrder);
    const spec = readCursor(value) as Cursor;
    return { values: [spec.createdAt], id: spec.id };
  }
  if (!isOurs(parsed)) {
    // The spec's cursor handed to a sorted list is another order's; anything else is no cursor.
    let spec: Cursor | undefined;
    try {
      spec = readCursor(value);
    } catch {
      throw invalid();
    }
    throw spec ? invalid(taskCursorMessages.otherOrder) : invalid();
  }
  if (parsed.t !== order.tag) throw invalid(taskCursorMessages.otherOrder);
  const items = order.items.slice(0, -1);
  const values = parsed.v;
  if (
    !Array.isArray(values) ||
    values.length !== items.length ||
    typeof parsed.id !== 'string' ||
    !UUID.test(parsed.id) ||
    !values.every((v, i) => typeof v === 'string' && VALID[items[i]?.type ?? 'uuid'](v))
  ) {
    throw invalid();
  }
  return { values: values as string[], id: parsed.id };
}

const castTo = (value: string, type: OrderType) => sql`${value}::${sql.raw(type)}`;

/**
 * The rows after the cursor in the order. One direction: a row comparison, an index condition of
 * the sort's index. Mixed (groups ascending, the sort descending): each item's comparison once
 * the ones before it are equal.
 */
export function afterCursor(order: TaskOrder, cursor: TaskCursor): SQL {
  const values = [...cursor.values, cursor.id];
  const { items } = order;
  const dir = items[0]?.dir;
  if (items.every((item) => item.dir === dir)) {
    const left = sql.join(
      items.map((item) => item.expr),
      sql`, `,
    );
    const right = sql.join(
      items.map((item, i) => castTo(values[i] ?? '', item.type)),
      sql`, `,
    );
    return sql`(${left}) ${sql.raw(dir === 'asc' ? '>' : '<')} (${right})`;
  }
  const branches = items.map((item, k) => {
    const equal = items
      .slice(0, k)
      .map((before, i) => sql`${before.expr} = ${castTo(values[i] ?? '', before.type)}`);
    const beyond = sql`${item.expr} ${sql.raw(item.dir === 'asc' ? '>' : '<')} ${castTo(values[k] ?? '', item.type)}`;
    return sql`(${sql.join([...equal, beyond], sql` and `)})`;
  });
  return sql`(${sql.join(branches, sql` or `)})`;
}
