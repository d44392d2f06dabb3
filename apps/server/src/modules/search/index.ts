import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import { createSearchRepository } from './search.repository.ts';
import { searchRoutes } from './search.routes.ts';
import { createSearchService } from './search.service.ts';

/** Search across products, tasks, comments, events and people (issue 16). */
export function searchModule({ db, config }: ModuleContext): AppModule {
  const service = createSearchService({ db, search: createSearchRepository() });
  return routesModule(searchRoutes, { service, perMinute: config.searchesPerMinute });
}
