import { useDraggable } from '@dnd-kit/core';
import type { CalendarItem, CalendarTask } from '@shipyard/shared';
import type { MouseEvent } from 'react';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { formatStartTime } from './calendar-days.ts';
import { productColour } from './calendar-filters.ts';
import { type DragPayload, type GridEntry, isTaskOverdue } from './calendar-grid-model.ts';

const line =
  'flex h-5 w-full min-w-0 items-center gap-1.5 rounded-sm px-1 text-start text-xs leading-5 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50';

/** An event's or a product target date's line: its start time and title, or a diamond and title. */
function ItemFace({ item }: { item: CalendarItem }) {
  const milestone = item.source === 'product';
  return (
    <>
      {milestone ? (
        <span
          aria-hidden="true"
          className="size-[7px] shrink-0 rotate-45 rounded-[1px] bg-amber-500 dark:bg-amber-400"
        />
      ) : (
        <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full bg-primary dark:bg-ring" />
      )}
      {item.startTime ? (
        <span className="shrink-0 text-muted-foreground tabular-nums">
          {formatStartTime(item.date, item.startTime)}
        </span>
      ) : null}
      <span className="truncate">{item.title}</span>
    </>
  );
}

/** A task's line: its product's colour and title, red when overdue, struck through when done. */
function TaskFace({ task, today }: { task: CalendarTask; today: string }) {
  const overdue = isTaskOverdue(task, today);
  const done = task.status === 'Completed';
  return (
    <>
      <span
        aria-hidden="true"
        className={cn('size-2 shrink-0 rounded-[2px]', productColour(task.productId))}
      />
      <span
        data-overdue={overdue || undefined}
        className={cn(
          'truncate',
          overdue && 'font-medium text-red-600 dark:text-red-400',
          done && 'text-muted-foreground line-through',
        )}
      >
        {task.title}
      </span>
      {overdue ? <span className="sr-only">{t(', overdue')}</span> : null}
    </>
  );
}

/** The line as the dragged copy under the pointer shows it. */
export function GridEntryFace({ entry, today }: { entry: GridEntry; today: string }) {
  return (
    <div className={cn(line, 'cursor-grabbing bg-popover shadow-md ring-1 ring-border')}>
      {entry.kind === 'task' ? <TaskFace task={entry.task} today={today} /> : <ItemFace item={entry.item} />}
    </div>
  );
}

type GridEntryLineProps = {
  entry: GridEntry;
  day: string;
  today: string;
  /** The viewer may move it (and it is not a product's target date). */
  movable: boolean;
  /** An event or a target date: its day is selected (the day panel shows its card). */
  onSelectDay: (day: string) => void;
  /** A plain click on a task's line: the grid opens the task (as a panel over the calendar). */
  onOpenTask: (event: MouseEvent<HTMLAnchorElement>, taskId: string) => void;
};

/**
 * One line of a day in the big grid: a task opens its page (as a panel over the calendar), an
 * event selects its day. What the viewer may move drags to another day.
 */
export function GridEntryLine({ entry, day, today, movable, onSelectDay, onOpenTask }: GridEntryLineProps) {
  const payload: DragPayload = { entry, from: day };
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: entry.key,
    data: payload,
    disabled: !movable,
  });
  const className = cn(line, movable && 'cursor-grab', isDragging && 'opacity-40');

  if (entry.kind === 'task') {
    const taskId = entry.task.id;
    // A plain link rather than the router's <Link>: a month draws some hundred of them, and each
    // <Link> resolves its path against the route's matches; the grid's one handler navigates.
    return (
      <a
        ref={setNodeRef}
        href={paths.task(taskId)}
        onClick={(event) => onOpenTask(event, taskId)}
        draggable={false}
        data-entry="task"
        data-movable={movable || undefined}
        className={className}
        {...listeners}
      >
        <TaskFace task={entry.task} today={today} />
      </a>
    );
  }
  return (
    <button
      ref={setNodeRef}
      type="button"
      data-entry={entry.item.source}
      data-movable={movable || undefined}
      className={className}
      onClick={() => onSelectDay(day)}
      {...listeners}
    >
      <ItemFace item={entry.item} />
    </button>
  );
}
