import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import { healthRoutes } from './health.routes.ts';

/** Liveness and readiness. */
export function healthModule({ db }: ModuleContext): AppModule {
  return routesModule(healthRoutes, { db });
}
