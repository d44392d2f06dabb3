import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import { type ChecklistsRepository, createChecklistsRepository } from './checklists.repository.ts';
import { checklistsRoutes } from './checklists.routes.ts';
import { type ChecklistsService, createChecklistsService } from './checklists.service.ts';

export { POSITION_STEP } from './checklists.service.ts';

/** What the imports module writes through, in its transaction: new tasks' checklist items. */
export type ChecklistImporter = Pick<ChecklistsRepository, 'insertMany'>;

/** Tasks' checklists (issue 15). `ofTask` is what the task's page reads with the task. */
export function checklistsModule({ db, changes }: ModuleContext): AppModule & {
  ofTask: ChecklistsService['ofSeenTask'];
  importer: ChecklistImporter;
} {
  const checklists = createChecklistsRepository(db);
  const service = createChecklistsService({ db, checklists, changes });
  return {
    ofTask: service.ofSeenTask,
    importer: { insertMany: checklists.insertMany },
    ...routesModule(checklistsRoutes, { service }),
  };
}
