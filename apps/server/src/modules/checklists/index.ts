import fp from 'fastify-plugin';
import { type ChecklistsRepository, createChecklistsRepository } from './checklists.repository.ts';
import { checklistsRoutes } from './checklists.routes.ts';
import { createChecklistsService } from './checklists.service.ts';

export { POSITION_STEP } from './checklists.service.ts';

/**
 * What the imports module writes through, in its transaction: new tasks' checklist items; and what
 * templates read of a task's checklist (issue 29).
 */
export type ChecklistImporter = Pick<ChecklistsRepository, 'insertMany' | 'items'>;

declare module 'fastify' {
  interface FastifyInstance {
    checklists: { importer: ChecklistImporter };
  }
}

/** Tasks' checklists (issue 15); the checklist is a section of the task's page. */
export const checklistsModule = fp(
  async (app) => {
    const checklists = createChecklistsRepository(app.db);
    const service = createChecklistsService({ db: app.db, checklists, changes: app.changes });
    app.tasks.addPageSection('checklist', service.ofSeenTask);
    app.decorate('checklists', { importer: { insertMany: checklists.insertMany, items: checklists.items } });
    app.tasks.onCopy(checklists.copyUnticked);
    await app.register(checklistsRoutes, { prefix: '/api', service });
  },
  { name: 'checklists', dependencies: ['platform', 'tasks'] },
);
