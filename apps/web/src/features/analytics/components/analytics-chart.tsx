import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  type BarProps,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { chartAxis as axis, ChartCard, chartTooltip as tooltip } from '../../../components/chart-card.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';
import { NO_VALUE } from './analytics-format.ts';

// One chart of the analytics tabs, drawn by recharts in a ChartCard (components/chart-card.tsx).
// Colours are CSS variables set on the page (`chartColours`), lighter in dark mode.

/** The chart colours, on the element that holds the charts. */
export const chartColours = cn(
  '[--chart-accent:var(--primary)] [--chart-created:var(--color-sky-500)] [--chart-cycle:var(--color-amber-500)]',
  '[--chart-overdue:var(--color-red-500)] [--chart-on-track:var(--color-zinc-400)]',
  'dark:[--chart-accent:var(--ring)] dark:[--chart-created:var(--color-sky-400)] dark:[--chart-cycle:var(--color-amber-400)]',
  'dark:[--chart-overdue:var(--color-red-400)] dark:[--chart-on-track:var(--color-zinc-500)]',
);

type ChartTone = 'accent' | 'created' | 'cycle' | 'overdue' | 'on-track';

const colour = (tone: ChartTone) => `var(--chart-${tone})`;

type Value = string | number | null;
type ChartPoint = Record<string, Value>;
type ChartSeries = { key: string; label: string; tone: ChartTone };

type ChartSpec = {
  kind: 'bar' | 'stacked-bar' | 'line' | 'ranking';
  data: ChartPoint[];
  categoryKey: string;
  categoryLabel: string;
  series: ChartSeries[];
  /** A category on the axis ('Mar 9'); the table and tooltip use `categoryTitle` when given. */
  formatCategory?: (value: string) => string;
  categoryTitle?: (value: string) => string;
  formatValue?: (value: number | null) => string;
};

const legend = { wrapperStyle: { fontSize: 12, color: 'var(--muted-foreground)' } } as const;

const plain = (value: number | null) => (value === null ? NO_VALUE : formatNumber(value));
const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });
/** Value ticks stay short whatever the scale: 950, 8K, 1.2M. */
const valueTick = (value: number) => compact.format(value);
const ROW_HEIGHT = 28;

/** One bar a series, in its tone. */
function bars(spec: ChartSpec, shape: Pick<BarProps, 'stackId' | 'radius' | 'maxBarSize'>) {
  return spec.series.map((s) => (
    <Bar
      key={s.key}
      dataKey={s.key}
      name={s.label}
      fill={colour(s.tone)}
      {...shape}
      isAnimationActive={false}
    />
  ));
}

function Drawing({ spec }: { spec: ChartSpec }) {
  // No keyboard layer: the SVG is hidden, the table is what assistive technology reads.
  const common = {
    data: spec.data,
    responsive: true,
    style: { width: '100%', height: '100%' },
    accessibilityLayer: false,
  } as const;
  const format = spec.formatValue ?? plain;
  const tick = (value: Value) => (spec.formatCategory ? spec.formatCategory(String(value)) : String(value));
  const label = (value: unknown) =>
    spec.categoryTitle ? spec.categoryTitle(String(value)) : tick(value as Value);
  const tip = (
    <Tooltip
      {...tooltip}
      labelFormatter={label}
      formatter={(value) => format(typeof value === 'number' ? value : null)}
    />
  );

  if (spec.kind === 'line') {
    return (
      <LineChart {...common} margin={{ top: 8, right: 16, bottom: 0, left: -8 }}>
        <CartesianGrid stroke="var(--border)" vertical={false} />
        <XAxis dataKey={spec.categoryKey} {...axis} tickFormatter={tick} minTickGap={16} />
        <YAxis
          {...axis}
          width={48}
          tickFormatter={valueTick}
          allowDecimals={spec.formatValue !== undefined}
        />
        {tip}
        {spec.series.length > 1 ? <Legend {...legend} /> : null}
        {spec.series.map((s) => (
          <Line
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.label}
            stroke={colour(s.tone)}
            strokeWidth={2}
            dot={spec.data.length <= 14}
            connectNulls
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    );
  }

  if (spec.kind === 'ranking') {
    return (
      <BarChart {...common} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="var(--border)" horizontal={false} />
        <XAxis type="number" {...axis} tickFormatter={valueTick} allowDecimals={false} />
        <YAxis
          type="category"
          dataKey={spec.categoryKey}
          {...axis}
          // Wider than the axis: recharts would wrap a name that nearly fits; it is cut short instead.
          tick={{ ...axis.tick, width: 240 }}
          width={128}
          interval={0}
          tickFormatter={(value: string) => (value.length > 18 ? `${value.slice(0, 17)}…` : value)}
        />
        {tip}
        {bars(spec, { radius: [0, 3, 3, 0], maxBarSize: 20 })}
      </BarChart>
    );
  }

  const stacked = spec.kind === 'stacked-bar';
  return (
    <BarChart {...common} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
      <CartesianGrid stroke="var(--border)" vertical={false} />
      <XAxis dataKey={spec.categoryKey} {...axis} tickFormatter={tick} minTickGap={8} />
      <YAxis {...axis} width={48} tickFormatter={valueTick} allowDecimals={false} />
      {tip}
      {spec.series.length > 1 ? <Legend {...legend} /> : null}
      {bars(spec, {
        stackId: stacked ? 'stack' : undefined,
        radius: stacked ? 0 : [3, 3, 0, 0],
        maxBarSize: 40,
      })}
    </BarChart>
  );
}

type AnalyticsChartProps = {
  title: string;
  /** One line that says what the chart shows, for everyone: the text alternative's first half. */
  summary: string;
  spec: ChartSpec;
  /** Show the figures' table under the chart rather than to screen readers only. */
  showTable?: boolean;
  footer?: ReactNode;
  className?: string;
};

/** A chart of the analytics tabs: its title, a summary, the drawing, and the figures as a table. */
export function AnalyticsChart({ title, summary, spec, showTable, footer, className }: AnalyticsChartProps) {
  const format = spec.formatValue ?? plain;
  return (
    <ChartCard
      title={title}
      summary={summary}
      data={spec.data}
      series={spec.series}
      categoryLabel={spec.categoryLabel}
      category={(point) => {
        const text = String(point[spec.categoryKey] ?? NO_VALUE);
        return spec.categoryTitle?.(text) ?? spec.formatCategory?.(text) ?? text;
      }}
      value={(point, key) => {
        const v = point[key];
        return format(typeof v === 'number' ? v : null);
      }}
      // A point's id when it has one: two people or teams may share a name.
      rowKey={(point) => String(point.id ?? point[spec.categoryKey])}
      drawing={<Drawing spec={spec} />}
      // A ranking grows with its rows, so that every name has room.
      plotClassName={spec.kind === 'ranking' ? undefined : 'h-60 sm:h-64'}
      plotStyle={spec.kind === 'ranking' ? { height: spec.data.length * ROW_HEIGHT + 32 } : undefined}
      showTable={showTable}
      footer={footer}
      className={cn('min-w-0', className)}
    />
  );
}
