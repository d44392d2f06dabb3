import type { FlowDay } from '@shipyard/shared';
import type { ReactNode } from 'react';
import { Area, AreaChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { chartAxis as axis, ChartCard, chartTooltip as tooltip } from '../../../components/chart-card.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { stageColour, stageName } from './stage-style.ts';

// A cumulative flow diagram (issue 32): per day, how many products (or tasks) were in each stage
// (status) at its end, stacked in the lifecycle's order, drawn by recharts in a ChartCard whose
// table carries the same figures for assistive technology. A click on a day opens that day's items.

const shortDay = (day: string) =>
  new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

type Point = Record<string, string | number>;

export function FlowChart({
  title,
  summary,
  flow,
  keys,
  onDay,
  footer,
}: {
  title: string;
  summary: string;
  flow: FlowDay[];
  /** The stages (statuses) bottom to top. */
  keys: readonly string[];
  onDay?: (date: string) => void;
  footer?: ReactNode;
}) {
  const data: Point[] = flow.map((d) => ({ date: d.date, ...d.counts }));
  // The last stage at the bottom: the cumulative flow's usual reading (done grows from below).
  const order = [...keys].reverse();
  return (
    <ChartCard<Point>
      title={title}
      summary={summary}
      data={data}
      series={order.map((k) => ({ key: k, label: stageName(k) }))}
      categoryLabel={t('Day')}
      category={(p) => shortDay(String(p.date))}
      value={(p, key) => String(p[key] ?? 0)}
      rowKey={(p) => String(p.date)}
      plotClassName="h-72"
      footer={footer}
      drawing={
        <AreaChart
          data={data}
          responsive
          style={{ width: '100%', height: '100%' }}
          accessibilityLayer={false}
          margin={{ top: 8, right: 12, bottom: 0, left: -12 }}
          onClick={(state) => {
            const label = state?.activeLabel;
            if (onDay && typeof label === 'string') onDay(label);
          }}
          className={onDay ? 'cursor-pointer' : undefined}
        >
          <CartesianGrid stroke="var(--border)" vertical={false} />
          <XAxis dataKey="date" {...axis} tickFormatter={(d: string) => shortDay(d)} minTickGap={24} />
          <YAxis {...axis} allowDecimals={false} width={40} />
          <Tooltip {...tooltip} labelFormatter={(d) => shortDay(String(d))} />
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
          {order.map((k) => (
            <Area
              key={k}
              type="stepAfter"
              dataKey={k}
              name={stageName(k)}
              stackId="flow"
              stroke={stageColour[k]}
              fill={stageColour[k]}
              fillOpacity={0.55}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      }
    />
  );
}
