import { ANALYTICS_DEFAULT_TIMEFRAME, ANALYTICS_TIMEFRAMES, type AnalyticsTimeframe } from '@shipyard/shared';

// The analytics page keeps its timeframe, products and tab in the URL, so a reload or a shared
// link shows the same figures. The defaults (a month, all products, Performance) are left out.

export const ANALYTICS_TABS = ['performance', 'quality', 'productivity'] as const;
export type AnalyticsTab = (typeof ANALYTICS_TABS)[number];

export type AnalyticsSearch = {
  timeframe: AnalyticsTimeframe;
  /** Empty: All Products. */
  products: string[];
  tab: AnalyticsTab;
};

const isTimeframe = (value: string): value is AnalyticsTimeframe =>
  (ANALYTICS_TIMEFRAMES as readonly string[]).includes(value);
const isTab = (value: string): value is AnalyticsTab => (ANALYTICS_TABS as readonly string[]).includes(value);

export function readAnalyticsSearch(params: URLSearchParams): AnalyticsSearch {
  const timeframe = params.get('timeframe')?.trim().toLowerCase() ?? '';
  const tab = params.get('tab')?.trim().toLowerCase() ?? '';
  const products = (params.get('products') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '' && id.toLowerCase() !== 'all');
  return {
    timeframe: isTimeframe(timeframe) ? timeframe : ANALYTICS_DEFAULT_TIMEFRAME,
    products: [...new Set(products)],
    tab: isTab(tab) ? tab : 'performance',
  };
}

/** `?timeframe=year&products=a,b&tab=quality` without the defaults ('' when all are). */
export function writeAnalyticsSearch(state: AnalyticsSearch): string {
  const params = new URLSearchParams();
  if (state.timeframe !== ANALYTICS_DEFAULT_TIMEFRAME) params.set('timeframe', state.timeframe);
  if (state.products.length) params.set('products', state.products.join(','));
  if (state.tab !== 'performance') params.set('tab', state.tab);
  const query = params.toString();
  return query ? `?${query}` : '';
}
