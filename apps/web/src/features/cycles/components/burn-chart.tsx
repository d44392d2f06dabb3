import type { CycleDetail } from '@shipyard/shared';
import { ToggleGroup } from 'radix-ui';
import { useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { chartAxis as axis, ChartCard, chartTooltip as tooltip } from '../../../components/chart-card.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { type BurnMetric, type BurnMode, type BurnPoint, burnSeries } from './burn-series.ts';

// A cycle's burn-down (what remains against the ideal) or burn-up (scope and completed), by tasks
// or by estimate points, drawn by recharts in a ChartCard: the figures are also a table for
// assistive technology.

const toggleItem =
  'inline-flex h-full flex-1 cursor-pointer items-center justify-center whitespace-nowrap rounded-md border border-transparent px-3 font-medium text-sm outline-none transition-[color,box-shadow] hover:text-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm dark:data-[state=on]:border-input dark:data-[state=on]:bg-input/30';
/** The lines' colours, lighter in dark mode (as the analytics charts'). */
const burnColours = cn(
  '[--burn-main:var(--primary)] [--burn-scope:var(--color-sky-500)] [--burn-done:var(--color-emerald-500)]',
  'dark:[--burn-main:var(--ring)] dark:[--burn-scope:var(--color-sky-400)] dark:[--burn-done:var(--color-emerald-400)]',
);
const toggleRoot = 'inline-flex h-9 items-center rounded-lg bg-muted p-[3px] text-muted-foreground';

function Toggle<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (next: V) => void;
}) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      onValueChange={(next) => {
        if (next) onChange(next as V);
      }}
      aria-label={label}
      className={toggleRoot}
    >
      {options.map((o) => (
        <ToggleGroup.Item key={o.value} value={o.value} className={toggleItem}>
          {o.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}

const shortDay = (day: string) =>
  new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

export function BurnChart({ detail }: { detail: CycleDetail }) {
  const [mode, setMode] = useState<BurnMode>('down');
  const estimates = detail.estimateScale !== 'none';
  const [metric, setMetric] = useState<BurnMetric>('tasks');
  const data = burnSeries(detail.cycle, detail.burn, estimates ? metric : 'tasks');
  const series =
    mode === 'down'
      ? [
          { key: 'ideal', label: t('Ideal'), colour: 'var(--muted-foreground)', dashed: true },
          { key: 'remaining', label: t('Remaining'), colour: 'var(--burn-main)', dashed: false },
        ]
      : [
          { key: 'scope', label: t('Scope'), colour: 'var(--burn-scope)', dashed: false },
          { key: 'completed', label: t('Completed'), colour: 'var(--burn-done)', dashed: false },
        ];
  const unit = estimates && metric === 'points' ? t('points') : t('tasks');
  return (
    <div className={cn('grid gap-3', burnColours)}>
      <div className="flex flex-wrap items-center gap-2">
        <Toggle
          label={t('Chart')}
          value={mode}
          onChange={setMode}
          options={[
            { value: 'down', label: t('Burn-down') },
            { value: 'up', label: t('Burn-up') },
          ]}
        />
        {estimates ? (
          <Toggle
            label={t('Count')}
            value={metric}
            onChange={setMetric}
            options={[
              { value: 'tasks', label: t('Tasks') },
              { value: 'points', label: t('Points') },
            ]}
          />
        ) : null}
      </div>
      <ChartCard<BurnPoint>
        title={mode === 'down' ? t('Burn-down') : t('Burn-up')}
        summary={
          mode === 'down'
            ? t('What remains of the cycle’s scope each day, in {{unit}}, against an even pace to its end.', {
                unit,
              })
            : t('The cycle’s scope and what of it was completed each day, in {{unit}}.', { unit })
        }
        data={data}
        series={series}
        categoryLabel={t('Day')}
        category={(p) => formatDate(p.day)}
        value={(p, key) => {
          const v = p[key as keyof BurnPoint];
          return v === null || v === undefined ? '–' : String(v);
        }}
        rowKey={(p) => p.day}
        plotClassName="h-64"
        drawing={
          <LineChart
            data={data}
            responsive
            style={{ width: '100%', height: '100%' }}
            accessibilityLayer={false}
            margin={{ top: 8, right: 16, bottom: 0, left: -8 }}
          >
            <CartesianGrid stroke="var(--border)" vertical={false} />
            <XAxis dataKey="day" {...axis} tickFormatter={shortDay} minTickGap={16} />
            <YAxis {...axis} width={40} allowDecimals={estimates && metric === 'points'} />
            <Tooltip {...tooltip} labelFormatter={(v) => formatDate(String(v))} />
            <Legend wrapperStyle={{ fontSize: 12, color: 'var(--muted-foreground)' }} />
            {series.map((s) => (
              <Line
                key={s.key}
                type="linear"
                dataKey={s.key}
                name={s.label}
                stroke={s.colour}
                strokeWidth={2}
                strokeDasharray={s.dashed ? '4 4' : undefined}
                dot={!s.dashed && data.length <= 21}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        }
      />
    </div>
  );
}
