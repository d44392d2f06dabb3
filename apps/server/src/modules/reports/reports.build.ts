import type { Report, ReportColumn, ReportRow, ReportSummaryItem, ReportValue } from '@shipyard/shared';

// What the four report builders share: the shape of a report's body and the small helpers that
// make its summary cards, table and charts (spec §2.14).

/** Bars a chart shows at most; the table has them all. */
const CHART_TOP = 10;

export type Body = Omit<Report, 'type' | 'title' | 'from' | 'to' | 'generatedAt'>;

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** One decimal, as a number: 12.857 → 12.9. */
const oneDecimal = (n: number) => Math.round(n * 10) / 10;
export const ratio = (a: number, b: number) => (b > 0 ? oneDecimal(a / b) : null);
export const col = (key: string, label: string, kind: ReportColumn['kind'] = 'number'): ReportColumn => ({
  key,
  label,
  kind,
});
export const item = (
  key: string,
  label: string,
  value: ReportValue,
  kind: ReportSummaryItem['kind'] = 'number',
): ReportSummaryItem => ({ key, label, value, kind });
export const table = (columns: ReportColumn[], rows: ReportRow[], totalRows: number) => ({
  columns,
  rows,
  truncated: totalRows > rows.length,
});
/** The first `n` of `list` by `score`, highest first, keeping the list's order among equals. */
export const top = <T>(list: T[], score: (x: T) => number, n = CHART_TOP) =>
  list
    .map((x, i) => ({ x, i }))
    .sort((a, b) => score(b.x) - score(a.x) || a.i - b.i)
    .slice(0, n)
    .map(({ x }) => x);
