import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import { createChecklistsRepository } from './checklists.repository.ts';
import { checklistsRoutes } from './checklists.routes.ts';
import { createChecklistsService } from './checklists.service.ts';

/** Tasks' checklists (issue 15). */
export function checklistsModule({ db, changes }: ModuleContext): AppModule {
  const service = createChecklistsService({ db, checklists: createChecklistsRepository(db), changes });
  return routesModule(checklistsRoutes, { service });
}
