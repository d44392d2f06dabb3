import { ShieldAlertIcon } from 'lucide-react';
import { ErrorState } from '../../../components/error-state.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { useStageHistory } from '../api/get-lifecycle.ts';
import { daysText, stageDot, stageName } from './stage-style.ts';

/**
 * "Stage history" on a product's Overview (issue 32): each stay in a stage, newest first, with when
 * it began and ended, who moved it and whether a gate was overridden to get there.
 */
export function StageHistoryCard({ productId }: { productId: string }) {
  const history = useStageHistory(productId);
  const stays = [...(history.data?.stays ?? [])].reverse();
  return (
    <SectionCard
      title={t('Stage history')}
      description={t('Every stage this product was in, from its activity.')}
    >
      {history.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : history.isError ? (
        <ErrorState
          title={t('Could not load the stage history')}
          error={history.error}
          onRetry={() => void history.refetch()}
          retrying={history.isFetching}
        />
      ) : (
        <ol className="grid gap-3" aria-label={t('Stage history')}>
          {stays.map((stay) => (
            <li
              key={`${stay.stage}-${stay.entered_at}`}
              className="grid gap-0.5 text-sm"
              data-stage={stay.stage}
            >
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span
                  aria-hidden="true"
                  className={cn('size-2 shrink-0 rounded-full', stageDot[stay.stage])}
                />
                <span className="font-medium">{stageName(stay.stage)}</span>
                <span className="text-muted-foreground">
                  {stay.left_at ? daysText(stay.days) : t('{{days}} so far', { days: daysText(stay.days) })}
                </span>
                {stay.overridden ? (
                  <span
                    className="inline-flex items-center gap-1 rounded-md border border-amber-200 bg-amber-50 px-1.5 py-0.5 text-amber-800 text-xs dark:border-amber-500/30 dark:bg-amber-500/15 dark:text-amber-300"
                    title={stay.override_reason ?? undefined}
                  >
                    <ShieldAlertIcon aria-hidden="true" className="size-3" />
                    {t('Gate overridden')}
                  </span>
                ) : null}
              </div>
              <p className="ps-4 text-muted-foreground text-xs">
                {stay.left_at
                  ? t('{{from}} – {{to}}', {
                      from: formatDateTime(stay.entered_at),
                      to: formatDateTime(stay.left_at),
                    })
                  : t('Since {{date}}', { date: formatDateTime(stay.entered_at) })}
                {stay.entered_by ? ` · ${t('moved by {{name}}', { name: stay.entered_by.name })}` : ''}
              </p>
              {stay.overridden && stay.override_reason ? (
                <p className="ps-4 text-xs">{t('Reason: {{reason}}', { reason: stay.override_reason })}</p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}
