import type { ForecastSample } from '@shipyard/shared';
import { formatNumber, formatShortDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';

/** Days off, signed: "+3" done later than forecast, "−2" earlier. */
const signedDays = (days: number) => (days > 0 ? `+${formatNumber(days)}` : formatNumber(days));

/** The backtest's samples, one row per past cut-off: what was forecast then and what happened. */
export function ForecastSamples({ samples }: { samples: ForecastSample[] }) {
  if (samples.length === 0) return null;
  return (
    <details className="group text-sm" data-forecast-samples="">
      <summary className="cursor-pointer text-muted-foreground hover:text-foreground">
        {t('Backtest samples ({{count}})', { count: samples.length })}
      </summary>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-xs">
          <thead className="text-muted-foreground">
            <tr className="border-b text-start">
              <th scope="col" className="py-1 pe-3 text-start font-medium">
                {t('Cut-off')}
              </th>
              <th scope="col" className="py-1 pe-3 text-end font-medium">
                {t('Open then')}
              </th>
              <th scope="col" className="py-1 pe-3 text-start font-medium">
                {t('50 % by')}
              </th>
              <th scope="col" className="py-1 pe-3 text-start font-medium">
                {t('85 % by')}
              </th>
              <th scope="col" className="py-1 pe-3 text-start font-medium">
                {t('Done on')}
              </th>
              <th scope="col" className="py-1 text-end font-medium">
                {t('Days off')}
              </th>
            </tr>
          </thead>
          <tbody>
            {samples.map((s) => (
              <tr key={s.cutoff} className="border-b last:border-b-0">
                <th scope="row" className="py-1 pe-3 text-start font-normal">
                  {formatShortDate(s.cutoff)}
                </th>
                <td className="py-1 pe-3 text-end tabular-nums">{formatNumber(s.open)}</td>
                <td className="py-1 pe-3">{formatShortDate(s.p50)}</td>
                <td className="py-1 pe-3">
                  {formatShortDate(s.p85)}
                  {s.within_p85 === null ? null : (
                    <span className="ms-1 text-muted-foreground">
                      {s.within_p85 ? t('(met)') : t('(missed)')}
                    </span>
                  )}
                </td>
                <td className="py-1 pe-3">{s.actual ? formatShortDate(s.actual) : t('Not yet')}</td>
                <td className="py-1 text-end tabular-nums">
                  {s.error_days === null ? '—' : signedDays(s.error_days)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
