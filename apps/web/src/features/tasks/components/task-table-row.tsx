import { plainTextPreview, type Task, type TaskDisplay, type TaskDisplayProperty } from '@shipyard/shared';
import { ChevronRightIcon } from 'lucide-react';
import { type CSSProperties, memo, type ReactNode } from 'react';
import { ChecklistProgress } from '../../../components/checklist-progress.tsx';
import { LabelChips } from '../../../components/label-chips.tsx';
import { PriorityBadge } from '../../../components/priority-badge.tsx';
import { RepeatMark } from '../../../components/repeat-mark.tsx';
import { type Fling, useSketched } from '../../../hooks/use-fling.ts';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { TaskActionsMenu } from './task-actions-menu.tsx';
import { TaskAssignee, teamLabel, WRAPPED_NAME } from './task-assignee.tsx';
import { TaskFieldChips, useFieldChips } from './task-field-chips.tsx';
import { phaseLabel, TaskDueDate } from './task-fields.tsx';
import type { GroupHeader } from './task-groups.ts';
import { EstimateSum, hasHierarchyMarks, TaskHierarchyMarks } from './task-hierarchy-marks.tsx';
import { TaskKey } from './task-key.tsx';
import { useTaskRowKeys } from './task-keyboard-state.tsx';
import { TaskLink } from './task-link.tsx';
import type { TaskRowsProps } from './task-list-display.tsx';
import { TaskStateBadge, TaskStateSketch } from './task-state.tsx';

// The rows of the tasks page's table: a task's cells (the columns the display shows) and a group's
// header, each placed at its offset in the virtual list. Desktop: a grid of fixed columns; below
// lg each row folds into a small card (cells wrap under the title).

/** Where a row of the virtual list sits: at its offset, on its own (see task-table.tsx). */
const placed = (start: number) => ({ transform: `translateY(${start}px)` });

/**
 * A visually-shown label for a cell once the row folds into a card (below lg). A function, not a
 * component: three a row, mounted for every row a scroll passes (issue 28's scroll measure).
 */
const foldLabel = (name: string) => (
  <span className="text-muted-foreground lg:sr-only">{t('{{name}}:', { name: t(name) })} </span>
);

type Column = {
  /** Marked with k(): shown as t(header). */
  header: string;
  width: string;
  /** The display property that shows it; always shown without one. */
  property?: TaskDisplayProperty;
  className?: string;
  /** Compact rows keep every cell on one line. */
  cell: (task: Task, compact: boolean) => ReactNode;
  /** Its width in compact rows, when it differs. */
  compactWidth?: string;
  /** Whether the task has no value here: a phone's folded row then leaves the cell out (issue 33). */
  isEmpty?: (task: Task) => boolean;
  /** Its light form while the list is flung (use-fling.ts), when lighter than `cell`: the text alone. */
  sketch?: (task: Task, compact: boolean) => ReactNode;
};

const oneOrTwoLines = (compact: boolean) => (compact ? 'block truncate' : 'break-words lg:line-clamp-2');

/** The columns after the title, left to right. */
const COLUMNS: Column[] = [
  {
    header: k('Product'),
    width: '9rem',
    property: 'product',
    className: 'max-lg:max-w-full max-lg:truncate max-lg:text-xs',
    cell: (task, compact) => (
      <>
        {foldLabel(k('Product'))}
        <span title={task.project.name} className={oneOrTwoLines(compact)}>
          {task.project.name}
        </span>
      </>
    ),
    sketch: (task, compact) => <span className={oneOrTwoLines(compact)}>{task.project.name}</span>,
  },
  {
    header: k('Status'),
    width: '7rem',
    property: 'status',
    cell: (task) => <TaskStateBadge task={task} />,
    sketch: (task) => <TaskStateSketch task={task} />,
  },
  {
    header: k('Priority'),
    width: '5rem',
    property: 'priority',
    cell: (task) => <PriorityBadge priority={task.priority} />,
  },
  {
    header: k('Phase'),
    width: '6.5rem',
    isEmpty: (task) => !task.phase,
    className: 'truncate max-lg:text-xs',
    cell: (task) => (
      <>
        {foldLabel(k('Phase'))}
        {phaseLabel(task.phase)}
      </>
    ),
    sketch: (task) => phaseLabel(task.phase),
  },
  {
    header: k('Team'),
    width: '9rem',
    isEmpty: (task) => !task.team,
    property: 'team',
    className: 'max-lg:truncate max-lg:text-xs',
    cell: (task, compact) => (
      <span
        title={teamLabel(task.team)}
        className={cn(oneOrTwoLines(compact), !task.team && 'text-muted-foreground')}
      >
        {teamLabel(task.team)}
      </span>
    ),
  },
  {
    header: k('Assignee'),
    width: '9rem',
    property: 'assignee',
    className: 'max-lg:text-xs',
    cell: (task) => <TaskAssignee assignee={task.assignee} className="max-w-full" wrapName />,
    // The avatar's place kept (size-5 and its gap), so the name does not move when it fills in.
    sketch: (task, compact) => (
      <span
        className={cn(
          'block truncate ps-6.5',
          !compact && WRAPPED_NAME,
          !task.assignee && 'text-muted-foreground',
        )}
      >
        {task.assignee?.name ?? t('Unassigned')}
      </span>
    ),
  },
  {
    header: k('Due date'),
    width: '7rem',
    // One line: the date and '· Overdue' side by side.
    compactWidth: '10rem',
    property: 'due',
    className: 'max-lg:text-xs',
    cell: (task, compact) => (
      <>
        {foldLabel(k('Due'))}
        <TaskDueDate task={task} stacked={!compact} />
      </>
    ),
    sketch: (task, compact) => <TaskDueDate task={task} stacked={!compact} />,
  },
];

/** The columns a display shows: the title, those of its properties, and the row's menu. */
export function tableColumns(display: TaskDisplay) {
  const columns = COLUMNS.filter((c) => !c.property || display.properties.includes(c.property));
  return {
    columns,
    headers: [t('Task'), ...columns.map((c) => t(c.header))],
    widths: [
      'auto',
      ...columns.map((c) => (display.density === 'compact' ? (c.compactWidth ?? c.width) : c.width)),
      '2.75rem',
    ],
  };
}

/** A cell: a grid cell from lg on, one item of the folded card's wrapping line below it. */
const cell = (compact: boolean) =>
  cn('block min-w-0 px-2 max-lg:order-3 max-lg:p-0', compact ? 'py-0.5' : 'py-2.5');

type RowProps = {
  rowRef: (node: HTMLElement | null) => void;
  index: number;
  /** Its offset from the top of the rows, in px. */
  start: number;
  /** The grid's columns (the header's). */
  template: CSSProperties;
  task: Task;
  display: TaskDisplay;
  columns: Column[];
  /** The list's fling: a row mounted while it is flung draws light until it rests (use-fling.ts). */
  fling?: Fling | undefined;
} & Pick<TaskRowsProps, 'viewer' | 'onEdit' | 'onChangeStatus'>;

export const TaskTableRow = memo(function TaskTableRow({
  rowRef,
  index,
  start,
  template,
  fling,
  ...row
}: RowProps) {
  const { task, display } = row;
  const compact = display.density === 'compact';
  const keys = useTaskRowKeys(task);
  const sketched = useSketched(fling);
  return (
    <tr
      ref={rowRef}
      data-index={index}
      data-task-id={task.id}
      {...keys.rowProps}
      data-density={display.density}
      data-sketch={sketched || undefined}
      aria-rowindex={index + 2}
      style={{ ...template, ...placed(start) }}
      className={cn(
        'absolute inset-x-0 top-0 border-b transition-colors hover:bg-muted/40 lg:grid lg:items-center max-lg:flex max-lg:flex-wrap max-lg:items-center max-lg:gap-x-3 max-lg:gap-y-1.5 max-lg:px-4',
        compact ? 'h-9 max-lg:h-auto max-lg:py-2' : 'max-md:py-2 md:max-lg:py-3',
        keys.rowClass,
      )}
    >
      {sketched ? <SketchCells {...row} /> : <TaskCells {...row} checkbox={keys.checkbox} />}
    </tr>
  );
});

type CellsProps = Omit<RowProps, 'rowRef' | 'index' | 'start' | 'template' | 'fling'>;

/**
 * The chips beside a compact row's title or on a line under a comfortable one's: checklist,
 * hierarchy marks, labels and the product's fields (issue 29).
 */
function TitleChips({
  task,
  display,
  fieldChips,
}: Pick<CellsProps, 'task' | 'display'> & { fieldChips: ReturnType<typeof useFieldChips> }) {
  const compact = display.density === 'compact';
  const showLabels = display.properties.includes('labels') && task.labels.length > 0;
  const showChecklist = display.properties.includes('checklist') && task.checklist.total > 0;
  const showMarks = hasHierarchyMarks(task);
  if (!showLabels && !showChecklist && !showMarks && fieldChips.length === 0) return null;
  return (
    <span
      className={cn('flex min-w-0 items-center gap-2', compact ? 'h-5 overflow-hidden' : 'flex-wrap pt-0.5')}
    >
      {showChecklist ? <ChecklistProgress checklist={task.checklist} /> : null}
      {showMarks ? <TaskHierarchyMarks task={task} /> : null}
      {showLabels ? <LabelChips labels={task.labels} className={cn(compact && 'flex-nowrap')} /> : null}
      <TaskFieldChips chips={fieldChips} oneLine={compact} />
    </span>
  );
}

/** The title's cell's inner box and the title's classes, shared by a row and its sketch. */
const titleBox = (compact: boolean) =>
  cn('min-w-0 flex-1', compact ? 'flex items-center gap-2 overflow-hidden' : 'grid gap-0.5');
const titleText = (compact: boolean) =>
  cn('w-fit max-w-full break-words font-medium', compact ? 'shrink-0 truncate' : 'line-clamp-2');
const titleCell = (compact: boolean) =>
  cn(cell(compact), 'flex items-center gap-2.5 ps-4 max-lg:order-1 max-lg:w-[calc(100%-3.25rem)]');

/** The plain-text description preview, when the display shows it. */
function Preview({ task, display }: Pick<CellsProps, 'task' | 'display'>) {
  const preview = display.preview && task.description ? plainTextPreview(task.description) : '';
  return preview ? (
    <span data-preview="" className="min-w-0 truncate text-muted-foreground text-xs">
      {preview}
    </span>
  ) : null;
}

/**
 * A row's light form while the list is flung: its texts in their places (the checkbox's and the
 * avatar's kept empty, so nothing moves when it fills in); no link, avatar, checkbox or menu, and
 * in a compact row no chips. A comfortable row keeps its chips: their wrapping lines make its
 * height, which must not change when it fills in (the list keeps the heights it measured).
 */
function SketchCells({ task, display, columns }: CellsProps) {
  const compact = display.density === 'compact';
  return (
    <>
      {/* ps: the checkbox's place (size-4 and the gap) kept. */}
      <td className={cn(titleCell(compact), 'ps-10.5')}>
        <div className={titleBox(compact)}>
          {display.properties.includes('key') ? <TaskKey taskKey={task.key} /> : null}
          <span className={titleText(compact)}>{task.title}</span>
          <Preview task={task} display={display} />
          {compact ? null : <ComfortableChips task={task} display={display} />}
        </div>
      </td>
      {columns.map((column) => (
        <td key={column.header} className={cn(cell(compact), column.className)}>
          {(column.sketch ?? column.cell)(task, compact)}
        </td>
      ))}
      <td className={cell(compact)} />
    </>
  );
}

function ComfortableChips({ task, display }: Pick<CellsProps, 'task' | 'display'>) {
  return <TitleChips task={task} display={display} fieldChips={useFieldChips(task)} />;
}

function TaskCells({
  task,
  display,
  columns,
  viewer,
  onEdit,
  onChangeStatus,
  checkbox,
}: CellsProps & { checkbox: ReactNode }) {
  const compact = display.density === 'compact';
  // Issue 29: the values of the product's fields shown on cards, after the labels.
  const fieldChips = useFieldChips(task);
  return (
    <>
      <td className={titleCell(compact)}>
        {checkbox}
        <div className={titleBox(compact)}>
          {/* The key (issue 28): beside a compact row's title, above a comfortable one's, so
              the title keeps the column's whole width. */}
          {display.properties.includes('key') ? <TaskKey taskKey={task.key} /> : null}
          <TaskLink
            taskId={task.id}
            title={task.title}
            // Compact: the title first, on one line; the preview and labels take what is left.
            className={titleText(compact)}
          >
            {task.title}
            {task.recurring ? <RepeatMark recurring className="ms-1.5 align-[-2px]" /> : null}
          </TaskLink>
          <Preview task={task} display={display} />
          <TitleChips task={task} display={display} fieldChips={fieldChips} />
        </div>
      </td>
      {columns.map((column) => (
        <td
          key={column.header}
          className={cn(cell(compact), column.className, column.isEmpty?.(task) && 'max-md:hidden')}
        >
          {column.cell(task, compact)}
        </td>
      ))}
      <td className={cn(cell(compact), 'pe-4 text-end max-lg:order-2 max-lg:ms-auto')}>
        <TaskActionsMenu
          task={task}
          viewer={viewer}
          place="list"
          onEdit={onEdit}
          onChangeStatus={onChangeStatus}
        />
      </td>
    </>
  );
}

/** A group's header row: its name and count; a click collapses or opens it. */
export function GroupHeaderRow({
  rowRef,
  index,
  start,
  group,
  onToggle,
}: {
  rowRef: (node: HTMLElement | null) => void;
  index: number;
  start: number;
  group: GroupHeader;
  onToggle?: ((key: string) => void) | undefined;
}) {
  return (
    <tr
      ref={rowRef}
      data-index={index}
      data-group={group.key}
      aria-rowindex={index + 2}
      style={placed(start)}
      className="absolute inset-x-0 top-0 block border-b bg-muted/50"
    >
      <th scope="rowgroup" className="block p-0 text-start font-normal">
        <button
          type="button"
          aria-expanded={!group.collapsed}
          onClick={() => onToggle?.(group.key)}
          className="flex h-9 w-full items-center gap-2 px-4 text-sm outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
        >
          <ChevronRightIcon
            aria-hidden="true"
            className={cn(
              'size-4 text-muted-foreground transition-transform',
              !group.collapsed && 'rotate-90',
            )}
          />
          <span className="font-medium">{group.label}</span>
          <span className="text-muted-foreground tabular-nums">{formatNumber(group.total)}</span>
          <span className="ms-auto text-muted-foreground text-xs">
            <EstimateSum sum={group.estimateSum} />
          </span>
        </button>
      </th>
    </tr>
  );
}
