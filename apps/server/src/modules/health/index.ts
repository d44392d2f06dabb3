import { newestMigration } from '../../db/migrate.ts';
import type { Metrics } from '../../lib/metrics.ts';
import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import { healthRoutes } from './health.routes.ts';

/** Liveness, readiness and the metrics behind METRICS_TOKEN. */
export function healthModule({ db, config, metrics }: ModuleContext & { metrics: Metrics }): AppModule {
  return routesModule(healthRoutes, {
    db,
    newestMigration: newestMigration(),
    metrics,
    metricsToken: config.metrics.token,
  });
}
