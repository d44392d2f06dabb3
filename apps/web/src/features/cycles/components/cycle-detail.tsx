import { type CycleDetail, cycleMessages } from '@shipyard/shared';
import { CheckCheckIcon, ListPlusIcon, PencilIcon, Trash2Icon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state.tsx';
import { confirmedDelete, RowActionsMenu } from '../../../components/row-actions-menu.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { confirmAction } from '../../../lib/confirm.ts';
import { statusLabel } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { useCompleteCycle, useCycle, useDeleteCycle, useRemoveCycleTask } from '../api/cycles.ts';
import { AddCycleTasksDialog } from './add-cycle-tasks-dialog.tsx';
import { BurnChart } from './burn-chart.tsx';
import { CycleProgress, CycleStatusBadge, cycleSpan } from './cycle-progress.tsx';

type Props = {
  cycleId: string;
  productId: string;
  readOnly: boolean;
  onEdit: () => void;
  onDeleted: () => void;
};

function CycleTasks({ detail, canEdit }: { detail: CycleDetail; canEdit: boolean }) {
  const remove = useRemoveCycleTask(detail.cycle.id);
  if (detail.tasks.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground text-sm">
        {t('No tasks in this cycle yet')}
      </p>
    );
  }
  return (
    <ul
      className="divide-y rounded-lg border"
      aria-label={t('Tasks in {{name}}', { name: detail.cycle.name })}
    >
      {detail.tasks.map((task) => (
        <li key={task.id} className="flex items-center gap-2 px-3 py-2 text-sm">
          <Link
            to={paths.task(task.key || task.id)}
            className="flex min-w-0 flex-1 items-baseline gap-2 rounded-sm outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <span className="shrink-0 font-mono text-muted-foreground text-xs">{task.key}</span>
            <span
              className={
                task.status === 'Completed' ? 'truncate text-muted-foreground line-through' : 'truncate'
              }
            >
              {task.title}
            </span>
          </Link>
          {task.estimate ? (
            <span className="shrink-0 text-muted-foreground text-xs">{task.estimate}</span>
          ) : null}
          <span className="hidden shrink-0 text-muted-foreground text-xs sm:inline">
            {t(statusLabel(task.status))}
          </span>
          {canEdit ? (
            <Button
              variant="ghost"
              size="icon"
              className="size-7"
              aria-label={t('Remove {{title}} from the cycle', { title: task.title })}
              disabled={remove.isPending}
              onClick={() => remove.mutate(task.id)}
            >
              <XIcon aria-hidden="true" />
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** One cycle: its dates, progress, burn chart and tasks, with what a member may do to it. */
export function CycleDetailPanel({ cycleId, productId, readOnly, onEdit, onDeleted }: Props) {
  const query = useCycle(cycleId);
  const complete = useCompleteCycle();
  const remove = useDeleteCycle();
  const [adding, setAdding] = useState(false);
  if (query.isPending) return <Skeleton className="h-80 w-full" />;
  if (query.isError) {
    return (
      <ErrorState
        title={t(cycleMessages.loadFailed)}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const detail = query.data;
  const { cycle } = detail;
  const canEdit = detail.canEdit && !readOnly;
  const open = cycle.status !== 'completed';
  const completeNow = async () => {
    const ok = await confirmAction({
      title: t('Complete {{name}}?', { name: cycle.name }),
      description: detail.next
        ? t('Its unfinished tasks move to {{next}} if the product rolls work over.', {
            next: detail.next.name,
          })
        : t('Its unfinished tasks stay in it: there is no later cycle.'),
      confirm: t('Complete cycle'),
    });
    if (ok) complete.mutate(cycle.id);
  };
  return (
    <section
      aria-labelledby={`cycle-${cycle.id}`}
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-4"
      data-cycle-detail=""
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h3 id={`cycle-${cycle.id}`} className="flex items-center gap-2 font-semibold text-lg">
            {cycle.name}
            <CycleStatusBadge status={cycle.status} />
          </h3>
          <p className="text-muted-foreground text-sm">{cycleSpan(cycle)}</p>
        </div>
        {canEdit ? (
          <div className="flex items-center gap-2">
            {open ? (
              <>
                <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
                  <ListPlusIcon aria-hidden="true" />
                  {t('Add tasks')}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void completeNow()}
                  disabled={complete.isPending}
                >
                  <CheckCheckIcon aria-hidden="true" />
                  {t('Complete cycle')}
                </Button>
              </>
            ) : null}
            <RowActionsMenu
              label={t('Actions for {{name}}', { name: cycle.name })}
              actions={[
                {
                  key: 'edit',
                  label: t('Edit'),
                  icon: <PencilIcon aria-hidden="true" />,
                  onSelect: onEdit,
                  opensDialog: true,
                },
              ]}
              confirm={{
                label: t('Delete'),
                icon: <Trash2Icon aria-hidden="true" />,
                title: t('Delete {{name}}?', { name: cycle.name }),
                description: t('Its tasks stay in the product, out of any cycle. Its chart is lost.'),
                confirmLabel: t('Delete'),
                pendingLabel: t('Deleting...'),
                pending: remove.isPending,
                onConfirm: confirmedDelete(
                  () => remove.mutateAsync(cycle.id),
                  { deleted: t('Cycle deleted'), failed: t(cycleMessages.deleteFailed) },
                  onDeleted,
                ),
              }}
            />
          </div>
        ) : null}
      </header>
      <CycleProgress cycle={cycle} points={detail.estimateScale !== 'none'} />
      {cycle.status === 'upcoming' ? (
        <p className="text-muted-foreground text-sm">{t('The chart starts on the cycle’s first day.')}</p>
      ) : (
        <BurnChart detail={detail} />
      )}
      <h4 className="font-medium text-sm">{t('Tasks')}</h4>
      <CycleTasks detail={detail} canEdit={canEdit} />
      <AddCycleTasksDialog
        open={adding}
        onOpenChange={setAdding}
        productId={productId}
        cycleId={cycle.id}
        inCycle={new Set(detail.tasks.map((task) => task.id))}
      />
    </section>
  );
}
