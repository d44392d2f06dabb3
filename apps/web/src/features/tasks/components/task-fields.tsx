import type { Task } from '@shipyard/shared';
import { startOfToday } from 'date-fns';
import { CalendarIcon, ListTodoIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ChecklistProgress } from '../../../components/checklist-progress.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LabelChips } from '../../../components/label-chips.tsx';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatNumber, initials, toDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { personColour } from '../../../lib/person-colour.ts';
import { phaseName } from './task-filter-model.ts';
import { hasHierarchyMarks, TaskHierarchyMarks } from './task-hierarchy-marks.tsx';

// The pieces of a task that both views of the tasks page show the same way.

/** '1 task', '2,000 tasks'. */
export const taskCount = (n: number) => t('{{number}} tasks', { count: n, number: formatNumber(n) });

export const phaseLabel = (phase: string | null) => (phase ? phaseName(phase) : '—');

/** Past its due date and not completed. */
export function isOverdue(task: Pick<Task, 'dueDate' | 'status'>, today = startOfToday()): boolean {
  const due = toDate(task.dueDate);
  return due !== undefined && task.status !== 'Completed' && due < today;
}

/** The assignee's picture, or their initials; nothing when the task has no assignee. */
export function AssigneeAvatar({ task, className }: { task: Pick<Task, 'assignee'>; className?: string }) {
  const assignee = task.assignee;
  if (!assignee) return null;
  return (
    <span
      className={cn('inline-flex shrink-0', className)}
      title={t('Assigned to {{name}}', { name: assignee.name })}
    >
      <Avatar className="size-6 ring-2 ring-card">
        {assignee.avatar_url ? <AvatarImage src={assignee.avatar_url} alt="" /> : null}
        <AvatarFallback
          aria-hidden="true"
          className={cn('font-semibold text-[10px] text-white leading-none', personColour(assignee.id))}
        >
          {initials(assignee.name)}
        </AvatarFallback>
      </Avatar>
      <span className="sr-only">{t('Assigned to {{name}}', { name: assignee.name })}</span>
    </span>
  );
}

/** The due date, in red with 'Overdue' when it has passed and the task is not completed. */
export function TaskDueDate({
  task,
  withIcon = false,
  stacked = false,
  className,
}: {
  task: Pick<Task, 'dueDate' | 'status'>;
  withIcon?: boolean;
  /** From lg on, 'Overdue' on a line of its own under the date (the list's narrow column). */
  stacked?: boolean;
  className?: string;
}) {
  if (!task.dueDate) {
    return withIcon ? null : (
      <span className={cn('text-muted-foreground', className)}>{t('No due date')}</span>
    );
  }
  const overdue = isOverdue(task);
  return (
    <span
      data-overdue={overdue || undefined}
      className={cn(
        'inline-flex gap-x-1 whitespace-nowrap tabular-nums',
        'items-center',
        stacked && 'lg:flex-col lg:items-start',
        className,
        overdue && 'font-medium text-red-600 dark:text-red-400',
      )}
    >
      {withIcon ? <CalendarIcon aria-hidden="true" className="size-3.5 shrink-0" /> : null}
      <time dateTime={task.dueDate}>{formatDate(task.dueDate)}</time>
      {overdue ? (
        <span className="text-xs">
          <span className={cn(stacked && 'lg:hidden')}>· </span>
          {t('Overdue')}
        </span>
      ) : null}
    </span>
  );
}

/**
 * A task's checklist progress and labels, with its sub-tasks, estimate and blocked mark (issue 29),
 * on a line of their own; nothing when it has none of them.
 */
export function TaskChecklistLabels({ task, className }: { task: Task; className?: string }) {
  if (task.labels.length === 0 && task.checklist.total === 0 && !hasHierarchyMarks(task)) return null;
  return (
    <span className={cn('flex min-w-0 flex-wrap items-center gap-2', className)}>
      <ChecklistProgress checklist={task.checklist} />
      <TaskHierarchyMarks task={task} />
      <LabelChips labels={task.labels} />
    </span>
  );
}

/** No task to show: an icon, the text and the next action (ARCHITECTURE §6). */
export function TasksEmptyState({
  narrowed,
  action,
  className,
}: {
  narrowed: boolean;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <EmptyState
      icon={ListTodoIcon}
      title={t('No tasks found')}
      description={
        narrowed
          ? t('No task matches this search and these filters.')
          : t('Tasks of the products you can see appear here.')
      }
      action={action}
      className={className}
    />
  );
}

/** A failed load: the error's text (spec §8.1) and a way to try again. */
export function TasksErrorState({
  error,
  onRetry,
  className,
}: {
  error: unknown;
  onRetry: () => void;
  className?: string;
}) {
  return <ErrorState error={error} onRetry={onRetry} className={className} />;
}
