import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import type { ActivityRecorder } from './activities.recorder.ts';
import { createActivitiesRepository } from './activities.repository.ts';
import { activitiesRoutes } from './activities.routes.ts';
import { createActivitiesService } from './activities.service.ts';

export type { ActivityRecorder } from './activities.recorder.ts';

/** The activity log; `recorder` is what other modules use to write to it. */
export function activitiesModule({
  db,
  clock,
  changes,
}: ModuleContext): AppModule & { recorder: ActivityRecorder } {
  const activities = createActivitiesRepository(db);
  const service = createActivitiesService({ db, activities, changes });
  return {
    recorder: activities,
    ...routesModule(activitiesRoutes, { service, clock }),
  };
}
