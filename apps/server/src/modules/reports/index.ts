import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import { createReportsRepository } from './reports.repository.ts';
import { reportsRoutes } from './reports.routes.ts';
import { createReportsService } from './reports.service.ts';

/** The reports read model. */
export function reportsModule({ db, clock, audit }: ModuleContext): AppModule {
  const service = createReportsService({ reports: createReportsRepository(db), clock });
  return routesModule(reportsRoutes, { service, audit });
}
