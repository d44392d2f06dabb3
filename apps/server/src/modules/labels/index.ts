import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import { createLabelsRepository, type LabelsRepository } from './labels.repository.ts';
import { labelsRoutes } from './labels.routes.ts';
import { createLabelsService, type LabelsService } from './labels.service.ts';

/**
 * What the imports module writes through, inside its own transaction: the product's labels, new
 * labels, and labels put on new tasks. Permission checks are the caller's.
 */
export type LabelImporter = Pick<LabelsRepository, 'namesOfProduct' | 'insertMany' | 'attachMany'>;

/** Product labels and the labels of tasks (issue 15). `ofTask` is what the task's page reads with the task. */
export function labelsModule({
  db,
  changes,
  activities,
}: ModuleContext & { activities: ActivityRecorder }): AppModule & {
  ofTask: LabelsService['ofSeenTask'];
  importer: LabelImporter;
} {
  const labels = createLabelsRepository(db);
  const service = createLabelsService({ db, labels, activities, changes });
  const { namesOfProduct, insertMany, attachMany } = labels;
  return {
    ofTask: service.ofSeenTask,
    importer: { namesOfProduct, insertMany, attachMany },
    ...routesModule(labelsRoutes, { service }),
  };
}
