import fp from 'fastify-plugin';
import { createViewsRepository } from './views.repository.ts';
import { viewsRoutes } from './views.routes.ts';
import { createViewsService } from './views.service.ts';

/** Saved views of the task list (issue 28): personal or shared with a product, pinned, counted. */
export const viewsModule = fp(
  async (app) => {
    const service = createViewsService({
      db: app.db,
      views: createViewsRepository(app.db),
      changes: app.changes,
      countTasks: app.tasks.count,
    });
    await app.register(viewsRoutes, { prefix: '/api', service });
  },
  { name: 'views', dependencies: ['platform', 'tasks'] },
);
