import fp from 'fastify-plugin';
import { createSearchRepository } from './search.repository.ts';
import { searchRoutes } from './search.routes.ts';
import { createSearchService } from './search.service.ts';

/** Search across products, tasks, comments, events and people (issue 16). */
export const searchModule = fp(
  async (app) => {
    const service = createSearchService({ db: app.db, search: createSearchRepository() });
    await app.register(searchRoutes, { prefix: '/api', service, perMinute: app.config.searchesPerMinute });
  },
  { name: 'search', dependencies: ['platform'] },
);
