import { LIFECYCLE_DEFAULT_DAYS, PRODUCT_STATUSES, TASK_STATUSES, TEAM_TYPES } from '@shipyard/shared';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { OptionSelect } from '../../../components/option-select.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useUrlState } from '../../../hooks/use-url-state.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { lifecycleSearch, useLifecycleReport, useTaskFlow } from '../api/get-lifecycle.ts';
import type { DrillParams } from '../api/keys.ts';
import { DrillDialog } from './drill-dialog.tsx';
import { FlowChart } from './flow-chart.tsx';
import { DurationsTable, GatesTable, StuckTable } from './lifecycle-tables.tsx';

const WINDOWS = ['30', '90', '180', '365', '730'] as const;
const teamLabels: Record<(typeof TEAM_TYPES)[number], string> = {
  development: k('Development'),
  design: k('Design'),
  qa: k('QA'),
  marketing: k('Marketing'),
  general: k('General'),
};
const DEFAULTS = { days: String(LIFECYCLE_DEFAULT_DAYS), team: '', product: '' } as const;

type Drill = { params: DrillParams; title: string };

/** /lifecycle (issue 32): how long products stay in each stage, how gates decide, and how work flows. */
export function LifecyclePage() {
  const { values, set } = useUrlState(DEFAULTS);
  const days = (WINDOWS as readonly string[]).includes(values.days)
    ? Number(values.days)
    : LIFECYCLE_DEFAULT_DAYS;
  const team = (TEAM_TYPES as readonly string[]).includes(values.team) ? values.team : '';
  const filters = { days, team };
  const report = useLifecycleReport(filters);
  const taskFlow = useTaskFlow(values.product, days);
  const [drill, setDrill] = useState<Drill | undefined>();
  const [day, setDay] = useState('');
  const open = (params: Omit<DrillParams, 'days' | 'team'>, title: string) =>
    setDrill({ params: { ...params, ...filters }, title });
  const openDay = (date: string) => open({ kind: 'day', date }, t('Products by stage on {{date}}', { date }));
  const csv = (table: string) => ({
    path: `/lifecycle.csv?${lifecycleSearch({ table, ...filters })}`,
    fileName: `shipyard-lifecycle-${table}.csv`,
  });
  const data = report.data;

  return (
    <div className="grid min-w-0 gap-4 [&>*]:min-w-0">
      <PageHeader
        title={t('Lifecycle')}
        description={t('How long products stay in each stage, how their gates decide, and how work flows.')}
      />
      <div className="flex flex-wrap items-center gap-2">
        <OptionSelect
          aria-label={t('Window')}
          className="w-full sm:w-44"
          value={String(days)}
          onValueChange={(next) => set({ days: next })}
          options={WINDOWS.map((w) => ({ value: w, label: t('Last {{count}} days', { count: Number(w) }) }))}
        />
        <OptionSelect
          aria-label={t('Filter by team')}
          className="w-full sm:w-44"
          value={team}
          onValueChange={(next) => set({ team: next })}
          allLabel={t('All teams')}
          options={TEAM_TYPES.map((type) => ({ value: type, label: t(teamLabels[type]) }))}
        />
      </div>
      {report.isPending ? (
        <Skeleton className="h-96 w-full" data-testid="lifecycle-loading" />
      ) : report.isError || !data ? (
        <ErrorState
          title={t('Could not load the lifecycle report')}
          error={report.error}
          onRetry={() => void report.refetch()}
          retrying={report.isFetching}
        />
      ) : (
        <>
          <p className="text-muted-foreground text-sm">
            {`${t('{{count}} products', { count: data.products })} · ${data.from} – ${data.to}`}
          </p>
          <SectionCard
            title={t('Days per stage')}
            description={t(
              'Stays that ended in the window; products there now are counted apart, as a lower bound.',
            )}
            action={<ExportCsvButton size="sm" compact {...csv('durations')} />}
          >
            <DurationsTable report={data} drill={open} />
          </SectionCard>
          <SectionCard
            title={t('Stage gates')}
            description={t(
              'Failure rate: checks that found unmet criteria. Override rate: of those, moved anyway.',
            )}
            action={<ExportCsvButton size="sm" compact {...csv('gates')} />}
          >
            <GatesTable report={data} drill={open} />
          </SectionCard>
          <SectionCard
            title={t('Stuck longest')}
            description={t('Products longest in their current stage (not archived, not in Maintenance).')}
            action={<ExportCsvButton size="sm" compact {...csv('stuck')} />}
          >
            {data.stuck.length ? (
              <StuckTable rows={data.stuck} />
            ) : (
              <p className="text-muted-foreground text-sm">{t('No products')}</p>
            )}
          </SectionCard>
          <FlowChart
            title={t('Products over stages')}
            summary={t('Products in each stage at the end of each day. Click a day for its products.')}
            flow={data.flow}
            keys={PRODUCT_STATUSES}
            onDay={openDay}
            footer={
              <form
                className="flex flex-wrap items-center gap-2 px-2"
                onSubmit={(e) => {
                  e.preventDefault();
                  if (day) openDay(day);
                }}
              >
                <Input
                  type="date"
                  aria-label={t('Day')}
                  className="w-44"
                  min={data.from}
                  max={data.to}
                  value={day}
                  onChange={(e) => setDay(e.target.value)}
                />
                <Button type="submit" variant="outline" size="sm" disabled={!day}>
                  {t('Show products')}
                </Button>
                <ExportCsvButton size="sm" className="ms-auto" {...csv('flow')} />
              </form>
            }
          />
          <SectionCard title={t('A product’s tasks over their statuses')}>
            <div className="grid gap-3">
              <OptionSelect
                aria-label={t('Product')}
                className="w-full sm:w-72"
                value={values.product}
                onValueChange={(next) => set({ product: next })}
                allLabel={t('Choose a product')}
                options={data.product_choices.map((p) => ({ value: p.id, label: p.name }))}
              />
              {values.product === '' ? null : taskFlow.isError ? (
                <ErrorState
                  title={t('Could not load the task flow')}
                  error={taskFlow.error}
                  onRetry={() => void taskFlow.refetch()}
                />
              ) : taskFlow.data ? (
                <FlowChart
                  title={t('Tasks over statuses')}
                  summary={t('Tasks in each status at the end of each day.')}
                  flow={taskFlow.data.flow}
                  keys={TASK_STATUSES}
                />
              ) : (
                <Skeleton className="h-72 w-full" />
              )}
            </div>
          </SectionCard>
        </>
      )}
      <DrillDialog params={drill?.params} title={drill?.title ?? ''} onClose={() => setDrill(undefined)} />
    </div>
  );
}
