import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import { createChecklistsRepository } from './checklists.repository.ts';
import { checklistsRoutes } from './checklists.routes.ts';
import { type ChecklistsService, createChecklistsService } from './checklists.service.ts';

/** Tasks' checklists (issue 15). `ofTask` is what the task's page reads with the task. */
export function checklistsModule({ db, changes }: ModuleContext): AppModule & {
  ofTask: ChecklistsService['ofSeenTask'];
} {
  const service = createChecklistsService({ db, checklists: createChecklistsRepository(db), changes });
  return { ofTask: service.ofSeenTask, ...routesModule(checklistsRoutes, { service }) };
}
