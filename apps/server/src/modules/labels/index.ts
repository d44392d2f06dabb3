import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import { createLabelsRepository } from './labels.repository.ts';
import { labelsRoutes } from './labels.routes.ts';
import { createLabelsService } from './labels.service.ts';

/** Product labels and the labels of tasks (issue 15). */
export function labelsModule({
  db,
  changes,
  activities,
}: ModuleContext & { activities: ActivityRecorder }): AppModule {
  const service = createLabelsService({ db, labels: createLabelsRepository(db), activities, changes });
  return routesModule(labelsRoutes, { service });
}
