import { REPORT_TYPES, type Report, reportMessages } from '@shipyard/shared';
import { AlertTriangle, BarChart3, FileDown, ListChecks, Table2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { OptionSelect } from '../../../components/option-select.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Label } from '../../../components/ui/label.tsx';

import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useUrlState } from '../../../hooks/use-url-state.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useDownloadReport } from '../api/download-report.ts';
import { useReport } from '../api/get-report.ts';
import { chartToneVariables, ReportChart } from './report-chart.tsx';
import { localDay } from './report-format.ts';
import { PERIOD_CHOICES, type PeriodChoice, readSelection } from './report-period.ts';
import { ReportSummary } from './report-summary.tsx';
import { ReportTable } from './report-table.tsx';
import { reportTypeDescriptions, reportTypeLabels } from './report-texts.ts';

type Tab = 'charts' | 'tables' | 'summary';

function LoadingShape({ tab }: { tab: Tab }) {
  return (
    <div>
      <span role="status" className="sr-only">
        {t('Loading report')}
      </span>
      {tab === 'charts' ? (
        <div className="grid gap-4 lg:grid-cols-2">
          {[0, 1].map((i) => (
            <Card key={i} className="gap-4 p-5">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-64 w-full" />
            </Card>
          ))}
        </div>
      ) : tab === 'tables' ? (
        <Card className="gap-3 p-4">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} className="h-6 w-full" />
          ))}
        </Card>
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Card key={i} className="gap-3 p-4">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-8 w-16" />
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}

function Charts({ report }: { report: Report }) {
  return (
    <div className={cn('grid gap-4 lg:grid-cols-2', chartToneVariables)}>
      {report.charts.map((chart) => (
        <ReportChart
          key={chart.key}
          chart={chart}
          // A time series reads better across the whole width.
          className={chart.kind === 'line' ? 'lg:col-span-2' : undefined}
        />
      ))}
    </div>
  );
}

/** Spec §2.14: the report type and period, 'Generate Report' (the CSV), and Charts, Tables, Summary. */
export function ReportsPage() {
  const { params, set } = useUrlState();
  const selection = readSelection(params, localDay());
  const period = selection.period.ok ? selection.period.value : undefined;
  const report = useReport(period ? { type: selection.type, ...period } : undefined);
  const download = useDownloadReport();
  const [tab, setTab] = useState<Tab>('charts');

  // undefined removes a parameter; '' keeps it (a date input that was cleared).
  const update = (changes: Record<string, string | undefined>) => set(changes);

  const choosePeriod = (choice: PeriodChoice) =>
    choice === 'custom'
      ? // The custom range starts from the dates shown until now.
        update({ period: choice, from: selection.from, to: selection.to })
      : update({ period: choice, from: undefined, to: undefined });

  const generate = () => {
    if (!period) return;
    download.mutate(
      { type: selection.type, ...period },
      {
        onSuccess: (fileName) => toast.success(t(reportMessages.downloaded), { description: fileName }),
        onError: (error) =>
          toast.error(t(reportMessages.downloadFailed), { description: getErrorMessage(error) }),
      },
    );
  };

  const data = report.data;
  // The report on screen may still be the previous selection's while the new one loads.
  const current =
    data && period && data.type === selection.type && data.from === period.from && data.to === period.to;
  const title = t(reportTypeLabels[selection.type]);
  const range = period ? `${formatDate(period.from)} – ${formatDate(period.to)}` : '';

  const body = (which: Tab): ReactNode => {
    if (!selection.period.ok) return null;
    if (!data) {
      if (report.isError) {
        return (
          <ErrorState
            title={t('Failed to load the report')}
            error={report.error}
            onRetry={() => void report.refetch()}
          />
        );
      }
      return <LoadingShape tab={which} />;
    }
    if (data.table.rows.length === 0) {
      return (
        <div className="flex flex-col items-center gap-2 px-4 py-12 text-center">
          <BarChart3 className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium text-sm">{t(reportMessages.empty)}</p>
          <p className="text-muted-foreground text-sm">{t(reportMessages.emptyHint)}</p>
          <Button asChild variant="outline" size="sm">
            <Link to={paths.products()}>{t('View Products')}</Link>
          </Button>
        </div>
      );
    }
    if (which === 'charts') return <Charts report={data} />;
    if (which === 'tables')
      return (
        <ReportTable
          report={data}
          caption={t('{{report}}, {{range}}.', { report: t(reportTypeLabels[data.type]), range })}
        />
      );
    return <ReportSummary report={data} />;
  };

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <PageHeader
        title={t('Reports')}
        description={t('Figures on your products, teams and milestones over a period, and their CSV.')}
        actions={
          <Button onClick={generate} pending={download.isPending} disabled={!period}>
            {download.isPending ? null : <FileDown aria-hidden="true" />}
            {t('Generate Report')}
          </Button>
        }
      />

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <div className="flex flex-col gap-2">
          <Label htmlFor="report-type">{t('Report type')}</Label>
          <OptionSelect
            id="report-type"
            className="w-full sm:w-56"
            value={selection.type}
            onValueChange={(type) => update({ type })}
            options={REPORT_TYPES.map((type) => ({ value: type, label: t(reportTypeLabels[type]) }))}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="report-period">{t('Period')}</Label>
          <OptionSelect
            id="report-period"
            className="w-full sm:w-44"
            value={selection.choice}
            onValueChange={(choice) => choosePeriod(choice as PeriodChoice)}
            options={PERIOD_CHOICES.map((choice) => ({ ...choice, label: t(choice.label) }))}
          />
        </div>
        {selection.choice === 'custom' ? (
          <DateRangeFields
            id="report"
            from={selection.from}
            to={selection.to}
            onChange={update}
            errorId={selection.period.ok ? undefined : 'report-period-error'}
            className="grid grid-cols-2 gap-3 sm:flex"
            fieldClassName="gap-2"
            inputClassName="sm:w-40"
          />
        ) : null}
      </div>

      {selection.period.ok ? null : (
        <p id="report-period-error" role="alert" className="flex items-center gap-2 text-destructive text-sm">
          <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
          {t(selection.period.message)}
        </p>
      )}

      <section aria-labelledby="report-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="report-title" className="font-semibold text-lg tracking-tight">
            {title}
          </h2>
          <p className="text-muted-foreground text-sm tabular-nums">
            {range}
            {data && current ? (
              <span className="text-xs">
                {' · '}
                {t('Generated {{time}}', { time: formatDateTime(data.generatedAt) })}
              </span>
            ) : null}
          </p>
        </div>
        <p className="-mt-2 max-w-3xl text-muted-foreground text-sm">
          {t(reportTypeDescriptions[selection.type])}
        </p>

        <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="gap-4">
          <TabsList aria-label={t('Report views')} className="w-full sm:w-fit">
            <TabsTrigger value="charts">
              <BarChart3 aria-hidden="true" />
              {t('Charts')}
            </TabsTrigger>
            <TabsTrigger value="tables">
              <Table2 aria-hidden="true" />
              {t('Tables')}
            </TabsTrigger>
            <TabsTrigger value="summary">
              <ListChecks aria-hidden="true" />
              {t('Summary')}
            </TabsTrigger>
          </TabsList>
          {(['charts', 'tables', 'summary'] as const).map((which) => (
            <TabsContent
              key={which}
              value={which}
              aria-busy={report.isFetching || undefined}
              className={cn('transition-opacity', data && !current && 'opacity-60')}
            >
              {body(which)}
            </TabsContent>
          ))}
        </Tabs>
      </section>
    </div>
  );
}
