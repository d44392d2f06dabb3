import { cn } from '../lib/cn.ts';
import { t } from '../lib/i18n/index.ts';

/**
 * The top of a table of fixed column widths (rows that are virtual, or fold into cards on a
 * phone, must not size the columns by their content): the widths, then a row of column names
 * and a last, unnamed column for each row's menu ('Actions' for screen readers).
 */
export function FixedTableHead({
  headers,
  widths,
  cellClassName,
  rowIndex,
  className,
}: {
  /** The named columns, left to right. */
  headers: readonly string[];
  /** One width per column, the menu's included; 'auto' takes what is left. */
  widths: readonly string[];
  /** A header cell's padding. */
  cellClassName: string;
  /** The header row's aria-rowindex, in a table whose rows are virtual. */
  rowIndex?: number;
  /** The header's: sticky, hidden where rows fold. */
  className?: string;
}) {
  return (
    <>
      <colgroup>
        {widths.map((width, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns, never reordered
          <col key={index} style={width === 'auto' ? undefined : { width }} />
        ))}
      </colgroup>
      <thead className={className}>
        <tr aria-rowindex={rowIndex} className="h-9 border-b text-start text-muted-foreground text-xs">
          {headers.map((header, index) => (
            <th key={header} scope="col" className={cn(cellClassName, 'font-medium', index === 0 && 'ps-4')}>
              {header}
            </th>
          ))}
          <th scope="col" className="pe-4">
            <span className="sr-only">{t('Actions')}</span>
          </th>
        </tr>
      </thead>
    </>
  );
}
