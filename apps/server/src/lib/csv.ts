import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Cursor } from './cursor.ts';
import { perUserRateLimit } from './per-user-rate-limit.ts';

// The one CSV writer (the audit log, reports, and the list exports of issue 20).
// RFC 4180: CRLF after every record, a field in double quotes when it holds a comma, a quote or a
// line break, a quote inside doubled. A text cell that a spreadsheet would run as a formula
// (starting with = + - @, or a tab or carriage return that some of them skip first) gets a
// leading single quote (OWASP "CSV injection"): cells carry text other people typed. So does every
// segment after a `;`, `,`, tab or line break (spaces skipped): a spreadsheet whose list separator
// is `;` splits `Budget;=cmd|…` into two cells and would run the second (issue 27 #9). Numbers are
// written as numbers: -3 is not a formula.

export type CsvValue = string | number | boolean | Date | null | undefined;

/** A column: its header, and how a row gives its cell. */
export type CsvColumn<T> = { header: string; value: (row: T) => CsvValue };

/** Excel reads a file as UTF-8 only when it starts with the byte order mark. */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
/** A separator some spreadsheet splits a cell at, then spaces, then what starts a formula. */
const FORMULA_SEGMENT = /([;,\t\r\n] *|^ +)(?=[=+\-@])/g;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  const segments = value.replace(FORMULA_SEGMENT, "$1'");
  const text = FORMULA_START.test(segments) ? `'${segments}` : segments;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF included. */
const csvRecord = (values: CsvValue[]): string => `${values.map(csvCell).join(',')}\r\n`;

const headerOf = <T>(columns: CsvColumn<T>[]) => csvRecord(columns.map((c) => c.header));
const recordOf = <T>(columns: CsvColumn<T>[], row: T) => csvRecord(columns.map((c) => c.value(row)));

/** A whole (bounded) table as one string: the header, then one record per row. */
export function toCsv<T>(columns: CsvColumn<T>[], rows: Iterable<T>, { bom = false } = {}): string {
  let out = (bom ? CSV_BOM : '') + headerOf(columns);
  for (const row of rows) out += recordOf(columns, row);
  return out;
}

/**
 * The table as text chunks, one per page read: the BOM and header first, then each page's
 * records as the page arrives. Only one page is ever held in memory.
 */
export async function* csvChunks<T>(columns: CsvColumn<T>[], pages: AsyncIterable<T[]>) {
  yield CSV_BOM + headerOf(columns);
  for await (const page of pages) {
    if (page.length) yield page.map((row) => recordOf(columns, row)).join('');
  }
}

/**
 * Every row of a newest-first keyset list, page after page: `read` answers up to `size` rows
 * after the cursor (the first page without one); a short page is the last.
 */
export async function* keysetPages<T>(
  read: (after: Cursor | undefined, size: number) => Promise<T[]>,
  cursorOf: (row: T) => Cursor,
  size = EXPORT_PAGE_SIZE,
): AsyncGenerator<T[]> {
  let after: Cursor | undefined;
  for (;;) {
    const page = await read(after, size);
    if (page.length) yield page;
    const last = page.at(-1);
    if (page.length < size || !last) return;
    after = cursorOf(last);
  }
}

/** Rows read per query by an export: big enough to be quick, small enough to stay light. */
const EXPORT_PAGE_SIZE = 500;

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 `filename*`. */
export function attachment(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Streams a CSV download: text/csv in UTF-8, an attachment named `fileName`, `x-total-count` when
 * the list knows its size cheaply (the browser's progress bar), and the chunks as they are made.
 * A failure after the first bytes ends the response early (the browser sees a cut download).
 */
export function sendCsv(
  reply: FastifyReply,
  {
    fileName,
    chunks,
    total,
  }: { fileName: string; chunks: AsyncIterable<string>; total?: number | undefined },
) {
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', attachment(fileName))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff');
  if (total !== undefined) reply.header('x-total-count', String(total));
  return reply.send(Readable.from(chunks, { objectMode: false }));
}

/** `shipyard-<what>-YYYY-MM-DD.csv` on the server's day. */
export const exportFileName = (what: string, now: Date) =>
  `shipyard-${what}-${now.toISOString().slice(0, 10)}.csv`;

/** List exports a signed-in account may start per minute, per list (docs/security.md). */
export const EXPORTS_PER_MINUTE = 10;
export const exportRateLimit = () =>
  perUserRateLimit(
    EXPORTS_PER_MINUTE,
    '1 minute',
    'Too many exports. Please wait a minute and try again.',
    'RATE_LIMITED',
  );
