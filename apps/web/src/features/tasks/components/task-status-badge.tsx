import type { TaskStatus } from '@shipyard/shared';
import { CheckCircle2Icon, CircleDashedIcon, CircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';
import { statusName } from './task-texts.ts';

// Spec §4: a completed task's badge is green, the others yellow; the icon tells Pending from
// In Progress without relying on colour.
const tone = {
  done: 'border-green-200 bg-green-50 text-green-700 dark:border-green-500/30 dark:bg-green-500/15 dark:text-green-300',
  open: 'border-yellow-200 bg-yellow-50 text-yellow-800 dark:border-yellow-500/30 dark:bg-yellow-500/15 dark:text-yellow-300',
};

const icons = { Pending: CircleIcon, 'In Progress': CircleDashedIcon, Completed: CheckCircle2Icon } as const;

export function TaskStatusIcon({ status, className }: { status: TaskStatus; className?: string }) {
  const Icon = icons[status];
  return <Icon aria-hidden="true" className={cn('size-3.5 shrink-0', className)} />;
}

/** The spec's list badge; `children` replace its icon and text (a workflow state's dot and name). */
export function TaskStatusBadge({
  status,
  className,
  title,
  children,
}: {
  status: TaskStatus;
  className?: string;
  title?: string;
  children?: ReactNode;
}) {
  return (
    <span
      data-slot="task-status-badge"
      title={title}
      className={cn(
        'inline-flex w-fit max-w-full shrink-0 items-center gap-1 whitespace-nowrap rounded-md border px-1.5 py-px font-medium text-[11px] leading-4',
        status === 'Completed' ? tone.done : tone.open,
        className,
      )}
    >
      {children ?? (
        <>
          <TaskStatusIcon status={status} className="size-3" />
          {statusName(status)}
        </>
      )}
    </span>
  );
}
