import type { ReportChart as Chart, ReportTone, ReportValue } from '@shipyard/shared';
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
import { chartAxis as axis, ChartCard, chartTooltip as tooltip } from '../../../components/chart-card.tsx';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import { formatReportValue, NONE, shortDay } from './report-format.ts';
import { reportWord, WORD_VALUED } from './report-texts.ts';

// One chart of a report, drawn by recharts from the data the server computed, in a ChartCard
// (components/chart-card.tsx). Colours are CSS variables: the status colours of spec §4 and the
// accent, lighter in dark mode.

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
  if (isWeek(chart)) return shortDay(text);
  return WORD_VALUED.has(chart.categoryKey) ? reportWord(text) : text;
};

function Drawing({ chart }: { chart: Chart }) {
  const style = { width: '100%', height: '100%' };
  // No keyboard layer: the SVG is hidden, the table beside it is what assistive technology reads.
  // Categories that are words (a status, an outcome) are drawn, listed and told in the reader's language.
  const data = WORD_VALUED.has(chart.categoryKey)
    ? chart.data.map((point) => ({
        ...point,
        [chart.categoryKey]: category(chart, point[chart.categoryKey]),
      }))
    : chart.data;
  const common = { data, responsive: true, style, accessibilityLayer: false } as const;
  const tick = (value: ReportValue) => category(chart, value);
  if (chart.kind === 'pie') {
    const series = chart.series[0];
    if (!series) return null;
    return (
      <PieChart {...common} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
        <Pie
          data={data}
          dataKey={series.key}
          nameKey={chart.categoryKey}
          innerRadius="50%"
          outerRadius="80%"
          paddingAngle={1}
          rootTabIndex={-1}
          stroke="var(--card)"
          isAnimationActive={false}
        >
          {data.map((point) => (
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
          labelFormatter={(label) => t('Week of {{date}}', { date: category(chart, label as ReportValue) })}
        />
        {chart.series.map((s) => (
          <Line
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={reportWord(s.label)}
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
          name={reportWord(s.label)}
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

/** A chart of a report: its title, the drawing, and the figures as a table for screen readers. */
export function ReportChart({ chart, className }: { chart: Chart; className?: string }) {
  return (
    <ChartCard
      title={reportWord(chart.title)}
      data={chart.data}
      series={chart.series.map((s) => ({ ...s, label: reportWord(s.label) }))}
      categoryLabel={reportWord(chart.categoryLabel)}
      category={(point) => category(chart, point[chart.categoryKey])}
      value={(point, key) => formatReportValue(point[key] ?? null, 'number')}
      // Categories may repeat (two teams of one name): the position keeps rows apart.
      rowKey={(_point, index) => index}
      drawing={<Drawing chart={chart} />}
      plotClassName="h-64 sm:h-72"
      className={className}
    />
  );
}
