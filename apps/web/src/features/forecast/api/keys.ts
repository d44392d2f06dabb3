import { queryRoots } from '../../../lib/query-keys.ts';

// The query keys of forecasts (issue 32), for its realtime listener and for app/.
export const forecastKeys = {
  all: queryRoots.forecast,
  /** One product's whole forecast (the Overview's card). */
  ofProduct: (productId: string) => [...queryRoots.forecast, 'product', productId] as const,
  /** One product's summary, read in batches (the roadmap's rows). */
  summary: (productId: string) => [...queryRoots.forecast, 'summary', productId] as const,
};
