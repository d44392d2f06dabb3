import { VELOCITY_CYCLES_DEFAULT, type Velocity } from '@shipyard/shared';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { chartAxis as axis, ChartCard, chartTooltip as tooltip } from '../../../components/chart-card.tsx';
import { OptionSelect } from '../../../components/option-select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { useProductOptions } from '../../../lib/product-options.ts';
import { useVelocity } from '../api/cycles.ts';

type Props = {
  /** The products the page is filtered to: the first one is shown first. */
  preferred: readonly string[];
};

/** The velocity in a sentence: the average per finished cycle, in tasks (and points where estimated). */
export function velocitySummary(data: Velocity): string {
  if (data.cycles.length === 0) return t('No finished cycles yet.');
  const n = data.cycles.length;
  return data.estimateScale !== 'none'
    ? t('Average per cycle (last {{n}}): tasks {{tasks}}, points {{points}}', {
        tasks: data.averageCompleted,
        points: data.averagePoints,
        n,
      })
    : t('Average per cycle (last {{n}}): tasks {{tasks}}', { tasks: data.averageCompleted, n });
}

type Point = { id: string; name: string; completed: number; scope: number; completedPoints: number };

/**
 * Velocity (issue 31): what each of a product's last finished cycles completed, in tasks and in
 * estimate points where the product has a scale, against its scope, with the average — a card of
 * Analytics.
 */
export function VelocityCard({ preferred }: Props) {
  const options = useProductOptions();
  const [picked, setPicked] = useState('');
  const products = (options.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  const productId = picked || preferred[0] || products[0]?.value || '';
  const onProductChange = setPicked;
  const query = useVelocity(productId, VELOCITY_CYCLES_DEFAULT);
  const data = query.data;
  const points = data ? data.estimateScale !== 'none' : false;
  const series = [
    { key: 'completed', label: t('Completed tasks'), fill: 'var(--primary)' },
    { key: 'scope', label: t('Scope'), fill: 'var(--color-zinc-400)' },
    ...(points
      ? [{ key: 'completedPoints', label: t('Completed points'), fill: 'var(--color-emerald-500)' }]
      : []),
  ];
  const rows: Point[] = (data?.cycles ?? []).map((c) => ({
    id: c.id,
    name: c.name,
    completed: c.completed,
    scope: c.scope,
    completedPoints: c.completedPoints,
  }));
  const summary = data ? velocitySummary(data) : '';
  return (
    <section aria-labelledby="velocity-heading" className="grid gap-3" data-velocity="">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="velocity-heading" className="font-semibold text-base">
          {t('Velocity')}
        </h2>
        <OptionSelect
          aria-label={t('Product')}
          value={productId}
          options={products}
          onValueChange={onProductChange}
          className="w-full sm:w-64"
        />
      </div>
      {!productId ? (
        <p className="text-muted-foreground text-sm">{t('Choose a product to see its velocity.')}</p>
      ) : query.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : query.isError ? (
        <p className="text-muted-foreground text-sm">{t('Failed to load the velocity')}</p>
      ) : (
        <ChartCard<Point>
          title={t('Completed per cycle')}
          summary={summary}
          data={rows}
          series={series}
          categoryLabel={t('Cycle')}
          category={(p) => p.name}
          value={(p, key) => String(p[key as keyof Point])}
          rowKey={(p) => p.id}
          plotClassName="h-60 sm:h-64"
          drawing={
            <BarChart
              data={rows}
              responsive
              style={{ width: '100%', height: '100%' }}
              accessibilityLayer={false}
              margin={{ top: 8, right: 8, bottom: 0, left: -8 }}
            >
              <CartesianGrid stroke="var(--border)" vertical={false} />
              <XAxis dataKey="name" {...axis} minTickGap={8} />
              <YAxis {...axis} width={40} />
              <Tooltip {...tooltip} />
              <Legend wrapperStyle={{ fontSize: 12, color: 'var(--muted-foreground)' }} />
              {series.map((s) => (
                <Bar
                  key={s.key}
                  dataKey={s.key}
                  name={s.label}
                  fill={s.fill}
                  radius={[3, 3, 0, 0]}
                  maxBarSize={32}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          }
        />
      )}
    </section>
  );
}
