import type { ReportChart as Chart, ReportTone, ReportValue } from '@shipyard/shared';
import { BarChart3 } from 'lucide-react';
import { useId } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatReportValue, NONE, shortDay } from './report-format.ts';

// One chart of a report, drawn by recharts from the data the server computed. The SVG is hidden
// from assistive technology; its text alternative is the table of the same figures beside it.
// Colours are CSS variables: the status colours of spec §4 and the accent, lighter in dark mode.

/** The tones as CSS variables, on the element that holds the charts. */
export const chartToneVariables = cn(
  '[--tone-planning:var(--color-blue-500)] [--tone-development:var(--color-amber-500)]',
  '[--tone-testing:var(--color-purple-500)] [--tone-production:var(--color-green-600)]',
  '[--tone-maintenance:var(--color-zinc-400)] [--tone-met:var(--color-green-600)]',
  '[--tone-missed:var(--color-red-500)] [--tone-upcoming:var(--color-sky-500)]',
  '[--tone-completed:var(--color-green-600)] [--tone-open:var(--color-indigo-500)]',
  '[--tone-overdue:var(--color-red-500)] [--tone-unassigned:var(--color-amber-500)] [--tone-accent:var(--primary)]',
  'dark:[--tone-planning:var(--color-blue-400)] dark:[--tone-development:var(--color-amber-400)]',
  'dark:[--tone-testing:var(--color-purple-400)] dark:[--tone-production:var(--color-green-400)]',
  'dark:[--tone-maintenance:var(--color-zinc-500)] dark:[--tone-met:var(--color-green-400)]',
  'dark:[--tone-missed:var(--color-red-400)] dark:[--tone-upcoming:var(--color-sky-400)]',
  'dark:[--tone-completed:var(--color-green-400)] dark:[--tone-open:var(--color-indigo-400)]',
  'dark:[--tone-overdue:var(--color-red-400)] dark:[--tone-unassigned:var(--color-amber-400)] dark:[--tone-accent:var(--ring)]',
);

const toneColour = (tone: ReportValue | ReportTone | undefined) => `var(--tone-${tone ?? 'accent'})`;

const axis = {
  stroke: 'var(--border)',
  tick: { fill: 'var(--muted-foreground)', fontSize: 12 },
  tickLine: false,
} as const;

const tooltip = {
  contentStyle: {
    background: 'var(--popover)',
    border: '1px solid var(--border)',
    borderRadius: 'var(--radius)',
    color: 'var(--popover-foreground)',
    fontSize: 12,
  },
  itemStyle: { color: 'var(--popover-foreground)' },
  labelStyle: { color: 'var(--muted-foreground)' },
  cursor: { fill: 'var(--muted)', opacity: 0.5 },
} as const;

// In the data's order, and in the muted text colour (the swatch carries the series colour).
const legend = {
  itemSorter: null,
  wrapperStyle: { fontSize: 12 },
  formatter: (value: unknown) => <span style={{ color: 'var(--muted-foreground)' }}>{String(value)}</span>,
} as const;

/** Names longer than this read better on a horizontal bar chart, one per line. */
const LONG_CATEGORY = 12;

const isWeek = (chart: Chart) => chart.kind === 'line';
const category = (chart: Chart, value: ReportValue | undefined) => {
  const text = value === null || value === undefined ? NONE : String(value);
  return isWeek(chart) ? shortDay(text) : text;
};

function hasFigures(chart: Chart): boolean {
  return chart.data.some((point) =>
    chart.series.some((s) => {
      const v = point[s.key];
      return typeof v === 'number' && v !== 0;
    }),
  );
}

function Drawing({ chart }: { chart: Chart }) {
  const style = { width: '100%', height: '100%' };
  // No keyboard layer: the SVG is hidden, the table beside it is what assistive technology reads.
  const common = { data: chart.data, responsive: true, style, accessibilityLayer: false } as const;
  const tick = (value: ReportValue) => category(chart, value);
  if (chart.kind === 'pie') {
    const series = chart.series[0];
    if (!series) return null;
    return (
      <PieChart {...common} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
        <Pie
          data={chart.data}
          dataKey={series.key}
          nameKey={chart.categoryKey}
          innerRadius="50%"
          outerRadius="80%"
          paddingAngle={1}
          rootTabIndex={-1}
          stroke="var(--card)"
          isAnimationActive={false}
        >
          {chart.data.map((point) => (
            <Cell key={String(point[chart.categoryKey])} fill={toneColour(point.tone)} />
          ))}
        </Pie>
        <Tooltip {...tooltip} />
        <Legend {...legend} />
      </PieChart>
    );
  }
  if (chart.kind === 'line') {
    return (
      <LineChart {...common} margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
        <CartesianGrid stroke="var(--border)" vertical={false} />
        <XAxis dataKey={chart.categoryKey} {...axis} tickFormatter={tick} minTickGap={16} />
        <YAxis {...axis} allowDecimals={false} />
        <Tooltip
          {...tooltip}
          labelFormatter={(label) => `Week of ${category(chart, label as ReportValue)}`}
        />
        {chart.series.map((s) => (
          <Line
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.label}
            stroke={toneColour(s.tone)}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    );
  }
  const stacked = chart.kind === 'stacked-bar';
  const horizontal = chart.data.some(
    (point) => String(point[chart.categoryKey] ?? '').length > LONG_CATEGORY,
  );
  // One line per name, cut to fit; the tooltip and the table beside the chart have it in full.
  const nameTick = ({
    x,
    y,
    payload,
  }: {
    x?: number | string;
    y?: number | string;
    payload?: { value?: ReportValue };
  }) => {
    const text = tick(payload?.value ?? null);
    return (
      <text x={x} y={y} dy={4} textAnchor="end" fill="var(--muted-foreground)" fontSize={12}>
        {text.length > 18 ? `${text.slice(0, 17)}…` : text}
      </text>
    );
  };
  return (
    <BarChart
      {...common}
      layout={horizontal ? 'vertical' : 'horizontal'}
      margin={
        horizontal ? { top: 0, right: 16, bottom: 0, left: 0 } : { top: 8, right: 8, bottom: 0, left: -16 }
      }
    >
      <CartesianGrid stroke="var(--border)" vertical={horizontal} horizontal={!horizontal} />
      {horizontal ? (
        <>
          <XAxis type="number" {...axis} />
          <YAxis
            type="category"
            dataKey={chart.categoryKey}
            {...axis}
            tick={nameTick}
            width={132}
            interval={0}
          />
        </>
      ) : (
        <>
          <XAxis dataKey={chart.categoryKey} {...axis} tickFormatter={tick} interval="preserveStartEnd" />
          <YAxis {...axis} />
        </>
      )}
      <Tooltip {...tooltip} />
      {chart.series.length > 1 ? <Legend {...legend} /> : null}
      {chart.series.map((s) => (
        <Bar
          key={s.key}
          dataKey={s.key}
          name={s.label}
          fill={toneColour(s.tone)}
          stackId={stacked ? 'stack' : undefined}
          radius={stacked ? 0 : horizontal ? [0, 3, 3, 0] : [3, 3, 0, 0]}
          maxBarSize={40}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}

/** A chart card: its title, the drawing, and the figures as a table for screen readers. */
export function ReportChart({ chart, className }: { chart: Chart; className?: string }) {
  const titleId = useId();
  const figures = hasFigures(chart);
  return (
    <Card className={cn('gap-4 py-4 sm:py-5', className)}>
      <CardHeader className="px-4 sm:px-5">
        <CardTitle as="h3" id={titleId} className="text-sm">
          {chart.title}
        </CardTitle>
      </CardHeader>
      <CardContent className="px-2 sm:px-3">
        <figure aria-labelledby={titleId} className="m-0">
          {figures ? (
            <div aria-hidden="true" className="h-64 w-full min-w-0 sm:h-72">
              <Drawing chart={chart} />
            </div>
          ) : (
            <div className="flex h-40 flex-col items-center justify-center gap-2 text-center">
              <BarChart3 className="size-6 text-muted-foreground" aria-hidden="true" />
              <p className="text-muted-foreground text-sm">Nothing to chart for this period</p>
            </div>
          )}
          {/* A table ignores the 1 px height of sr-only: a wrapper clips it, or it stretches the page. */}
          <div className="sr-only">
            <table>
              <caption>{chart.title}</caption>
              <thead>
                <tr>
                  <th scope="col">{chart.categoryLabel}</th>
                  {chart.series.map((s) => (
                    <th key={s.key} scope="col">
                      {s.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {chart.data.map((point, index) => (
                  // Categories may repeat (two teams of one name): the position keeps rows apart.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the data is replaced as a whole, never reordered.
                  <tr key={index}>
                    <th scope="row">{category(chart, point[chart.categoryKey])}</th>
                    {chart.series.map((s) => (
                      <td key={s.key}>{formatReportValue(point[s.key] ?? null, 'number')}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </figure>
      </CardContent>
    </Card>
  );
}
