import { useMemo, useRef } from 'react';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useFling } from '../../../hooks/use-fling.ts';
import { useMediaQuery } from '../../../hooks/use-mobile.ts';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import { taskCount } from './task-fields.tsx';
import { EstimateSum } from './task-hierarchy-marks.tsx';
import { type TaskRowsProps, useVirtualTasks } from './task-list-display.tsx';
import { GroupHeaderRow, TaskTableRow, tableColumns } from './task-table-row.tsx';

/**
 * How close to the last loaded row the next page (100 rows) is asked for: 60 rows, 52 past the 8
 * rendered beyond the view. At a fast flick (7,200 px/s, compact rows) that leaves the page about
 * 300 ms to arrive and be merged before its rows are needed (issue 28's scroll measure).
 */
const LOAD_MORE_WITHIN_ROWS = 60;
const ROW_ESTIMATE_PX = { comfortable: 61, compact: 36 } as const;
/** Where rows stop folding into cards (Tailwind's lg). */
const WIDE = '(min-width: 64rem)';

// Desktop: a grid of fixed columns (rows are virtual, so widths must not follow their content),
// scrolling sideways when narrow; below lg each row folds into a small card (the header row
// hides, cells wrap under the title). The columns are those the display shows (issue 28).
// Not an HTML table (issue 28's scroll measure): a row added as the list scrolls made the browser
// lay out the whole table again; here each row is placed on its own (absolute, translated), so
// only the new row is laid out. The elements stay a table's, for screen readers.

/**
 * The tasks page's list (spec §2.15 List View): how many match, then a table of every field in
 * its own scroll area, virtualized and loaded page by page as it scrolls.
 */
export function TaskTable({ resetKey, stale, updating, meta, ...rows }: TaskRowsProps) {
  return (
    <div
      className={cn('overflow-hidden rounded-xl border bg-card transition-opacity', stale && 'opacity-60')}
    >
      <div className="flex items-center justify-between gap-3 border-b px-4 py-2.5">
        <p className="flex items-center gap-3 font-medium text-sm tabular-nums" aria-live="polite">
          {taskCount(rows.total)}
          <span className="font-normal text-muted-foreground">
            <EstimateSum sum={rows.estimateSum} />
          </span>
          {meta ? <span className="font-normal text-muted-foreground">{meta}</span> : null}
        </p>
        {updating ? <Spinner label={t('Updating tasks')} className="text-muted-foreground" /> : null}
      </div>
      {/* Other filters: the rows start again from their top. */}
      <TableRows key={resetKey} {...rows} />
    </div>
  );
}

function TableRows({
  tasks: _tasks,
  items,
  display,
  onToggleGroup,
  total,
  estimateSum: _estimateSum,
  viewer,
  onEdit,
  onChangeStatus,
  ...pages
}: Omit<TaskRowsProps, 'resetKey' | 'stale' | 'updating'>) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const { columns, headers, template } = useMemo(() => {
    const { widths, ...rest } = tableColumns(display);
    return { ...rest, template: { gridTemplateColumns: widths.map(gridColumn).join(' ') } };
  }, [display]);
  // Rows mounted while the list is flung draw light (desktop rows only: a phone's folded row would
  // change its height as it fills in).
  const fling = useFling(scrollRef, useMediaQuery(WIDE));
  const { rows, totalSize, measureRow, footer } = useVirtualTasks({
    items,
    pages,
    estimateSize: ROW_ESTIMATE_PX[display.density],
    loadMoreWithin: LOAD_MORE_WITHIN_ROWS,
    scroll: { element: () => scrollRef.current },
    footerClassName: 'justify-start px-4 py-3 text-sm',
  });

  return (
    <div
      ref={scrollRef}
      data-scroll-area=""
      // relative: the rows' screen-reader labels (position: absolute) stay inside this box
      // instead of stretching the page below it (issue 14).
      // Once the page scrolls the toolbar away, the list takes the screen below the top bar.
      className="relative max-h-[max(24rem,calc(100dvh-7.5rem))] overflow-auto overscroll-contain"
    >
      {/* A table laid out as blocks and grids, not by the table algorithm (see above). */}
      <table
        aria-label={t('Tasks')}
        aria-rowcount={total + 1}
        className="block w-full text-sm lg:min-w-[64rem]"
      >
        {/* z-[1]: above the rows of this box only, so the page's top bar (z-10) stays on top. */}
        <thead className="sticky top-0 z-[1] block bg-muted max-lg:hidden">
          <tr
            aria-rowindex={1}
            style={template}
            className="grid h-9 items-center border-b text-start text-muted-foreground text-xs"
          >
            {/* text-start on each <th>: Chromium centres a <th> unless its row aligns other than start. */}
            {headers.map((header, index) => (
              <th
                key={header}
                scope="col"
                className={cn('block px-2 text-start font-medium', index === 0 && 'ps-4')}
              >
                {header}
              </th>
            ))}
            <th scope="col" className="block pe-4">
              <span className="sr-only">{t('Actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="relative block" style={{ height: totalSize }}>
          {rows.map(({ row, item }) =>
            item.kind === 'task' ? (
              <TaskTableRow
                key={row.key}
                rowRef={measureRow}
                index={row.index}
                start={row.start}
                template={template}
                task={item.task}
                fling={fling}
                display={display}
                columns={columns}
                viewer={viewer}
                onEdit={onEdit}
                onChangeStatus={onChangeStatus}
              />
            ) : (
              <GroupHeaderRow
                key={row.key}
                rowRef={measureRow}
                index={row.index}
                start={row.start}
                group={item.group}
                onToggle={onToggleGroup}
              />
            ),
          )}
        </tbody>
      </table>
      {footer}
    </div>
  );
}

/** A column's track: 'auto' (the title) takes what is left. */
const gridColumn = (width: string) => (width === 'auto' ? 'minmax(0,1fr)' : width);

export function TaskTableSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border bg-card">
      <p role="status" className="sr-only">
        {t('Loading tasks...')}
      </p>
      <div className="border-b px-4 py-3">
        <Skeleton className="h-4 w-20" />
      </div>
      {Array.from({ length: 8 }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, never reordered
        <div key={row} className="flex items-center gap-4 border-b px-4 py-3 last:border-b-0">
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-4 w-2/5" />
            <Skeleton className="h-3 w-3/5" />
          </div>
          <Skeleton className="hidden h-5 w-20 lg:block" />
          <Skeleton className="hidden h-5 w-16 lg:block" />
          <Skeleton className="hidden h-5 w-24 lg:block" />
          <Skeleton className="size-7 rounded-md" />
        </div>
      ))}
    </div>
  );
}
