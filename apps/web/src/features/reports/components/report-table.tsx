import { REPORT_ROW_LIMIT, type Report, type ReportRow } from '@shipyard/shared';
import { DataTable } from '../../../components/data-table.tsx';
import { Card } from '../../../components/ui/card.tsx';

import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { formatReportValue } from './report-format.ts';
import { reportWord, WORD_VALUED } from './report-texts.ts';

const numeric = (kind: string) => kind === 'number' || kind === 'percent' || kind === 'days';

/** The Tables tab: the report's rows under its columns, the same as the CSV's. */
export function ReportTable({ report, caption }: { report: Report; caption: string }) {
  const { columns, rows, truncated } = report.table;
  return (
    <Card className="gap-0 py-0">
      <DataTable
        caption={
          <>
            {caption}
            {truncated
              ? ` ${t('Showing the first {{number}} rows.', { number: formatNumber(REPORT_ROW_LIMIT) })}`
              : ''}
          </>
        }
        captionClassName="mt-0 border-t px-4 py-3 text-start"
        headerRowClassName="hover:bg-transparent"
        rows={rows}
        // Rows have no id of their own and are replaced as a whole.
        rowKey={(_row, index) => index}
        columns={columns.map((column) => ({
          header: reportWord(column.label),
          headClassName: cn('first:ps-4 last:pe-4', numeric(column.kind) && 'text-end'),
          className: cn('first:ps-4 last:pe-4', numeric(column.kind) && 'text-end tabular-nums'),
          cell: (row: ReportRow) => {
            const text = formatReportValue(row[column.key] ?? null, column.kind);
            return WORD_VALUED.has(column.key) ? reportWord(text) : text;
          },
        }))}
      />
    </Card>
  );
}
