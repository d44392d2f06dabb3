import type { ReportColumn, ReportRow, ReportValue } from '@shipyard/shared';

// RFC 4180: CRLF between records, a field in double quotes when it holds a comma, a quote or a
// line break, a quote inside doubled. A text cell that a spreadsheet would run as a formula
// (starting with = + - @, or a tab or carriage return that some of them skip first) is prefixed
// with a single quote (OWASP "CSV injection"). Numbers are written as numbers: -3 is not a formula.

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: ReportValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The header row (the column labels), then one record per row, each ending with CRLF. */
export function toCsv(columns: ReportColumn[], rows: ReportRow[]): string {
  const lines = [columns.map((c) => csvCell(c.label)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(row[c.key])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
