import type { Analytics, AnalyticsKpi } from '@shipyard/shared';
import { AlertTriangle, Flame, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatNumber, statusLabel } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { AnalyticsChart } from './analytics-chart.tsx';
import { bucketLabel, bucketTitle, formatDays, formatKpiValue, formatPercent } from './analytics-format.ts';

const kpiOf = (data: Analytics, key: AnalyticsKpi['key']) => data.kpis.find((k) => k.key === key);
const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);

/** The busiest bucket, in words: '; busiest: Mar 12 (8)'; '' when nothing happened. */
function peak(data: Analytics, points: { date: string; value: number }[]): string {
  const best = points.reduce<{ date: string; value: number } | undefined>(
    (top, p) => (p.value > (top?.value ?? 0) ? p : top),
    undefined,
  );
  return best ? `; busiest: ${bucketTitle(best.date, data.granularity)} (${formatNumber(best.value)})` : '';
}

const periodWord = { day: 'day', week: 'week', month: 'month' } as const;

function ListCard({
  title,
  empty,
  children,
  footer,
}: {
  title: string;
  empty: string | undefined;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card className="min-w-0 gap-3 py-4 sm:py-5">
      <CardHeader className="px-4 sm:px-5">
        <CardTitle as="h3" className="text-sm">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="px-2 sm:px-3">
        {empty ? <p className="px-2 py-6 text-center text-muted-foreground text-sm">{empty}</p> : children}
        {footer}
      </CardContent>
    </Card>
  );
}

/** A figure's column: right-aligned, its digits in even widths. */
const figureColumn = { headClassName: 'text-right', className: 'text-right tabular-nums' } as const;

/** The product's name, linked to its page. */
const productColumn = {
  header: 'Product',
  className: 'max-w-48 truncate',
  cell: (p: { productId: string; name: string }) => <ProductLink id={p.productId} name={p.name} />,
};

function ProductLink({ id, name }: { id: string; name: string }) {
  return (
    <Link
      to={paths.product(id)}
      className="rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {name}
    </Link>
  );
}

export function PerformanceTab({ data }: { data: Analytics }) {
  const { series, byProduct } = data.performance;
  const unit = periodWord[data.granularity];
  const throughput = kpiOf(data, 'throughput');
  const cycle = kpiOf(data, 'cycleTime');
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <AnalyticsChart
        title={`Tasks completed per ${unit}`}
        summary={`${formatNumber(throughput?.value ?? 0)} completed in all${peak(
          data,
          series.map((p) => ({ date: p.date, value: p.completed })),
        )}.`}
        spec={{
          kind: 'bar',
          data: series,
          categoryKey: 'date',
          categoryLabel: 'Period',
          series: [{ key: 'completed', label: 'Completed', tone: 'accent' }],
          formatCategory: (d) => bucketLabel(d, data.granularity),
          categoryTitle: (d) => bucketTitle(d, data.granularity),
        }}
      />
      <AnalyticsChart
        title={`Median cycle time per ${unit}`}
        summary={`Days from creation to completion; ${formatDays(cycle?.value ?? null)} over the period.`}
        spec={{
          kind: 'line',
          data: series,
          categoryKey: 'date',
          categoryLabel: 'Period',
          series: [{ key: 'cycleTimeDays', label: 'Median cycle time', tone: 'cycle' }],
          formatCategory: (d) => bucketLabel(d, data.granularity),
          categoryTitle: (d) => bucketTitle(d, data.granularity),
          formatValue: formatDays,
        }}
      />
      <AnalyticsChart
        title="Completed by product"
        summary={
          byProduct.length
            ? `The ${byProduct.length === 1 ? 'product' : `${formatNumber(byProduct.length)} products`} with the most tasks completed.`
            : 'No task was completed in this period.'
        }
        spec={{
          kind: 'ranking',
          data: byProduct.map((p) => ({ id: p.productId, name: p.name, completed: p.completed })),
          categoryKey: 'name',
          categoryLabel: 'Product',
          series: [{ key: 'completed', label: 'Completed', tone: 'accent' }],
        }}
      />
      <ListCard
        title="On time by product"
        empty={byProduct.length ? undefined : 'No task was completed in this period.'}
      >
        <DataTable
          rows={byProduct}
          rowKey={(p) => p.productId}
          columns={[
            productColumn,
            { ...figureColumn, header: 'Completed', cell: (p) => formatNumber(p.completed) },
            { ...figureColumn, header: 'On time', cell: (p) => formatPercent(p.onTimeRate) },
          ]}
        />
      </ListCard>
    </div>
  );
}

function Figure({
  label,
  value,
  note,
  icon,
}: {
  label: string;
  value: string;
  note: string;
  icon: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-lg border bg-card p-4">
      <dt className="flex items-center gap-1.5 text-muted-foreground text-sm">
        {icon}
        {label}
      </dt>
      <dd className="font-semibold text-xl tabular-nums">{value}</dd>
      <dd className="text-muted-foreground text-xs">{note}</dd>
    </div>
  );
}

export function QualityTab({ data }: { data: Analytics }) {
  const q = data.quality;
  const previous = `${formatNumber(q.reopenedPrevious)} in the previous period`;
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-3 sm:grid-cols-3 sm:gap-4">
        <Figure
          label="Reopened tasks"
          value={formatNumber(q.reopened)}
          note={previous}
          icon={<RotateCcw className="size-4" aria-hidden="true" />}
        />
        <Figure
          label="Overdue open tasks"
          value={formatNumber(q.overdue)}
          note={`of ${formatKpiValue(q.open, 'count')} open`}
          icon={<AlertTriangle className="size-4" aria-hidden="true" />}
        />
        <Figure
          label="Critical open tasks"
          value={formatNumber(q.critical)}
          note="priority critical, not completed"
          icon={<Flame className="size-4" aria-hidden="true" />}
        />
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <AnalyticsChart
          title="Open tasks by priority"
          summary={`${formatNumber(q.open)} open, ${formatNumber(q.overdue)} of them overdue.`}
          showTable
          spec={{
            kind: 'stacked-bar',
            data: q.byPriority.map((p) => ({
              priority: p.priority,
              onTrack: p.open - p.overdue,
              overdue: p.overdue,
              open: p.open,
            })),
            categoryKey: 'priority',
            categoryLabel: 'Priority',
            series: [
              { key: 'onTrack', label: 'Not overdue', tone: 'on-track' },
              { key: 'overdue', label: 'Overdue', tone: 'overdue' },
            ],
            formatCategory: statusLabel,
          }}
        />
        <ListCard
          title="Overdue by product"
          empty={q.overdueByProduct.length ? undefined : 'No open task is overdue.'}
        >
          <DataTable
            rows={q.overdueByProduct}
            rowKey={(p) => p.productId}
            columns={[
              productColumn,
              { ...figureColumn, header: 'Open', cell: (p) => formatNumber(p.open) },
              { ...figureColumn, header: 'Overdue', cell: (p) => formatNumber(p.overdue) },
            ]}
          />
        </ListCard>
      </div>
    </div>
  );
}

export function ProductivityTab({ data }: { data: Analytics }) {
  const p = data.productivity;
  const created = sum(p.series.map((s) => s.created));
  const completed = sum(p.series.map((s) => s.completed));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <AnalyticsChart
        className="lg:col-span-2"
        title="Created vs. completed"
        summary={`${formatNumber(created)} created and ${formatNumber(completed)} completed in the period.`}
        spec={{
          kind: 'line',
          data: p.series,
          categoryKey: 'date',
          categoryLabel: 'Period',
          series: [
            { key: 'created', label: 'Created', tone: 'created' },
            { key: 'completed', label: 'Completed', tone: 'accent' },
          ],
          formatCategory: (d) => bucketLabel(d, data.granularity),
          categoryTitle: (d) => bucketTitle(d, data.granularity),
        }}
      />
      <AnalyticsChart
        title="Completed per person"
        summary={
          p.byPerson.length
            ? `The ${p.byPerson.length === 1 ? 'person' : `${formatNumber(p.byPerson.length)} people`} who completed the most tasks.`
            : 'Nobody completed an assigned task in this period.'
        }
        spec={{
          kind: 'ranking',
          data: p.byPerson.map((person) => ({
            id: person.userId,
            name: person.name,
            completed: person.completed,
          })),
          categoryKey: 'name',
          categoryLabel: 'Person',
          series: [{ key: 'completed', label: 'Completed', tone: 'accent' }],
        }}
        footer={
          p.unassigned > 0 ? (
            <p className="px-2 text-muted-foreground text-xs">
              {formatNumber(p.unassigned)} completed {p.unassigned === 1 ? 'task had' : 'tasks had'} no
              assignee.
            </p>
          ) : null
        }
      />
      <ListCard
        title="Completed by team"
        empty={p.byTeam.length ? undefined : 'No team completed a task in this period.'}
      >
        <DataTable
          rows={p.byTeam}
          rowKey={(team) => team.teamId}
          columns={[
            { header: 'Team', className: 'max-w-40 truncate font-medium', cell: (team) => team.name },
            {
              header: 'Product',
              className: 'max-w-40 truncate text-muted-foreground',
              cell: (team) => team.productName,
            },
            { ...figureColumn, header: 'Completed', cell: (team) => formatNumber(team.completed) },
          ]}
        />
      </ListCard>
    </div>
  );
}
