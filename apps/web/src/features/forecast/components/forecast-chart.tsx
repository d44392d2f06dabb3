import type { Forecast } from '@shipyard/shared';
import { Bar, BarChart, Cell, Tooltip, XAxis } from 'recharts';
import { chartAxis as axis, chartTooltip as tooltip } from '../../../components/chart-card.tsx';
import { formatDate, formatShortDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';

type Props = { forecast: Forecast };

/** The colour of a range of days: up to P50 strong, to P85 lighter, after it muted. */
const fillOf = (date: string, { p50, p85 }: Forecast) =>
  p50 && date <= p50
    ? 'var(--primary)'
    : p85 && date <= p85
      ? 'color-mix(in oklab, var(--primary) 45%, transparent)'
      : 'var(--color-zinc-400)';

/**
 * How the trials' end days spread: one bar per range of days. The drawing is hidden from assistive
 * technology; the card's figures (P50, P85) say what it shows.
 */
export function ForecastChart({ forecast }: Props) {
  const total = forecast.trials || 1;
  const data = forecast.distribution.map((bin) => ({
    ...bin,
    label: formatShortDate(bin.date),
    share: Math.round((bin.trials / total) * 1000) / 10,
  }));
  if (data.length === 0) return null;
  return (
    <figure className="grid gap-1" data-forecast-chart="">
      <div aria-hidden="true" className="h-28 w-full">
        <BarChart
          data={data}
          responsive
          style={{ width: '100%', height: '100%' }}
          accessibilityLayer={false}
          margin={{ top: 4, right: 4, bottom: 0, left: 4 }}
        >
          <XAxis dataKey="label" {...axis} minTickGap={16} />
          <Tooltip
            {...tooltip}
            labelFormatter={(_label, payload) => {
              const bin = payload?.[0]?.payload as (typeof data)[number] | undefined;
              return bin ? formatDate(bin.date) : '';
            }}
            formatter={(value) => [`${value} %`, t('Share of trials')]}
          />
          <Bar dataKey="share" radius={[2, 2, 0, 0]} isAnimationActive={false}>
            {data.map((bin) => (
              <Cell key={bin.date} fill={fillOf(bin.date, forecast)} />
            ))}
          </Bar>
        </BarChart>
      </div>
      <figcaption className="text-muted-foreground text-xs">
        {t('When the simulated trials finished ({{count}} trials)', { count: forecast.trials })}
      </figcaption>
    </figure>
  );
}
