import {
  ANALYTICS_PERIOD_DAYS,
  ANALYTICS_TIMEFRAMES,
  type Analytics,
  type AnalyticsTimeframe,
  analyticsMessages,
} from '@shipyard/shared';
import { ChartNoAxesColumn } from 'lucide-react';
import { ToggleGroup } from 'radix-ui';
import { type ReactNode, useMemo } from 'react';
import { ErrorState } from '../../../components/error-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useUrlSearchState } from '../../../hooks/use-url-state.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { useProductOptions } from '../../../lib/product-options.ts';
import { browserTimeZone, useAnalytics } from '../api/get-analytics.ts';
import { chartColours } from './analytics-chart.tsx';
import {
  ANALYTICS_TABS,
  type AnalyticsTab,
  readAnalyticsSearch,
  writeAnalyticsSearch,
} from './analytics-search-params.ts';
import { PerformanceTab, ProductivityTab, QualityTab } from './analytics-tabs.tsx';
import { KpiCards, KpiCardsSkeleton } from './kpi-cards.tsx';
import { ProductFilter } from './product-filter.tsx';
import { isAllProducts, type ProductSelection } from './product-selection.ts';

const TAB_LABELS: Record<AnalyticsTab, string> = {
  performance: k('Performance'),
  quality: k('Quality'),
  productivity: k('Productivity'),
};

/** ANALYTICS_TIMEFRAME_LABELS' texts (the same English), marked to be translated where shown. */
const TIMEFRAME_LABELS: Record<AnalyticsTimeframe, string> = {
  week: k('Week'),
  month: k('Month'),
  quarter: k('Quarter'),
  year: k('Year'),
};

function TimeframeSelector({
  value,
  onChange,
}: {
  value: AnalyticsTimeframe;
  onChange: (next: AnalyticsTimeframe) => void;
}) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      // A click on the chosen one would clear it: a timeframe is always chosen.
      onValueChange={(next) => {
        if (next) onChange(next as AnalyticsTimeframe);
      }}
      aria-label={t('Timeframe')}
      className="inline-flex h-9 w-full items-center rounded-lg bg-muted p-[3px] text-muted-foreground sm:w-fit"
    >
      {ANALYTICS_TIMEFRAMES.map((timeframe) => (
        <ToggleGroup.Item
          key={timeframe}
          value={timeframe}
          className="inline-flex h-full flex-1 cursor-pointer items-center justify-center whitespace-nowrap rounded-md border border-transparent px-3 font-medium text-sm outline-none transition-[color,box-shadow] hover:text-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm dark:data-[state=on]:border-input dark:data-[state=on]:bg-input/30"
        >
          {t(TIMEFRAME_LABELS[timeframe])}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}

/** Nothing at all happened to the chosen products: no task open, created, completed or reopened. */
function isEmptyAnalytics(data: Analytics): boolean {
  const moved = data.kpis.some(
    (k) => (k.key === 'throughput' || k.key === 'created' || k.key === 'openNow') && (k.value || k.previous),
  );
  return !moved && data.quality.reopened === 0 && data.quality.reopenedPrevious === 0;
}

function TabsSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-4">
      <Skeleton className="h-9 w-72 max-w-full" />
      <div className="grid gap-4 lg:grid-cols-2">
        {[0, 1].map((i) => (
          <Card key={i} className="gap-4 py-5">
            <CardContent className="flex flex-col gap-3 px-5">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-56" />
              <Skeleton className="h-56 w-full" />
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}

/**
 * Spec §2.16: the analytics of the tasks of all or some products, for a week, month, quarter or year.
 * `extra`: what other features add below (issue 31: cycles' velocity), given the chosen products.
 */
export function AnalyticsPage({ extra }: { extra?: (products: readonly string[]) => ReactNode } = {}) {
  const [search, update] = useUrlSearchState(readAnalyticsSearch, writeAnalyticsSearch);
  const timeZone = useMemo(browserTimeZone, []);
  const query = useAnalytics({ timeframe: search.timeframe, products: search.products, tz: timeZone });
  const products = useProductOptions();

  const data = query.data;
  const days = ANALYTICS_PERIOD_DAYS[search.timeframe];
  const filtered = !isAllProducts(search.products);

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <>
        <span role="status" className="sr-only">
          {t('Loading analytics')}
        </span>
        <KpiCardsSkeleton />
        <TabsSkeleton />
      </>
    );
  } else if (query.isError || !data) {
    body = (
      <Card className="py-0">
        <ErrorState
          title={t(analyticsMessages.loadFailed)}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </Card>
    );
  } else {
    body = (
      <div
        className={cn(
          'flex flex-col gap-6 transition-opacity',
          query.isPlaceholderData && 'opacity-60 motion-reduce:transition-none',
        )}
        aria-busy={query.isPlaceholderData}
      >
        {query.isPlaceholderData ? (
          <span role="status" className="sr-only">
            {t('Updating analytics')}
          </span>
        ) : null}
        <p className="text-muted-foreground text-sm">
          {t(
            'The last {{count}} days, today included (since {{date}}), compared with the same span of time just before.',
            { count: days, date: formatDate(data.from) },
          )}
        </p>
        <KpiCards kpis={data.kpis} timeframe={data.timeframe} />
        {isEmptyAnalytics(data) ? (
          <Card className="items-center gap-3 px-4 py-12 text-center">
            <ChartNoAxesColumn className="size-10 text-muted-foreground" aria-hidden="true" />
            <h2 className="font-medium">{t(analyticsMessages.empty)}</h2>
            <p className="max-w-sm text-muted-foreground text-sm">{t(analyticsMessages.emptyHint)}</p>
            {search.timeframe !== 'year' ? (
              <Button variant="outline" size="sm" onClick={() => update({ timeframe: 'year' })}>
                {t('Show the last year')}
              </Button>
            ) : filtered ? (
              <Button variant="outline" size="sm" onClick={() => update({ products: [] })}>
                {t('Show all products')}
              </Button>
            ) : null}
          </Card>
        ) : (
          <Tabs value={search.tab} onValueChange={(tab) => update({ tab: tab as AnalyticsTab })}>
            <TabsList className="grid w-full grid-cols-3 sm:inline-flex sm:w-fit">
              {ANALYTICS_TABS.map((tab) => (
                <TabsTrigger key={tab} value={tab} className="px-3">
                  {t(TAB_LABELS[tab])}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="performance" className="min-w-0 pt-2">
              <PerformanceTab data={data} />
            </TabsContent>
            <TabsContent value="quality" className="min-w-0 pt-2">
              <QualityTab data={data} />
            </TabsContent>
            <TabsContent value="productivity" className="min-w-0 pt-2">
              <ProductivityTab data={data} />
            </TabsContent>
          </Tabs>
        )}
      </div>
    );
  }

  return (
    <div className={cn('mx-auto flex w-full max-w-7xl flex-col gap-6', chartColours)}>
      <PageHeader
        title={t('Analytics')}
        description={t('How work flows through your products: throughput, quality and who gets things done.')}
        actions={
          <>
            <TimeframeSelector value={search.timeframe} onChange={(timeframe) => update({ timeframe })} />
            <ProductFilter
              value={search.products}
              onChange={(next: ProductSelection) => update({ products: [...next] })}
              options={products.data}
              failed={products.isError}
            />
          </>
        }
      />
      {body}
      {extra?.(search.products)}
    </div>
  );
}
