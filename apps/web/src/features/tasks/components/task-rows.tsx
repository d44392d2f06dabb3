import { plainTextPreview, type Task } from '@shipyard/shared';
import { Users } from 'lucide-react';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { PriorityBadge } from '../../../components/priority-badge.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import { TaskActionsMenu } from './task-actions-menu.tsx';
import { TaskAssignee, teamLabel } from './task-assignee.tsx';
import { TaskFieldChips, useFieldChips } from './task-field-chips.tsx';
import { TaskChecklistLabels, TaskDueDate } from './task-fields.tsx';
import { TaskKey } from './task-key.tsx';
import { useTaskRowKeys } from './task-keyboard-state.tsx';
import { TaskLink } from './task-link.tsx';
import { type TaskRowsProps, useVirtualTasks } from './task-list-display.tsx';
import { TaskStateBadge } from './task-state.tsx';

/** Start loading the next page this many rows before the last loaded one comes into view (25 past the 8 rendered beyond it). */
const PREFETCH_ROWS = 33;
const ROW_ESTIMATE_PX = 84;

/**
 * A product's Tasks tab's list (spec §2.11): stacked rows, virtualized against the window (the
 * page scrolls, not the list) and loaded page by page, so thousands stay smooth. Other filters
 * load afresh (a skeleton first), so it starts from its top without being reset.
 */
export function TaskRowList({
  tasks,
  items,
  display,
  total,
  estimateSum: _estimateSum,
  meta: _meta,
  viewer,
  onEdit,
  onChangeStatus,
  ...pages
}: TaskRowsProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // The virtualizer needs the list's distance from the top of the document, which moves when
  // what is above it changes height.
  useLayoutEffect(() => {
    const measure = () => {
      const list = listRef.current;
      if (list) setScrollMargin(Math.round(list.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const { rows, totalSize, measureRow, footer } = useVirtualTasks({
    items,
    pages,
    estimateSize: ROW_ESTIMATE_PX,
    loadMoreWithin: PREFETCH_ROWS,
    scroll: { window: true, margin: scrollMargin },
    footerClassName: 'py-4 text-sm',
  });

  return (
    <>
      <ul ref={listRef} aria-label={t('Tasks')} className="relative" style={{ height: totalSize }}>
        {rows.map(({ row, item }) => (
          <li
            key={row.key}
            ref={measureRow}
            data-index={row.index}
            aria-posinset={row.index + 1}
            aria-setsize={Math.max(total, tasks.length)}
            className="absolute inset-x-0 top-0"
            style={{ transform: `translateY(${row.start - scrollMargin}px)` }}
          >
            {item.kind === 'task' ? (
              <TaskRow
                task={item.task}
                preview={display.preview}
                viewer={viewer}
                onEdit={onEdit}
                onChangeStatus={onChangeStatus}
              />
            ) : null}
          </li>
        ))}
      </ul>
      {footer}
    </>
  );
}

/** One task: title and description, then status, priority, team, assignee and due date. */
const TaskRow = memo(function TaskRow({
  task,
  preview,
  viewer,
  onEdit,
  onChangeStatus,
}: { task: Task; preview: boolean } & Pick<TaskRowsProps, 'viewer' | 'onEdit' | 'onChangeStatus'>) {
  const description = preview && task.description ? plainTextPreview(task.description, 240) : '';
  const keys = useTaskRowKeys(task);
  const fieldChips = useFieldChips(task);
  return (
    <article
      aria-label={task.title}
      data-task-id={task.id}
      {...keys.rowProps}
      className={cn(
        'relative flex items-start gap-2 border-b px-4 py-3 transition-colors hover:bg-muted/40 sm:px-6',
        keys.rowClass,
      )}
    >
      {/* Above the row's stretched link. */}
      {keys.checkbox ? <div className="relative z-10 flex h-5 items-center">{keys.checkbox}</div> : null}
      <div className="flex min-w-0 flex-1 flex-col gap-2 lg:flex-row lg:items-center lg:gap-4">
        <div className="min-w-0 flex-1">
          <h3 className="flex min-w-0 items-baseline gap-2 font-medium text-sm">
            <TaskKey taskKey={task.key} />
            {/* The whole row opens the task's panel; its menu stays above the link. */}
            <TaskLink taskId={task.id} title={task.title} className="min-w-0 truncate" stretched>
              {task.title}
            </TaskLink>
          </h3>
          {description ? (
            <p className="line-clamp-2 break-words text-muted-foreground text-sm">{description}</p>
          ) : null}
          <TaskChecklistLabels task={task} className="mt-1" />
          {/* Issue 29: the values of the product's fields shown on cards. */}
          <TaskFieldChips chips={fieldChips} className="mt-1" />
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-muted-foreground text-xs lg:flex-nowrap">
          <span className="flex items-center gap-1.5 lg:w-44">
            <TaskStateBadge task={task} />
            <PriorityBadge priority={task.priority} />
          </span>
          <span className="inline-flex min-w-0 items-center gap-1 lg:w-32">
            <Users className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate" title={teamLabel(task.team)}>
              {teamLabel(task.team)}
            </span>
          </span>
          <TaskAssignee assignee={task.assignee} className="text-foreground lg:w-36" />
          <span className="inline-flex items-center gap-1 lg:w-32">
            {task.dueDate ? (
              <>
                <span className="sr-only">{t('Due')} </span>
                {/* Red with 'Overdue' once past due, as on /tasks and the board (issue 28). */}
                <TaskDueDate task={task} withIcon />
              </>
            ) : null}
          </span>
        </div>
      </div>
      <div className="relative z-10 -my-1 w-8 shrink-0">
        <TaskActionsMenu
          task={task}
          viewer={viewer}
          place="list"
          onEdit={onEdit}
          onChangeStatus={onChangeStatus}
        />
      </div>
    </article>
  );
});

export function TaskRowsSkeleton() {
  return (
    <div>
      <span role="status" className="sr-only">
        {t('Loading tasks')}
      </span>
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="flex items-start gap-3 border-b px-4 py-3 sm:px-6 lg:items-center">
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-2/5" />
            <Skeleton className="h-3.5 w-3/4" />
          </div>
          <Skeleton className="hidden h-4 w-44 lg:block" />
          <Skeleton className="hidden h-4 w-32 lg:block" />
          <Skeleton className="hidden h-4 w-36 lg:block" />
          <Skeleton className="size-8" />
        </div>
      ))}
    </div>
  );
}
