import type { CalendarTask } from '@shipyard/shared';
import { CalendarArrowUpIcon, CheckCircle2Icon, CircleDashedIcon, CircleIcon, UserIcon } from 'lucide-react';
import { Link } from 'react-router';
import { RowActionsMenu } from '../../../components/row-actions-menu.tsx';
import { cn } from '../../../lib/cn.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { productColour } from './calendar-filters.ts';

const statusIcons = { Pending: CircleIcon, 'In Progress': CircleDashedIcon, Completed: CheckCircle2Icon };
// The task statuses' names, translated where shown.
const statusNames: Record<CalendarTask['status'], string> = {
  Pending: k('Pending'),
  'In Progress': k('In Progress'),
  Completed: k('Completed'),
};

const moveIcon = <CalendarArrowUpIcon aria-hidden="true" />;

/**
 * A task due on the day: its product's colour, title (opening the task), product, status and
 * assignee; for whoever may change its due date, a menu to move it to another day (issue 31).
 */
export function CalendarTaskCard({
  task,
  onMoveToDate,
}: {
  task: CalendarTask;
  onMoveToDate?: ((task: CalendarTask) => void) | undefined;
}) {
  const StatusIcon = statusIcons[task.status];
  const done = task.status === 'Completed';
  return (
    <article
      data-source="task"
      className="relative grid gap-1.5 overflow-hidden rounded-lg border bg-card p-3 ps-4 text-sm shadow-xs"
    >
      <span
        aria-hidden="true"
        data-testid="product-colour"
        className={cn('absolute inset-y-0 start-0 w-1.5', productColour(task.productId))}
      />
      <div className="flex items-center justify-between gap-2">
        <p className="flex items-center gap-1.5 text-muted-foreground text-xs">
          <StatusIcon aria-hidden="true" className="size-3.5" />
          {t('Task due · {{status}}', { status: t(statusNames[task.status]) })}
        </p>
        {onMoveToDate ? (
          <RowActionsMenu
            label={t('Actions for {{name}}', { name: task.title })}
            triggerClassName="-my-1.5 size-8 shrink-0 text-muted-foreground data-[state=open]:bg-accent"
            contentClassName="w-44"
            actions={[
              {
                label: t('Move to date'),
                icon: moveIcon,
                opensDialog: true,
                onSelect: () => onMoveToDate(task),
              },
            ]}
          />
        ) : null}
      </div>
      <h3
        className={cn('break-words font-medium leading-snug', done && 'text-muted-foreground line-through')}
      >
        <Link
          to={paths.task(task.id)}
          className="rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {task.title}
        </Link>
      </h3>
      <p className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground text-xs">
        <span className="inline-flex min-w-0 items-center gap-1.5">
          <span
            aria-hidden="true"
            className={cn('size-2 shrink-0 rounded-full', productColour(task.productId))}
          />
          <span className="truncate">{task.productName}</span>
        </span>
        <span className="inline-flex items-center gap-1">
          <UserIcon aria-hidden="true" className="size-3.5" />
          {task.assigneeName ?? t('Unassigned')}
        </span>
      </p>
    </article>
  );
}
