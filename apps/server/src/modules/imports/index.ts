import fp from 'fastify-plugin';
import { importsRoutes } from './imports.routes.ts';
import { createImportsService } from './imports.service.ts';

/** Task import from CSV and Trello (issue 20, docs/decisions/021-task-import.md). */
export const importsModule = fp(
  async (app) => {
    const service = createImportsService({
      db: app.db,
      changes: app.changes,
      tasks: app.tasks.importer,
      labels: app.labels.importer,
      checklists: app.checklists.importer,
      comments: app.comments.importer,
    });
    await app.register(importsRoutes, { prefix: '/api', service });
  },
  { name: 'imports', dependencies: ['platform', 'tasks', 'labels', 'checklists', 'comments'] },
);
