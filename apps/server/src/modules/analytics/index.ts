import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import { createAnalyticsRepository } from './analytics.repository.ts';
import { analyticsRoutes } from './analytics.routes.ts';
import { createAnalyticsService } from './analytics.service.ts';

/** The analytics read model. */
export function analyticsModule({ db, clock }: ModuleContext): AppModule {
  const service = createAnalyticsService({ analytics: createAnalyticsRepository(db), clock });
  return routesModule(analyticsRoutes, { service });
}
