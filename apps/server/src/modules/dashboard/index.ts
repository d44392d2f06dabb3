import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import { createDashboardRepository } from './dashboard.repository.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { createDashboardService } from './dashboard.service.ts';

/** The dashboard read model. */
export function dashboardModule({ db, clock }: ModuleContext): AppModule {
  const service = createDashboardService({ dashboard: createDashboardRepository(db), clock });
  return routesModule(dashboardRoutes, { service });
}
