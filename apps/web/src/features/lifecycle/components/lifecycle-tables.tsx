import type { LifecycleReport, StageStay } from '@shipyard/shared';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import type { DrillParams } from '../api/keys.ts';
import { daysText, rateText, stageDot, stageName } from './stage-style.ts';

// The lifecycle page's three tables (issue 32). Every figure is a button that opens the entries
// behind it (a drill-down).

type Drill = (params: Omit<DrillParams, 'days' | 'team'>, title: string) => void;

function Stage({ stage }: { stage: string }) {
  return (
    <span className="flex items-center gap-2 whitespace-nowrap">
      <span
        aria-hidden="true"
        className={cn('size-2 rounded-full', stageDot[stage as keyof typeof stageDot])}
      />
      {stageName(stage)}
    </span>
  );
}

/** A figure that opens its entries, or a dash when there are none. */
function Figure({
  label,
  count,
  onOpen,
  children,
}: {
  label: string;
  count: number;
  onOpen: () => void;
  children: string;
}) {
  if (count === 0) return <span className="text-muted-foreground">{children}</span>;
  return (
    <Button variant="link" size="sm" className="h-auto p-0 font-normal" aria-label={label} onClick={onOpen}>
      {children}
    </Button>
  );
}

export function DurationsTable({ report, drill }: { report: LifecycleReport; drill: Drill }) {
  type Row = LifecycleReport['durations'][number];
  return (
    <DataTable<Row>
      scrollLabel={t('Days per stage')}
      rows={report.durations}
      rowKey={(r) => r.stage}
      columns={[
        { header: t('Stage'), cell: (r) => <Stage stage={r.stage} /> },
        {
          header: t('Median'),
          cell: (r) => (
            <Figure
              count={r.completed.count}
              label={t('Stays in {{stage}}: median {{days}}', {
                stage: stageName(r.stage),
                days: daysText(r.completed.median),
              })}
              onOpen={() =>
                drill(
                  { kind: 'stays', stage: r.stage },
                  t('Stays in {{stage}}', { stage: stageName(r.stage) }),
                )
              }
            >
              {daysText(r.completed.median)}
            </Figure>
          ),
        },
        {
          header: t('Middle half'),
          cell: (r) =>
            r.completed.count ? `${daysText(r.completed.p25)} – ${daysText(r.completed.p75)}` : '–',
        },
        {
          header: t('Range'),
          headClassName: 'hidden sm:table-cell',
          className: 'hidden sm:table-cell',
          cell: (r) =>
            r.completed.count ? `${daysText(r.completed.min)} – ${daysText(r.completed.max)}` : '–',
        },
        { header: t('Stays'), cell: (r) => r.completed.count.toLocaleString() },
        {
          header: t('There now'),
          cell: (r) =>
            r.current.count
              ? t('{{n}} · median {{days}}', {
                  n: r.current.count,
                  days: daysText(r.current.median),
                })
              : '–',
        },
      ]}
    />
  );
}

export function GatesTable({ report, drill }: { report: LifecycleReport; drill: Drill }) {
  type Row = LifecycleReport['gates'][number];
  const count = (r: Row, decision: 'refused' | 'overridden' | 'passed', label: string) => (
    <Figure
      count={r[decision]}
      label={t('{{decision}} leaving {{stage}}: {{n}}', {
        decision: label,
        stage: stageName(r.stage),
        n: r[decision],
      })}
      onOpen={() => drill({ kind: 'gates', stage: r.stage, decision }, `${label} · ${stageName(r.stage)}`)}
    >
      {r[decision].toLocaleString()}
    </Figure>
  );
  return (
    <DataTable<Row>
      scrollLabel={t('Stage gates')}
      rows={report.gates}
      rowKey={(r) => r.stage}
      columns={[
        { header: t('Leaving'), cell: (r) => <Stage stage={r.stage} /> },
        {
          header: t('Failure rate'),
          cell: (r) => (
            <Figure
              count={r.refused + r.overridden}
              label={t('Gate failures leaving {{stage}}', { stage: stageName(r.stage) })}
              onOpen={() =>
                drill(
                  { kind: 'gates', stage: r.stage },
                  t('Gate decisions leaving {{stage}}', { stage: stageName(r.stage) }),
                )
              }
            >
              {rateText(r.failure_rate)}
            </Figure>
          ),
        },
        { header: t('Override rate'), cell: (r) => rateText(r.override_rate) },
        { header: t('Refused'), cell: (r) => count(r, 'refused', t('Refused')) },
        { header: t('Overridden'), cell: (r) => count(r, 'overridden', t('Overridden')) },
        { header: t('Passed'), cell: (r) => count(r, 'passed', t('Passed')) },
      ]}
    />
  );
}

export function StuckTable({ rows }: { rows: StageStay[] }) {
  return (
    <DataTable<StageStay>
      rows={rows}
      rowKey={(r) => r.product_id}
      columns={[
        {
          header: t('Product'),
          cell: (r) => (
            <Link to={paths.product(r.product_id)} className="font-medium hover:underline">
              {r.product_name}
            </Link>
          ),
        },
        { header: t('Stage'), cell: (r) => <Stage stage={r.stage} /> },
        {
          header: t('Since'),
          headClassName: 'hidden sm:table-cell',
          className: 'hidden sm:table-cell',
          cell: (r) => formatDate(r.entered_at),
        },
        { header: t('Days'), cell: (r) => daysText(r.days) },
      ]}
    />
  );
}
