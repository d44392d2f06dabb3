import { FORECAST_MIN_COMPLETIONS, FORECAST_MIN_HISTORY_DAYS, type Forecast } from '@shipyard/shared';
import { SectionCard } from '../../../components/section-card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { useForecast } from '../api/forecast.ts';
import { ForecastChart } from './forecast-chart.tsx';
import { ForecastSamples } from './forecast-samples.tsx';

/** The backtest in a sentence: how far off the method was on average, and how often P85 held. */
function backtestSummary({ backtest }: Pick<Forecast, 'backtest'>): string {
  if (backtest.samples_count === 0 || backtest.mean_abs_error_days === null)
    return t('Backtest: not enough past history yet.');
  const off = t('Backtest: off by ±{{days}} days on average over {{count}} past weeks.', {
    days: formatNumber(backtest.mean_abs_error_days),
    count: backtest.samples_count,
  });
  if (backtest.hit_rate_85 === null) return off;
  return `${off} ${t('Done by the 85 % date in {{percent}} % of them.', {
    percent: formatNumber(Math.round(backtest.hit_rate_85 * 100)),
  })}`;
}

/** Why there is no date yet. */
function insufficientReason(forecast: Pick<Forecast, 'reason' | 'history'>): string {
  return forecast.reason === 'short_history'
    ? t('Its first task is less than {{count}} days old.', { count: FORECAST_MIN_HISTORY_DAYS })
    : t('Fewer than {{count}} tasks were completed in the last {{days}} days.', {
        count: FORECAST_MIN_COMPLETIONS,
        days: formatNumber(forecast.history.days),
      });
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="grid content-start gap-0.5">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="font-semibold text-base tabular-nums">{value}</dd>
      {hint ? <dd className="text-muted-foreground text-xs">{hint}</dd> : null}
    </div>
  );
}

function Body({ forecast }: { forecast: Forecast }) {
  const { history } = forecast;
  const throughput = t('{{rate}} tasks a week', { rate: formatNumber(history.per_week) });
  const window = t('over the last {{count}} days', { count: history.days });
  return (
    <div className="grid gap-4">
      {forecast.state === 'forecast' ? (
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Figure label={t('50 % likely by')} value={formatDate(forecast.p50)} />
          <Figure
            label={t('85 % likely by')}
            value={
              forecast.beyond
                ? t('After {{date}}', { date: formatDate(forecast.p85) })
                : formatDate(forecast.p85)
            }
          />
          <Figure label={t('Open tasks')} value={formatNumber(forecast.open)} />
          <Figure label={t('Throughput')} value={throughput} hint={window} />
        </dl>
      ) : forecast.state === 'done' ? (
        <p className="text-sm">{t('Nothing is open: every task is done.')}</p>
      ) : (
        <div className="grid gap-1 text-sm">
          <p className="font-medium">{t('Not enough history to forecast yet.')}</p>
          <p className="text-muted-foreground">
            {insufficientReason(forecast)} {t('{{count}} tasks are open.', { count: forecast.open })}
          </p>
        </div>
      )}
      <p className="text-sm" data-forecast-backtest="">
        {backtestSummary(forecast)}
      </p>
      {forecast.state === 'forecast' ? <ForecastChart forecast={forecast} /> : null}
      <ForecastSamples samples={forecast.backtest.samples} />
    </div>
  );
}

/**
 * The product's forecast on its Overview (issue 32): when its open tasks will be done with 50 % and
 * 85 % confidence, from its own pace, and how far off the same method was over its past weeks.
 */
export function ForecastCard({ productId }: { productId: string }) {
  const query = useForecast(productId);
  return (
    <SectionCard
      title={t('Forecast')}
      description={t('When the open tasks will be done, at this product’s own pace')}
      data-forecast=""
    >
      {query.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : query.isError ? (
        <p className="text-muted-foreground text-sm">{t('Failed to load the forecast')}</p>
      ) : (
        <Body forecast={query.data} />
      )}
    </SectionCard>
  );
}
