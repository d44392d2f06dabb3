import { cycleMessages } from '@shipyard/shared';
import { Link } from 'react-router';
import { OptionSelect } from '../../../components/option-select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { useSetTaskCycle, useTaskCycle } from '../api/cycles.ts';

/** Radix Select holds no '' value: "No cycle" stands for it. */
const NONE = '__none__';

const cycleLink = (productId: string, cycleId: string) =>
  `${paths.product(productId)}?tab=cycles&cycle=${cycleId}`;

/**
 * The task's cycle on its page (issue 31): which cycle it is in, and a choice of its product's
 * current and upcoming cycles (or none) for whoever may change the task.
 */
export function TaskCycleField({ taskId, canEdit }: { taskId: string; canEdit: boolean }) {
  const query = useTaskCycle(taskId);
  const move = useSetTaskCycle(taskId);
  if (query.isPending) return <Skeleton className="h-9 w-full" />;
  if (query.isError) return <p className="text-muted-foreground text-sm">{t(cycleMessages.loadFailed)}</p>;
  const { cycle, options } = query.data;
  const editable = canEdit && query.data.canEdit;
  if (!editable || (options.length === 0 && !cycle)) {
    return cycle ? (
      <Link to={cycleLink(cycle.projectId, cycle.id)} className="text-sm hover:underline">
        {cycle.name}
      </Link>
    ) : (
      <p className="text-muted-foreground text-sm">
        {options.length === 0 && editable ? t('No open cycles') : t('No cycle')}
      </p>
    );
  }
  const choices = [
    { value: NONE, label: t('No cycle') },
    ...options.map((o) => ({
      value: o.id,
      label: o.status === 'current' ? t('{{name}} (current)', { name: o.name }) : o.name,
    })),
    // A completed cycle is no choice, but it is where the task is.
    ...(cycle && !options.some((o) => o.id === cycle.id) ? [{ value: cycle.id, label: cycle.name }] : []),
  ];
  return (
    <div className="grid gap-1.5">
      <OptionSelect
        aria-label={t('Cycle')}
        value={cycle?.id ?? NONE}
        options={choices}
        disabled={move.isPending}
        onValueChange={(value) => move.mutate(value === NONE ? null : value)}
        className="w-full"
      />
      {cycle ? (
        <Link
          to={cycleLink(cycle.projectId, cycle.id)}
          className="text-muted-foreground text-xs hover:underline"
        >
          {t('Open the cycle')}
        </Link>
      ) : null}
    </div>
  );
}
