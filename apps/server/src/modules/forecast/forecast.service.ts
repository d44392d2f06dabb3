import type { Forecast, ForecastSummary } from '@shipyard/shared';
import type { Clock } from '../../lib/clock.ts';
import type { FreshCache } from '../../lib/fresh-cache.ts';
import { createSharedRoundTrips } from '../../lib/round-trips.ts';
import type { SessionUser } from '../../lib/session.ts';
import { productNotFound, seesVisibleProduct, type Viewer } from '../../lib/visibility.ts';
import { forecastOf, type ProductHistory } from './forecast.model.ts';
import type { ForecastRepository } from './forecast.repository.ts';

type Deps = { repo: ForecastRepository; cache: FreshCache; clock: Clock };

/** Lets the event loop answer other requests between two products' simulations. */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The summary of a forecast: what the roadmap shows, without the distribution and the samples. */
function summaryOf({ distribution: _d, backtest, ...rest }: Forecast): ForecastSummary {
  const { samples: _s, ...figures } = backtest;
  return { ...rest, backtest: figures };
}

export function createForecastService({ repo, cache, clock }: Deps) {
  const today = () => clock.now().toISOString().slice(0, 10);

  // The forecasts computed at the same time (a batch, several requests) read their histories in
  // one round of queries: each product's cache entry asks this loader, which gathers the keys.
  const load = createSharedRoundTrips<string, Forecast>(
    async (keys) => {
      // Keys are `productId:day`; a batch across midnight reads each day's histories apart.
      const histories = new Map<string, ProductHistory>();
      for (const day of new Set(keys.map((k) => k.slice(37)))) {
        const ids = keys.filter((k) => k.slice(37) === day).map((k) => k.slice(0, 36));
        for (const [id, h] of await repo.histories(ids, day)) histories.set(`${id}:${day}`, h);
      }
      const out: Forecast[] = [];
      for (const [i, key] of keys.entries()) {
        if (i > 0) await yieldToLoop();
        const h = histories.get(key);
        if (!h) throw new Error('forecast: history missing');
        out.push(forecastOf(h));
      }
      return out;
    },
    { maxBatch: 300 },
  );

  /** The product's forecast from the cache, computed when a write has outdated it. */
  const forecastFor = (productId: string, check?: Parameters<FreshCache['get']>[2]) => {
    const key = `${productId}:${today()}`;
    return cache.get<Forecast>(`forecast:${key}`, () => load(key), check);
  };

  return {
    /** One product's forecast: 404 unless the viewer sees it (asked in the cache's probe). */
    one(actor: SessionUser, productId: string): Promise<Forecast> {
      const viewer: Viewer = { id: actor.id, role: actor.role };
      return forecastFor(productId, { sql: seesVisibleProduct(viewer, productId), refuse: productNotFound });
    },

    /** The forecasts of those of `ids` the viewer sees, in their order; the others are left out. */
    async batch(actor: SessionUser, ids: readonly string[]): Promise<ForecastSummary[]> {
      const visible = await repo.visibleIds({ id: actor.id, role: actor.role }, ids);
      const all = await Promise.all(visible.map((id) => forecastFor(id)));
      return all.map(summaryOf);
    },
  };
}

export type ForecastService = ReturnType<typeof createForecastService>;
