import { REPORT_ROW_LIMIT, type Report } from '@shipyard/shared';
import { Card } from '../../../components/ui/card.tsx';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';
import { formatReportValue } from './report-format.ts';

const numeric = (kind: string) => kind === 'number' || kind === 'percent' || kind === 'days';

/** The Tables tab: the report's rows under its columns, the same as the CSV's. */
export function ReportTable({ report, caption }: { report: Report; caption: string }) {
  const { columns, rows, truncated } = report.table;
  return (
    <Card className="gap-0 py-0">
      <Table>
        <TableCaption className="mt-0 border-t px-4 py-3 text-left">
          {caption}
          {truncated ? ` Showing the first ${formatNumber(REPORT_ROW_LIMIT)} rows.` : ''}
        </TableCaption>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {columns.map((column) => (
              <TableHead
                key={column.key}
                scope="col"
                className={cn('first:pl-4 last:pr-4', numeric(column.kind) && 'text-right')}
              >
                {column.label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own and are replaced as a whole.
            <TableRow key={index}>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  className={cn('first:pl-4 last:pr-4', numeric(column.kind) && 'text-right tabular-nums')}
                >
                  {formatReportValue(row[column.key] ?? null, column.kind)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
