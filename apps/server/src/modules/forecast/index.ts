import fp from 'fastify-plugin';
import { createFreshCache } from '../../lib/fresh-cache.ts';
import { createForecastRepository } from './forecast.repository.ts';
import { forecastRoutes } from './forecast.routes.ts';
import { createForecastService } from './forecast.service.ts';

/** How long a forecast is served at most without a write, and how many are kept (a roadmap's 300 and more). */
const FORECAST_CACHE = { maxAgeMs: 60_000, maxEntries: 2_000 };

/**
 * Forecasts (issue 32, docs/decisions/061-forecast.md): when a product's open tasks will be done,
 * from its own throughput, and how far off the same method would have been in its past weeks.
 * Cached per product with the fresh cache: any write to tasks outdates it.
 */
export const forecastModule = fp(
  async (app) => {
    const { db, clock } = app;
    const cache = createFreshCache(db, { ...FORECAST_CACHE, now: () => clock.now().getTime() });
    const service = createForecastService({ repo: createForecastRepository(db), cache, clock });
    await app.register(forecastRoutes, { prefix: '/api', service });
  },
  { name: 'forecast', dependencies: ['platform'] },
);
