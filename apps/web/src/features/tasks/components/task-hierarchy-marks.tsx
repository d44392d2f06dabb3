import { formatEstimateSum, type Task } from '@shipyard/shared';
import { BanIcon, ListTreeIcon } from 'lucide-react';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../../components/ui/tooltip.tsx';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import { blockedByText } from './task-texts.ts';

// A task's sub-tasks "2/5", its blocked mark and its estimate on cards and rows (issue 29).

/** "2/5": how many of a task's sub-tasks are Completed, when it has some. */
function SubtaskProgress({ subtasks }: { subtasks: Task['subtasks'] }) {
  if (subtasks.total === 0) return null;
  const complete = subtasks.done === subtasks.total;
  return (
    <span
      data-subtasks=""
      title={t('Sub-tasks: {{done}} of {{total}} done', { done: subtasks.done, total: subtasks.total })}
      className={cn(
        'inline-flex items-center gap-1 text-xs tabular-nums',
        complete ? 'text-emerald-700 dark:text-emerald-400' : 'text-muted-foreground',
      )}
    >
      <ListTreeIcon aria-hidden="true" className="size-3.5" />
      <span className="sr-only">{`${t('Sub-tasks')} `}</span>
      {subtasks.done}/{subtasks.total}
    </span>
  );
}

/** A small "Blocked" mark, its tooltip naming the open blockers' keys. */
function BlockedMark({ task }: { task: Pick<Task, 'blocked' | 'blockedBy'> }) {
  if (!task.blocked) return null;
  const text = blockedByText(task.blockedBy);
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          data-blocked=""
          aria-label={text}
          className="relative z-10 inline-flex items-center gap-1 rounded-sm text-red-700 text-xs outline-none focus-visible:ring-2 focus-visible:ring-ring dark:text-red-400"
        >
          <BanIcon aria-hidden="true" className="size-3.5" />
          {t('Blocked')}
        </button>
      </TooltipTrigger>
      <TooltipContent>{text}</TooltipContent>
    </Tooltip>
  );
}

/** The task's estimate ('3', 'M', '1.5'), when it has one. */
function EstimateBadge({ estimate }: { estimate: string | null }) {
  if (!estimate) return null;
  return (
    <span
      data-estimate=""
      title={t('Estimate: {{value}}', { value: estimate })}
      className="inline-flex h-5 min-w-5 items-center justify-center rounded-full border px-1.5 text-muted-foreground text-xs tabular-nums"
    >
      <span className="sr-only">{`${t('Estimate')} `}</span>
      {estimate}
    </span>
  );
}

/** All three, for a card or a row. */
export function TaskHierarchyMarks({ task }: { task: Task }) {
  return (
    <>
      <SubtaskProgress subtasks={task.subtasks} />
      <EstimateBadge estimate={task.estimate} />
      <BlockedMark task={task} />
    </>
  );
}

/** Whether a task shows any of them. */
export const hasHierarchyMarks = (task: Task) =>
  task.subtasks.total > 0 || task.estimate !== null || task.blocked;

/** A column's, a group's or a list's estimates summed ("Σ 13"), when there is something to sum. */
export function EstimateSum({ sum }: { sum: number | undefined }) {
  if (!sum) return null;
  const text = formatEstimateSum(sum);
  return (
    <span data-estimate-sum="" title={t('Estimates: {{sum}} in all', { sum: text })} className="tabular-nums">
      <span aria-hidden="true">Σ </span>
      <span className="sr-only">{`${t('Estimates')} `}</span>
      {text}
    </span>
  );
}
