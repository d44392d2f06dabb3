import { createFreshCache } from '../../lib/fresh-cache.ts';
import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import { createAnalyticsRepository } from './analytics.repository.ts';
import { analyticsRoutes } from './analytics.routes.ts';
import { createAnalyticsService } from './analytics.service.ts';

/** How long computed figures are served at most without a write, and how many keys are kept. */
export const ANALYTICS_CACHE = { maxAgeMs: 5_000, maxEntries: 100 };

/** The analytics read model. */
export function analyticsModule({ db, clock }: ModuleContext): AppModule {
  const cache = createFreshCache(db, { ...ANALYTICS_CACHE, now: () => clock.now().getTime() });
  const service = createAnalyticsService({ analytics: createAnalyticsRepository(db), clock, cache });
  return routesModule(analyticsRoutes, { service });
}
