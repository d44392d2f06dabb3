import type { ForecastSummary } from '@shipyard/shared';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../../components/ui/tooltip.tsx';
import { formatDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { useForecastSummary } from '../api/forecast.ts';

/** Where a day is on a roadmap row (the roadmap's `RoadmapPlace`). */
type Place = { from: string; to: string; dayWidth: number; x: (day: string) => number };

/** "50 % by …, 85 % by …" for a forecast with dates. */
function forecastRange(f: Pick<ForecastSummary, 'p50' | 'p85' | 'beyond'>): string {
  return t('50 % by {{p50}}, 85 % by {{p85}}', {
    p50: formatDate(f.p50),
    p85: f.beyond ? t('After {{date}}', { date: formatDate(f.p85) }) : formatDate(f.p85),
  });
}

/**
 * A product's forecast on its roadmap row (issue 32): a band from its P50 to its P85 day under the
 * bars, with the dates in a tooltip and its label. Nothing when there are no dates or they are
 * outside the window.
 */
export function ForecastRoadmapMarker({
  productId,
  name,
  place,
}: {
  productId: string;
  name: string;
  place: Place;
}) {
  const { data } = useForecastSummary(productId);
  if (data?.state !== 'forecast' || !data.p50 || !data.p85) return null;
  if (data.p50 > place.to || data.p85 < place.from) return null;
  const start = place.x(data.p50 < place.from ? place.from : data.p50);
  const end = place.x(data.p85 > place.to ? place.to : data.p85) + place.dayWidth;
  const label = t('Forecast for {{product}}: {{range}}', { product: name, range: forecastRange(data) });
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          aria-label={label}
          data-forecast-marker=""
          className="absolute top-[38px] z-10 flex h-2 items-center rounded-full bg-violet-500/30 outline-none ring-1 ring-violet-500/70 focus-visible:ring-2 focus-visible:ring-ring dark:bg-violet-400/30 dark:ring-violet-400/70"
          style={{ insetInlineStart: start, width: Math.max(end - start, 6) }}
        >
          <span aria-hidden="true" className="h-3 w-0.5 rounded-full bg-violet-600 dark:bg-violet-300" />
        </button>
      </TooltipTrigger>
      <TooltipContent>
        {t('Forecast')} · {forecastRange(data)}
      </TooltipContent>
    </Tooltip>
  );
}

/** The forecast in the roadmap's phone list: a line of text. */
export function ForecastListLine({ productId }: { productId: string }) {
  const { data } = useForecastSummary(productId);
  if (!data) return null;
  const text =
    data.state === 'forecast'
      ? forecastRange(data)
      : data.state === 'done'
        ? t('Nothing is open')
        : t('Not enough history');
  return (
    <p className="text-muted-foreground text-xs" data-forecast-line="">
      <span className="font-medium text-foreground">{t('Forecast')}</span> · <span>{text}</span>
    </p>
  );
}
