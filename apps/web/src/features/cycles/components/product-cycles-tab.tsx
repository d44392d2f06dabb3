import {
  addCalendarDays,
  type Cycle,
  type CycleList,
  cycleMessages,
  VELOCITY_CYCLES_DEFAULT,
} from '@shipyard/shared';
import { PlusIcon, RefreshCcwIcon } from 'lucide-react';
import { useState } from 'react';
import { EmptyState, EmptyStateButton } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useUrlState } from '../../../hooks/use-url-state.ts';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import { localToday, useCycleSettings, useCycles, useVelocity } from '../api/cycles.ts';
import { CycleDetailPanel } from './cycle-detail.tsx';
import { CycleFormDialog } from './cycle-form-dialog.tsx';
import { CycleProgress, CycleStatusBadge, cycleSpan } from './cycle-progress.tsx';
import { velocitySummary } from './velocity-card.tsx';

/** Where a new cycle starts by default: the day after the last one, or today. */
function nextStartOf(list: CycleList | undefined): string {
  const today = localToday();
  const last = list?.cycles.reduce<string | null>(
    (end, c) => (end && end > c.ends_on ? end : c.ends_on),
    null,
  );
  const after = last ? addCalendarDays(last, 1) : today;
  return after > today ? after : today;
}

/** Under the list, for everyone who runs the cycles (Analytics' chart is the admins'): the pace so far. */
function VelocityLine({ productId }: { productId: string }) {
  const { data } = useVelocity(productId, VELOCITY_CYCLES_DEFAULT);
  if (!data || data.cycles.length === 0) return null;
  return (
    <p data-velocity="" className="mt-3 text-muted-foreground text-xs">
      <span className="font-medium">{t('Velocity')}</span> · {velocitySummary(data)}
    </p>
  );
}

function RollOverSetting({ productId, list }: { productId: string; list: CycleList }) {
  const save = useCycleSettings(productId);
  const id = `cycles-roll-over-${productId}`;
  return (
    <div className="flex items-center gap-2">
      <Checkbox
        id={id}
        checked={list.rollOver}
        disabled={!list.canManage || save.isPending}
        onCheckedChange={(checked) => save.mutate(checked === true)}
      />
      <Label htmlFor={id} className="font-normal text-sm">
        {t('Move unfinished tasks to the next cycle when one ends')}
      </Label>
    </div>
  );
}

/**
 * A product's Cycles tab (issue 31): its cycles, current first, then upcoming, then completed, each
 * with its progress; the chosen one (in the URL) with its tasks and burn chart. Members and admins
 * create, edit, complete and delete cycles; guests and archived products only read.
 */
export function ProductCyclesTab({ productId, readOnly }: { productId: string; readOnly: boolean }) {
  const query = useCycles(productId);
  const { values, set } = useUrlState({ cycle: '' });
  const [editing, setEditing] = useState<Cycle | true | null>(null);

  if (query.isPending) return <Skeleton className="h-48 w-full" />;
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
  const list = query.data;
  const canEdit = list.canEdit && !readOnly;
  const points = list.estimateScale !== 'none';
  const chosen = list.cycles.find((c) => c.id === values.cycle) ?? list.cycles[0];
  const dialog = (
    <CycleFormDialog
      productId={productId}
      cycle={editing}
      nextStart={nextStartOf(list)}
      onClose={() => setEditing(null)}
    />
  );

  if (list.cycles.length === 0) {
    return (
      <>
        <EmptyState
          icon={RefreshCcwIcon}
          title={t('No cycles yet')}
          description={t('Cycles time-box the product’s work: plan a week or two, then see it burn down.')}
          action={
            canEdit ? (
              <EmptyStateButton icon={PlusIcon} onClick={() => setEditing(true)}>
                {t('New cycle')}
              </EmptyStateButton>
            ) : null
          }
          className="rounded-lg border"
        />
        {dialog}
      </>
    );
  }

  return (
    <div className="grid gap-4" data-cycles="">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <RollOverSetting productId={productId} list={list} />
        {canEdit ? (
          <Button size="sm" onClick={() => setEditing(true)}>
            <PlusIcon aria-hidden="true" />
            {t('New cycle')}
          </Button>
        ) : null}
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <nav aria-label={t('Cycles')}>
          <ul className="grid content-start gap-2">
            {list.cycles.map((cycle) => {
              const current = cycle.id === chosen?.id;
              return (
                <li key={cycle.id}>
                  <button
                    type="button"
                    aria-current={current ? 'true' : undefined}
                    onClick={() => set({ cycle: cycle.id })}
                    className={cn(
                      'grid w-full cursor-pointer gap-2 rounded-lg border p-3 text-start outline-none transition-colors hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50',
                      current && 'border-primary bg-accent/40',
                    )}
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className="truncate font-medium text-sm">{cycle.name}</span>
                      <CycleStatusBadge status={cycle.status} />
                    </span>
                    <span className="text-muted-foreground text-xs">{cycleSpan(cycle)}</span>
                    <CycleProgress cycle={cycle} points={points} />
                  </button>
                </li>
              );
            })}
          </ul>
          <VelocityLine productId={productId} />
        </nav>
        {chosen ? (
          <CycleDetailPanel
            key={chosen.id}
            cycleId={chosen.id}
            productId={productId}
            readOnly={readOnly}
            onEdit={() => setEditing(chosen)}
            onDeleted={() => set({ cycle: null })}
          />
        ) : null}
      </div>
      {dialog}
    </div>
  );
}
