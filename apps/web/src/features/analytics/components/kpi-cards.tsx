import type { AnalyticsKpi, AnalyticsTimeframe } from '@shipyard/shared';
import { ANALYTICS_PERIOD_DAYS, analyticsMessages } from '@shipyard/shared';
import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { changeTone, formatChangeMagnitude, formatKpiValue } from './analytics-format.ts';

/** The KPIs the server names, in the reader's language. */
const KPI_LABELS = new Set<string>([
  k('Tasks completed'),
  k('Median cycle time'),
  k('On-time rate'),
  k('Tasks created'),
  k('Open tasks'),
]);
const kpiLabel = (label: string) => (KPI_LABELS.has(label) ? t(label) : label);

const toneClasses = {
  good: 'text-green-700 dark:text-green-400',
  bad: 'text-red-700 dark:text-red-400',
  neutral: 'text-muted-foreground',
} as const;

function Change({ kpi, timeframe }: { kpi: AnalyticsKpi; timeframe: AnalyticsTimeframe }) {
  const days = ANALYTICS_PERIOD_DAYS[timeframe];
  if (kpi.change === null) {
    return (
      <p className="text-muted-foreground text-xs">
        {t(analyticsMessages.noData)}
        <span className="sr-only"> {t('to compare with the previous {{count}} days', { count: days })}</span>
      </p>
    );
  }
  const tone = changeTone(kpi.change, kpi.better);
  const Icon = kpi.change > 0 ? ArrowUpRight : kpi.change < 0 ? ArrowDownRight : Minus;
  const direction = kpi.change > 0 ? t('Up') : kpi.change < 0 ? t('Down') : t('No change,');
  return (
    <p className="flex flex-wrap items-center gap-x-1 text-xs">
      <span
        data-tone={tone}
        className={cn('inline-flex items-center gap-0.5 font-medium', toneClasses[tone])}
      >
        <Icon className="size-3.5" aria-hidden="true" />
        <span className="sr-only">{direction} </span>
        {formatChangeMagnitude(kpi.change)}
        {tone === 'neutral' ? null : (
          // The colour says it to the eye; the words say it to everyone else.
          <span className="sr-only"> {tone === 'good' ? t('(better)') : t('(worse)')}</span>
        )}
      </span>{' '}
      <span className="text-muted-foreground">{t('vs previous {{count}} days', { count: days })}</span>
    </p>
  );
}

type KpiCardProps = { kpi: AnalyticsKpi; timeframe: AnalyticsTimeframe; className?: string };

function KpiCard({ kpi, timeframe, className }: KpiCardProps) {
  return (
    <Card className={cn('min-w-0 gap-2 py-4', className)}>
      <CardHeader className="px-4">
        <CardTitle as="h2" className="font-medium text-muted-foreground text-sm">
          {kpiLabel(kpi.label)}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-1 px-4">
        <p className="font-semibold text-2xl tabular-nums tracking-tight">
          {formatKpiValue(kpi.value, kpi.unit)}
          {kpi.value === null ? <span className="sr-only">{t(analyticsMessages.noData)}</span> : null}
        </p>
        <Change kpi={kpi} timeframe={timeframe} />
      </CardContent>
    </Card>
  );
}

const grid = 'grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5';

/** The KPI row: five cards, the last spanning both columns on a phone. */
export function KpiCards({ kpis, timeframe }: { kpis: AnalyticsKpi[]; timeframe: AnalyticsTimeframe }) {
  return (
    <section aria-label={t('Key figures')} className={grid}>
      {kpis.map((kpi, i) => (
        <KpiCard
          key={kpi.key}
          kpi={kpi}
          timeframe={timeframe}
          className={cn(i === kpis.length - 1 && kpis.length % 2 === 1 && 'col-span-2 lg:col-span-1')}
        />
      ))}
    </section>
  );
}

export function KpiCardsSkeleton() {
  return (
    <div aria-hidden="true" className={grid}>
      {[0, 1, 2, 3, 4].map((i) => (
        <Card key={i} className={cn('gap-2 py-4', i === 4 && 'col-span-2 lg:col-span-1')}>
          <CardContent className="flex flex-col gap-2 px-4">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-7 w-16" />
            <Skeleton className="h-3 w-32" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
