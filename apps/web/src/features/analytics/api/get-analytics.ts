import type { Analytics, AnalyticsTimeframe } from '@shipyard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export type AnalyticsParams = {
  timeframe: AnalyticsTimeframe;
  /** Empty: all products. */
  products: string[];
  /** The IANA zone the days and buckets are read in: the browser's own. */
  tz: string;
};

/** The browser's time zone ('Europe/Paris'), or UTC when it has none to tell. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The same set of products in any order is the same request (and the same cache entry). */
const normalise = (params: AnalyticsParams): AnalyticsParams => ({
  ...params,
  products: [...new Set(params.products)].sort(),
});

export const analyticsKey = (params: AnalyticsParams) =>
  [...queryRoots.analytics, normalise(params)] as const;

function analyticsPath(params: AnalyticsParams): string {
  const { timeframe, products, tz } = normalise(params);
  const query = new URLSearchParams({ timeframe });
  if (products.length) query.set('products', products.join(','));
  query.set('tz', tz);
  return `/analytics?${query.toString()}`;
}

/** GET /analytics: the KPIs and the three tabs' figures for a timeframe and a set of products. */
function getAnalytics(params: AnalyticsParams, signal?: AbortSignal): Promise<Analytics> {
  return api.get<Analytics>(analyticsPath(params), { signal });
}

const analyticsQueryOptions = (params: AnalyticsParams) =>
  queryOptions({
    queryKey: analyticsKey(params),
    queryFn: ({ signal }) => getAnalytics(params, signal),
    // Another timeframe or product keeps the figures on screen (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export const useAnalytics = (params: AnalyticsParams) => useQuery(analyticsQueryOptions(params));
