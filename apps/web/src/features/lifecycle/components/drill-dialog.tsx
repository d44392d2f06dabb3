import type { GateEntry, StageStay } from '@shipyard/shared';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { lifecycleSearch, useLifecycleDrill } from '../api/get-lifecycle.ts';
import type { DrillParams } from '../api/keys.ts';
import { daysText, stageName } from './stage-style.ts';

// The entries behind a figure of the lifecycle page: a stage's stays, a stage's gate decisions, the
// products of a flow day. Each list downloads as CSV with the same filters.

const csvTable = { stays: 'stays', gates: 'gate-entries', day: 'day' } as const;

const productLink = (id: string, name: string) => (
  <Link to={paths.product(id)} className="font-medium hover:underline">
    {name}
  </Link>
);

const decisionName = (d: string) =>
  d === 'refused' ? t('Refused') : d === 'overridden' ? t('Overridden') : t('Passed');

export function DrillDialog({
  params,
  title,
  onClose,
}: {
  params: DrillParams | undefined;
  title: string;
  onClose: () => void;
}) {
  const drill = useLifecycleDrill(params);
  const { kind = 'stays', ...filters } = params ?? {};
  const body = drill.data;
  return (
    <Dialog open={params !== undefined} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[85vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{t('The entries behind this figure.')}</DialogDescription>
        </DialogHeader>
        <div className="flex justify-end">
          <ExportCsvButton
            size="sm"
            path={`/lifecycle.csv?${lifecycleSearch({ table: csvTable[kind], ...filters })}`}
            fileName={`shipyard-lifecycle-${csvTable[kind]}.csv`}
          />
        </div>
        {drill.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : drill.isError ? (
          <ErrorState
            title={t('Could not load the entries')}
            error={drill.error}
            onRetry={() => void drill.refetch()}
          />
        ) : body?.kind === 'stays' ? (
          <DataTable<StageStay>
            rows={body.data}
            rowKey={(r) => `${r.product_id}-${r.entered_at}`}
            columns={[
              { header: t('Product'), cell: (r) => productLink(r.product_id, r.product_name) },
              { header: t('Entered'), cell: (r) => formatDateTime(r.entered_at) },
              { header: t('Left'), cell: (r) => formatDateTime(r.left_at) },
              { header: t('Days'), cell: (r) => daysText(r.days) },
              {
                header: t('Moved by'),
                headClassName: 'hidden sm:table-cell',
                className: 'hidden sm:table-cell',
                cell: (r) => r.entered_by?.name ?? '–',
              },
            ]}
          />
        ) : body?.kind === 'gates' ? (
          <DataTable<GateEntry>
            rows={body.data}
            rowKey={(r) => r.id}
            columns={[
              { header: t('Product'), cell: (r) => productLink(r.product_id, r.product_name) },
              { header: t('Decision'), cell: (r) => decisionName(r.decision) },
              {
                header: t('Transition'),
                cell: (r) => `${stageName(r.from_stage)} → ${stageName(r.to_stage)}`,
              },
              { header: t('Unmet criteria'), cell: (r) => r.unmet.join(', ') || '–' },
              { header: t('Reason'), cell: (r) => r.reason ?? '–' },
              {
                header: t('When'),
                headClassName: 'hidden sm:table-cell',
                className: 'hidden sm:table-cell',
                cell: (r) => formatDateTime(r.created_at),
              },
            ]}
          />
        ) : body?.kind === 'day' ? (
          <DataTable<(typeof body.data)[number]>
            rows={body.data}
            rowKey={(r) => r.product_id}
            columns={[
              { header: t('Stage'), cell: (r) => stageName(r.stage) },
              { header: t('Product'), cell: (r) => productLink(r.product_id, r.product_name) },
            ]}
          />
        ) : null}
        {body && body.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t('No entries')}</p>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
