import type { Analytics, AnalyticsKpi } from '@shipyard/shared';
import { AlertTriangle, Flame, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatNumber, statusLabel } from '../../../lib/format.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { AnalyticsChart } from './analytics-chart.tsx';
import { bucketLabel, bucketTitle, formatDays, formatKpiValue, formatPercent } from './analytics-format.ts';

const kpiOf = (data: Analytics, key: AnalyticsKpi['key']) => data.kpis.find((k) => k.key === key);
const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);

/** How many were completed, and the busiest bucket: '12 completed in all; busiest: Mar 12 (8).' */
function completedSummary(data: Analytics, total: number, points: { date: string; value: number }[]): string {
  const best = points.reduce<{ date: string; value: number } | undefined>(
    (top, p) => (p.value > (top?.value ?? 0) ? p : top),
    undefined,
  );
  const number = formatNumber(total);
  return best
    ? t('{{number}} completed in all; busiest: {{date}} ({{peak}}).', {
        number,
        date: bucketTitle(best.date, data.granularity),
        peak: formatNumber(best.value),
      })
    : t('{{number}} completed in all.', { number });
}

const completedTitles = {
  day: k('Tasks completed per day'),
  week: k('Tasks completed per week'),
  month: k('Tasks completed per month'),
} as const;
const cycleTitles = {
  day: k('Median cycle time per day'),
  week: k('Median cycle time per week'),
  month: k('Median cycle time per month'),
} as const;

const priorityLabels: Record<string, string> = {
  low: k('Low'),
  medium: k('Medium'),
  high: k('High'),
  critical: k('Critical'),
};
const priorityLabel = (priority: string) => {
  const known = priorityLabels[priority];
  return known ? t(known) : statusLabel(priority);
};

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
const figureColumn = { headClassName: 'text-end', className: 'text-end tabular-nums' } as const;

/** The product's name, linked to its page. */
const productColumn = () => ({
  header: t('Product'),
  className: 'max-w-48 truncate',
  cell: (p: { productId: string; name: string }) => <ProductLink id={p.productId} name={p.name} />,
});

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
  const throughput = kpiOf(data, 'throughput');
  const cycle = kpiOf(data, 'cycleTime');
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <AnalyticsChart
        title={t(completedTitles[data.granularity])}
        summary={completedSummary(
          data,
          throughput?.value ?? 0,
          series.map((p) => ({ date: p.date, value: p.completed })),
        )}
        spec={{
          kind: 'bar',
          data: series,
          categoryKey: 'date',
          categoryLabel: t('Period'),
          series: [{ key: 'completed', label: t('Completed'), tone: 'accent' }],
          formatCategory: (d) => bucketLabel(d, data.granularity),
          categoryTitle: (d) => bucketTitle(d, data.granularity),
        }}
      />
      <AnalyticsChart
        title={t(cycleTitles[data.granularity])}
        summary={t('Days from creation to completion; {{value}} over the period.', {
          value: formatDays(cycle?.value ?? null),
        })}
        spec={{
          kind: 'line',
          data: series,
          categoryKey: 'date',
          categoryLabel: t('Period'),
          series: [{ key: 'cycleTimeDays', label: t('Median cycle time'), tone: 'cycle' }],
          formatCategory: (d) => bucketLabel(d, data.granularity),
          categoryTitle: (d) => bucketTitle(d, data.granularity),
          formatValue: formatDays,
        }}
      />
      <AnalyticsChart
        title={t('Completed by product')}
        summary={
          byProduct.length
            ? t('The {{count}} products with the most tasks completed.', {
                count: byProduct.length,
              })
            : t('No task was completed in this period.')
        }
        spec={{
          kind: 'ranking',
          data: byProduct.map((p) => ({ id: p.productId, name: p.name, completed: p.completed })),
          categoryKey: 'name',
          categoryLabel: t('Product'),
          series: [{ key: 'completed', label: t('Completed'), tone: 'accent' }],
        }}
      />
      <ListCard
        title={t('On time by product')}
        empty={byProduct.length ? undefined : t('No task was completed in this period.')}
      >
        <DataTable
          rows={byProduct}
          rowKey={(p) => p.productId}
          columns={[
            productColumn(),
            { ...figureColumn, header: t('Completed'), cell: (p) => formatNumber(p.completed) },
            { ...figureColumn, header: t('On time'), cell: (p) => formatPercent(p.onTimeRate) },
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
  const previous = t('{{number}} in the previous period', { number: formatNumber(q.reopenedPrevious) });
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-3 sm:grid-cols-3 sm:gap-4">
        <Figure
          label={t('Reopened tasks')}
          value={formatNumber(q.reopened)}
          note={previous}
          icon={<RotateCcw className="size-4" aria-hidden="true" />}
        />
        <Figure
          label={t('Overdue open tasks')}
          value={formatNumber(q.overdue)}
          note={t('of {{number}} open', { number: formatKpiValue(q.open, 'count') })}
          icon={<AlertTriangle className="size-4" aria-hidden="true" />}
        />
        <Figure
          label={t('Critical open tasks')}
          value={formatNumber(q.critical)}
          note={t('priority critical, not completed')}
          icon={<Flame className="size-4" aria-hidden="true" />}
        />
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <AnalyticsChart
          title={t('Open tasks by priority')}
          summary={t('{{open}} open, {{overdue}} of them overdue.', {
            open: formatNumber(q.open),
            overdue: formatNumber(q.overdue),
          })}
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
            categoryLabel: t('Priority'),
            series: [
              { key: 'onTrack', label: t('Not overdue'), tone: 'on-track' },
              { key: 'overdue', label: t('Overdue'), tone: 'overdue' },
            ],
            formatCategory: priorityLabel,
          }}
        />
        <ListCard
          title={t('Overdue by product')}
          empty={q.overdueByProduct.length ? undefined : t('No open task is overdue.')}
        >
          <DataTable
            rows={q.overdueByProduct}
            rowKey={(p) => p.productId}
            columns={[
              productColumn(),
              // 'Open' (open tasks) stays English: the key 'Open' is a verb elsewhere, and a key has one
              // translation until the texts can carry a context.
              { ...figureColumn, header: 'Open', cell: (p) => formatNumber(p.open) },
              { ...figureColumn, header: t('Overdue'), cell: (p) => formatNumber(p.overdue) },
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
        title={t('Created vs. completed')}
        summary={t('{{created}} created and {{completed}} completed in the period.', {
          created: formatNumber(created),
          completed: formatNumber(completed),
        })}
        spec={{
          kind: 'line',
          data: p.series,
          categoryKey: 'date',
          categoryLabel: t('Period'),
          series: [
            { key: 'created', label: t('Created'), tone: 'created' },
            { key: 'completed', label: t('Completed'), tone: 'accent' },
          ],
          formatCategory: (d) => bucketLabel(d, data.granularity),
          categoryTitle: (d) => bucketTitle(d, data.granularity),
        }}
      />
      <AnalyticsChart
        title={t('Completed per person')}
        summary={
          p.byPerson.length
            ? t('The {{count}} people who completed the most tasks.', {
                count: p.byPerson.length,
              })
            : t('Nobody completed an assigned task in this period.')
        }
        spec={{
          kind: 'ranking',
          data: p.byPerson.map((person) => ({
            id: person.userId,
            name: person.name,
            completed: person.completed,
          })),
          categoryKey: 'name',
          categoryLabel: t('Person'),
          series: [{ key: 'completed', label: t('Completed'), tone: 'accent' }],
        }}
        footer={
          p.unassigned > 0 ? (
            <p className="px-2 text-muted-foreground text-xs">
              {t('{{number}} completed tasks had no assignee.', {
                count: p.unassigned,
                number: formatNumber(p.unassigned),
              })}
            </p>
          ) : null
        }
      />
      <ListCard
        title={t('Completed by team')}
        empty={p.byTeam.length ? undefined : t('No team completed a task in this period.')}
      >
        <DataTable
          rows={p.byTeam}
          rowKey={(team) => team.teamId}
          columns={[
            { header: t('Team'), className: 'max-w-40 truncate font-medium', cell: (team) => team.name },
            {
              header: t('Product'),
              className: 'max-w-40 truncate text-muted-foreground',
              cell: (team) => team.productName,
            },
            { ...figureColumn, header: t('Completed'), cell: (team) => formatNumber(team.completed) },
          ]}
        />
      </ListCard>
    </div>
  );
}
