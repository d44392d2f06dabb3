import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import { createLabelsRepository } from './labels.repository.ts';
import { labelsRoutes } from './labels.routes.ts';
import { createLabelsService, type LabelsService } from './labels.service.ts';

/** Product labels and the labels of tasks (issue 15). `ofTask` is what the task's page reads with the task. */
export function labelsModule({
  db,
  changes,
  activities,
}: ModuleContext & { activities: ActivityRecorder }): AppModule & { ofTask: LabelsService['ofSeenTask'] } {
  const service = createLabelsService({ db, labels: createLabelsRepository(db), activities, changes });
  return { ofTask: service.ofSeenTask, ...routesModule(labelsRoutes, { service }) };
}
