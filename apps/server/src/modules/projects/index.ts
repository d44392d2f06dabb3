import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import type { DocumentFiles } from '../documents/index.ts';
import type { WebhookOutbox } from '../services/index.ts';
import { createProjectsRepository } from './projects.repository.ts';
import { projectsRoutes } from './projects.routes.ts';
import { createProjectsService } from './projects.service.ts';

type Deps = ModuleContext & { activities: ActivityRecorder; files: DocumentFiles; outbox: WebhookOutbox };

/** Products (served under /api/projects). */
export function projectsModule({ db, changes, activities, files, outbox }: Deps): AppModule {
  const service = createProjectsService({
    db,
    projects: createProjectsRepository(db),
    activities,
    files,
    outbox,
    changes,
  });
  return routesModule(projectsRoutes, { service });
}
