import type { Task } from '@shipyard/shared';
import { memo, useRef } from 'react';
import { FixedTableHead } from '../../../components/fixed-table-head.tsx';
import { PriorityBadge } from '../../../components/priority-badge.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { TaskActionsMenu } from './task-actions-menu.tsx';
import { TaskAssignee, teamLabel } from './task-assignee.tsx';
import { phaseLabel, TaskChecklistLabels, TaskDueDate, taskCount } from './task-fields.tsx';
import { TaskKey } from './task-key.tsx';
import { TaskLink } from './task-link.tsx';
import { type TaskRowsProps, useVirtualTasks } from './task-list-display.tsx';
import { TaskStatusBadge } from './task-status-badge.tsx';

/** How close to the last loaded row the next page is asked for (20 rows past the 8 rendered beyond the view). */
const LOAD_MORE_WITHIN_ROWS = 28;
const ROW_ESTIMATE_PX = 61;

// Desktop: a table of fixed columns (rows are virtual, so widths must not follow their content),
// scrolling sideways when narrow; below lg each row folds into a small card (the header row
// hides, cells wrap under the title). The badge, phase and date columns are as wide as their
// longest value; the title, product and team take two lines rather than cutting text short.
const COLUMN_WIDTHS = ['auto', '9rem', '7rem', '5rem', '6.5rem', '9rem', '9rem', '7rem', '2.75rem'];
const fold = 'max-lg:block';

const HEADERS = ['Task', 'Product', 'Status', 'Priority', 'Phase', 'Team', 'Assignee', 'Due date'] as const;

/**
 * The tasks page's list (spec §2.15 List View): how many match, then a table of every field in
 * its own scroll area, virtualized and loaded page by page as it scrolls.
 */
export function TaskTable({ resetKey, stale, updating, ...rows }: TaskRowsProps) {
  return (
    <div
      className={cn('overflow-hidden rounded-xl border bg-card transition-opacity', stale && 'opacity-60')}
    >
      <div className="flex items-center justify-between gap-3 border-b px-4 py-2.5">
        <p className="font-medium text-sm tabular-nums" aria-live="polite">
          {taskCount(rows.total)}
        </p>
        {updating ? <Spinner label="Updating tasks" className="text-muted-foreground" /> : null}
      </div>
      {/* Other filters: the rows start again from their top. */}
      <TableRows key={resetKey} {...rows} />
    </div>
  );
}

function TableRows({
  tasks,
  total,
  viewer,
  onEdit,
  onChangeStatus,
  ...pages
}: Omit<TaskRowsProps, 'resetKey' | 'stale' | 'updating'>) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const { rows, totalSize, measureRow, footer } = useVirtualTasks({
    tasks,
    pages,
    estimateSize: ROW_ESTIMATE_PX,
    loadMoreWithin: LOAD_MORE_WITHIN_ROWS,
    scroll: { element: () => scrollRef.current },
    footerClassName: 'justify-start px-4 py-3 text-sm',
  });

  // Rows out of view are stood in for by two spacer rows, so the table keeps its column layout.
  const paddingTop = rows[0]?.row.start ?? 0;
  const paddingBottom = totalSize - (rows.at(-1)?.row.end ?? 0);

  return (
    <div
      ref={scrollRef}
      data-scroll-area=""
      // relative: the rows' screen-reader labels (position: absolute) stay inside this box
      // instead of stretching the page below it (issue 14).
      className="relative max-h-[max(24rem,calc(100dvh-17rem))] overflow-auto overscroll-contain"
    >
      <table
        aria-label="Tasks"
        aria-rowcount={total + 1}
        className={cn('w-full table-fixed border-collapse text-sm lg:min-w-[64rem]', fold)}
      >
        {/* z-[1]: above the rows of this box only, so the page's top bar (z-10) stays on top. */}
        <FixedTableHead
          headers={HEADERS}
          widths={COLUMN_WIDTHS}
          cellClassName="px-2"
          rowIndex={1}
          className="sticky top-0 z-[1] bg-muted max-lg:hidden"
        />
        <tbody className={fold}>
          {paddingTop > 0 ? <SpacerRow height={paddingTop} /> : null}
          {rows.map(({ row, task }) => (
            <TaskRow
              key={row.key}
              rowRef={measureRow}
              index={row.index}
              task={task}
              viewer={viewer}
              onEdit={onEdit}
              onChangeStatus={onChangeStatus}
            />
          ))}
          {paddingBottom > 0 ? <SpacerRow height={paddingBottom} /> : null}
        </tbody>
      </table>
      {footer}
    </div>
  );
}

function SpacerRow({ height }: { height: number }) {
  return (
    <tr className={fold} data-spacer="">
      <td colSpan={COLUMN_WIDTHS.length} style={{ height }} className={cn('p-0', fold)} />
    </tr>
  );
}

/** A visually-shown label for a cell once the row folds into a card (below lg). */
function FoldLabel({ children }: { children: string }) {
  return <span className="text-muted-foreground lg:sr-only">{children}: </span>;
}

/** A cell: a table cell from lg on, one item of the folded card's wrapping line below it. */
const cell = 'px-2 py-2.5 align-middle max-lg:order-3 max-lg:block max-lg:p-0';

const TaskRow = memo(function TaskRow({
  rowRef,
  index,
  task,
  viewer,
  onEdit,
  onChangeStatus,
}: {
  rowRef: (node: HTMLElement | null) => void;
  index: number;
  task: Task;
} & Pick<TaskRowsProps, 'viewer' | 'onEdit' | 'onChangeStatus'>) {
  return (
    <tr
      ref={rowRef}
      data-index={index}
      data-task-id={task.id}
      aria-rowindex={index + 2}
      className="border-b transition-colors last:border-b-0 hover:bg-muted/40 max-lg:flex max-lg:flex-wrap max-lg:items-center max-lg:gap-x-3 max-lg:gap-y-1.5 max-lg:px-4 max-lg:py-3"
    >
      <td className={cn(cell, 'pl-4 max-lg:order-1 max-lg:w-[calc(100%-3.25rem)]')}>
        <div className="grid min-w-0 gap-0.5">
          <span className="flex min-w-0 items-baseline gap-2">
            <TaskKey taskKey={task.key} />
            <TaskLink
              taskId={task.id}
              title={task.title}
              className="line-clamp-2 w-fit max-w-full break-words font-medium"
            >
              {task.title}
            </TaskLink>
          </span>
          {task.description ? (
            <span className="truncate text-muted-foreground text-xs">{task.description}</span>
          ) : null}
          <TaskChecklistLabels task={task} className="pt-0.5" />
        </div>
      </td>
      <td className={cn(cell, 'max-lg:max-w-full max-lg:truncate max-lg:text-xs')}>
        <FoldLabel>Product</FoldLabel>
        <span title={task.project.name} className="break-words lg:line-clamp-2">
          {task.project.name}
        </span>
      </td>
      <td className={cell}>
        <TaskStatusBadge status={task.status} />
      </td>
      <td className={cell}>
        <PriorityBadge priority={task.priority} />
      </td>
      <td className={cn(cell, 'truncate max-lg:text-xs')}>
        <FoldLabel>Phase</FoldLabel>
        {phaseLabel(task.phase)}
      </td>
      <td
        title={teamLabel(task.team)}
        className={cn(cell, 'max-lg:truncate max-lg:text-xs', !task.team && 'text-muted-foreground')}
      >
        <span className="break-words lg:line-clamp-2">{teamLabel(task.team)}</span>
      </td>
      <td className={cn(cell, 'max-lg:text-xs')}>
        <TaskAssignee assignee={task.assignee} className="max-w-full" wrapName />
      </td>
      <td className={cn(cell, 'max-lg:text-xs')}>
        <FoldLabel>Due</FoldLabel>
        <TaskDueDate task={task} stacked />
      </td>
      <td className={cn(cell, 'pr-4 text-right max-lg:order-2 max-lg:ml-auto')}>
        <TaskActionsMenu task={task} viewer={viewer} onEdit={onEdit} onChangeStatus={onChangeStatus} />
      </td>
    </tr>
  );
});

export function TaskTableSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border bg-card">
      <p role="status" className="sr-only">
        Loading tasks...
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
