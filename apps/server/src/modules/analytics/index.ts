import fp from 'fastify-plugin';
import { createFreshCache } from '../../lib/fresh-cache.ts';
import { createAnalyticsRepository } from './analytics.repository.ts';
import { analyticsRoutes } from './analytics.routes.ts';
import { createAnalyticsService } from './analytics.service.ts';

/** How long computed figures are served at most without a write, and how many keys are kept. */
const ANALYTICS_CACHE = { maxAgeMs: 5_000, maxEntries: 100 };

/** The analytics read model. */
export const analyticsModule = fp(
  async (app) => {
    const { db, clock } = app;
    const cache = createFreshCache(db, { ...ANALYTICS_CACHE, now: () => clock.now().getTime() });
    const service = createAnalyticsService({ analytics: createAnalyticsRepository(db), clock, cache });
    await app.register(analyticsRoutes, { prefix: '/api', service });
  },
  { name: 'analytics', dependencies: ['platform'] },
);
