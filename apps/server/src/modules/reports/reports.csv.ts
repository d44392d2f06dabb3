import type { ReportColumn, ReportRow } from '@shipyard/shared';
import { toCsv as writeCsv } from '../../lib/csv.ts';

// A report's table as CSV, written by the shared writer (lib/csv.ts: RFC 4180, formulas defused,
// numbers written as numbers).

/** The header row (the column labels), then one record per row, each ending with CRLF. */
export function toCsv(columns: ReportColumn[], rows: ReportRow[]): string {
  return writeCsv(
    columns.map((c) => ({ header: c.label, value: (row: ReportRow) => row[c.key] })),
    rows,
  );
}
