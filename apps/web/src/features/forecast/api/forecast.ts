import {
  FORECAST_BATCH_MAX,
  type Forecast,
  type ForecastBatch,
  type ForecastSummary,
} from '@shipyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { forecastKeys } from './keys.ts';

// Forecasts' calls (issue 32, docs/decisions/061-forecast.md). A product's card reads its whole
// forecast; the roadmap's rows each ask for their summary, and the asks of one moment go together
// in GET /api/forecasts (at most 300 ids a request).

export const useForecast = (productId: string) =>
  useQuery(
    queryOptions({
      queryKey: forecastKeys.ofProduct(productId),
      queryFn: ({ signal }) =>
        api.get<Forecast>(`/projects/${encodeURIComponent(productId)}/forecast`, { signal }),
      enabled: productId !== '',
    }),
  );

type Waiting = { resolve: (value: ForecastSummary | null) => void; reject: (error: unknown) => void };
const waiting = new Map<string, Waiting[]>();
let scheduled = false;

async function send(ids: string[], asked: Map<string, Waiting[]>) {
  try {
    const { forecasts } = await api.get<ForecastBatch>(`/forecasts?productIds=${ids.join(',')}`);
    const byId = new Map(forecasts.map((f) => [f.product_id, f]));
    for (const id of ids) for (const w of asked.get(id) ?? []) w.resolve(byId.get(id) ?? null);
  } catch (error) {
    for (const id of ids) for (const w of asked.get(id) ?? []) w.reject(error);
  }
}

function flush() {
  scheduled = false;
  const asked = new Map(waiting);
  waiting.clear();
  const ids = [...asked.keys()];
  for (let i = 0; i < ids.length; i += FORECAST_BATCH_MAX)
    void send(ids.slice(i, i + FORECAST_BATCH_MAX), asked);
}

/** A product's summary, asked with those of the same moment (null: not in sight). */
function loadForecastSummary(productId: string): Promise<ForecastSummary | null> {
  return new Promise((resolve, reject) => {
    const list = waiting.get(productId) ?? [];
    list.push({ resolve, reject });
    waiting.set(productId, list);
    if (!scheduled) {
      scheduled = true;
      setTimeout(flush, 0);
    }
  });
}

export const useForecastSummary = (productId: string) =>
  useQuery(
    queryOptions({
      queryKey: forecastKeys.summary(productId),
      queryFn: () => loadForecastSummary(productId),
      staleTime: 30_000,
    }),
  );
