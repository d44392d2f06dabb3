import { BarChart3 } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';
import { NO_VALUE } from './analytics-format.ts';

// One chart of the analytics tabs, drawn by recharts. The SVG is hidden from assistive
// technology: the text alternative is the one-line summary under the title and the table of
// the same figures (visually hidden unless the card shows it). Colours are CSS variables set on
// the page (`chartColours`), lighter in dark mode.

/** The chart colours, on the element that holds the charts. */
export const chartColours = cn(
  '[--chart-accent:var(--primary)] [--chart-created:var(--color-sky-500)] [--chart-cycle:var(--color-amber-500)]',
  '[--chart-overdue:var(--color-red-500)] [--chart-on-track:var(--color-zinc-400)]',
  'dark:[--chart-accent:var(--ring)] dark:[--chart-created:var(--color-sky-400)] dark:[--chart-cycle:var(--color-amber-400)]',
  'dark:[--chart-overdue:var(--color-red-400)] dark:[--chart-on-track:var(--color-zinc-500)]',
);

export type ChartTone = 'accent' | 'created' | 'cycle' | 'overdue' | 'on-track';

const colour = (tone: ChartTone) => `var(--chart-${tone})`;

type Value = string | number | null;
export type ChartPoint = Record<string, Value>;
export type ChartSeries = { key: string; label: string; tone: ChartTone };

export type ChartSpec = {
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

const legend = { wrapperStyle: { fontSize: 12, color: 'var(--muted-foreground)' } } as const;

const plain = (value: number | null) => (value === null ? NO_VALUE : formatNumber(value));
const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });
/** Value ticks stay short whatever the scale: 950, 8K, 1.2M. */
const valueTick = (value: number) => compact.format(value);
const ROW_HEIGHT = 28;

export function hasFigures(spec: ChartSpec): boolean {
  return spec.data.some((point) =>
    spec.series.some((s) => {
      const v = point[s.key];
      return typeof v === 'number' && v !== 0;
    }),
  );
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
        {spec.series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            fill={colour(s.tone)}
            radius={[0, 3, 3, 0]}
            maxBarSize={20}
            isAnimationActive={false}
          />
        ))}
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
      {spec.series.map((s) => (
        <Bar
          key={s.key}
          dataKey={s.key}
          name={s.label}
          fill={colour(s.tone)}
          stackId={stacked ? 'stack' : undefined}
          radius={stacked ? 0 : [3, 3, 0, 0]}
          maxBarSize={40}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}

type ChartCardProps = {
  title: string;
  /** One line that says what the chart shows, for everyone: the text alternative's first half. */
  summary: string;
  spec: ChartSpec;
  /** Show the figures' table under the chart rather than to screen readers only. */
  showTable?: boolean;
  footer?: ReactNode;
  className?: string;
};

/** A chart card: its title, a summary, the drawing, and the figures as a table. */
export function ChartCard({ title, summary, spec, showTable = false, footer, className }: ChartCardProps) {
  const titleId = useId();
  const summaryId = useId();
  const figures = hasFigures(spec);
  const format = spec.formatValue ?? plain;
  const category = (value: Value) => {
    const text = String(value ?? NO_VALUE);
    return spec.categoryTitle?.(text) ?? spec.formatCategory?.(text) ?? text;
  };
  return (
    <Card className={cn('min-w-0 gap-4 py-4 sm:py-5', className)}>
      <CardHeader className="px-4 sm:px-5">
        <CardTitle as="h3" id={titleId} className="text-sm">
          {title}
        </CardTitle>
        <CardDescription id={summaryId} className="text-xs">
          {summary}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 px-2 sm:px-3">
        <figure aria-labelledby={titleId} aria-describedby={summaryId} className="m-0 flex flex-col gap-3">
          {figures ? (
            <div
              aria-hidden="true"
              className={cn('w-full min-w-0', spec.kind !== 'ranking' && 'h-60 sm:h-64')}
              // A ranking grows with its rows, so that every name has room.
              style={spec.kind === 'ranking' ? { height: spec.data.length * ROW_HEIGHT + 32 } : undefined}
            >
              <Drawing spec={spec} />
            </div>
          ) : (
            <div className="flex h-40 flex-col items-center justify-center gap-2 text-center">
              <BarChart3 className="size-6 text-muted-foreground" aria-hidden="true" />
              <p className="text-muted-foreground text-sm">Nothing to chart for this period</p>
            </div>
          )}
          {/* A table ignores the 1 px height of sr-only: a wrapper clips it, or it stretches the page. */}
          <div className={showTable ? undefined : 'sr-only'}>
            <table className={showTable ? 'mx-2 w-[calc(100%-1rem)] text-sm' : undefined}>
              <caption className="sr-only">{title}</caption>
              <thead className={showTable ? 'border-b text-muted-foreground text-xs' : undefined}>
                <tr>
                  <th scope="col" className="py-1.5 text-left font-medium">
                    {spec.categoryLabel}
                  </th>
                  {spec.series.map((s) => (
                    <th key={s.key} scope="col" className="py-1.5 text-right font-medium">
                      {s.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className={showTable ? 'divide-y' : undefined}>
                {spec.data.map((point) => (
                  // A point's id when it has one: two people or teams may share a name.
                  <tr key={String(point.id ?? point[spec.categoryKey])}>
                    <th scope="row" className="py-1.5 text-left font-normal">
                      {category(point[spec.categoryKey] ?? null)}
                    </th>
                    {spec.series.map((s) => {
                      const v = point[s.key];
                      return (
                        <td key={s.key} className="py-1.5 text-right tabular-nums">
                          {format(typeof v === 'number' ? v : null)}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </figure>
        {footer}
      </CardContent>
    </Card>
  );
}
